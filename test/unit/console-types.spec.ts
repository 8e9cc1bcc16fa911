import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../..');
const CONSOLE = join(ROOT, 'apps/console/src');

function sources(dir = CONSOLE, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sources(path, found);
    else if (/\.tsx?$/.test(entry.name)) found.push(path);
  }
  return found;
}

/**
 * Issue 28: the console's API shapes come from the gateway's OpenAPI document (the SDK's generated
 * types, through apps/console/src/api-types.ts); a shape written by hand drifts from the API (the
 * call page's Timeline once read a field the API does not send).
 */
describe('the console has no hand-written API types', () => {
  const offending = (pattern: RegExp) =>
    sources().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ at: `${relative(ROOT, file)}:${i + 1}`, line }))
        .filter(({ line }) => pattern.test(line)),
    );

  it('declares no interface and no object type of its own', () => {
    expect(offending(/^\s*(export\s+)?(interface\s|type\s+\w+\s*=\s*\{)/)).toEqual([]);
  });

  it('names every answer it asks the API for by its schema', () => {
    // api<{ … }> or useState<{ … }> would describe an answer by hand
    expect(offending(/\b(api|useState)<\s*\{/)).toEqual([]);
  });

  it('takes its types from the generated OpenAPI types', () => {
    const types = readFileSync(join(CONSOLE, 'api-types.ts'), 'utf8');
    expect(types).toMatch(/from '@voicecalls\/sdk\/api-types'/);
    const tsconfig = JSON.parse(readFileSync(join(ROOT, 'apps/console/tsconfig.json'), 'utf8'));
    expect(tsconfig.compilerOptions.paths['@voicecalls/sdk/api-types']).toEqual([
      '../../libs/sdk/src/api-types.generated.ts',
    ]);
  });
});
