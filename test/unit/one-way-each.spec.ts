import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../..');

/** Every TypeScript source of apps/ and libs/ (generated files and tests aside), relative to the root. */
function sources(dir = join(ROOT, 'apps'), found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && !['node_modules', 'generated', 'dist'].includes(entry.name)) sources(path, found);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.includes('.generated.'))
      found.push(relative(ROOT, path));
  }
  return found;
}
const files = [...sources(), ...sources(join(ROOT, 'libs'))];
const holding = (text: string | RegExp) =>
  files.filter((f) => {
    const source = readFileSync(join(ROOT, f), 'utf8');
    return typeof text === 'string' ? source.includes(text) : text.test(source);
  });

/** Issue 24: the things done one way, each in one named place. */
describe('one way each', () => {
  it('one place inserts calls: the admission writer', () => {
    expect(holding('INSERT INTO "Call"')).toEqual(['libs/calls/src/admission/call-admission.ts']);
    expect(holding(/\.call\.create(Many)?\(/)).toEqual([]);
  });

  it('only platform (config, logging, secrets) and the database module are global', () => {
    expect(holding('@Global()').every((f) => f.startsWith('libs/platform/') || f.startsWith('libs/db/'))).toBe(true);
  });

  it('config is read only through AppConfig (loadConfig in the config module alone)', () => {
    expect(holding('loadConfig(').sort()).toEqual([
      'libs/platform/src/config/app-config.ts',
      'libs/platform/src/config/config.module.ts',
    ]);
  });

  it('one map spells a call status: no inline conversion between the two spellings', () => {
    expect(holding(/status\.replace\(['"][-_]/)).toEqual([]);
  });
});
