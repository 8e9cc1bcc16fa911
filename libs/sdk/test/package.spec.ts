import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const sdk = join(__dirname, '..');
const root = join(sdk, '..', '..');

/** The published package: what `npm pack` holds, and that both module systems can install and use it. */
describe('the SDK package', () => {
  let tarball: string;
  let files: string[];
  let scratch: string;

  beforeAll(async () => {
    const out = mkdtempSync(join(tmpdir(), 'sdk-pack-'));
    // npm pack runs the package's prepack: the ESM and CommonJS builds
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', out], { cwd: sdk });
    const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
    tarball = join(out, packed.filename);
    files = packed.files.map((f) => f.path);

    scratch = mkdtempSync(join(tmpdir(), 'sdk-scratch-'));
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true }));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], {
      cwd: scratch,
    });
  }, 120_000);

  it('holds only the builds, their types, README and package.json', () => {
    const other = files.filter(
      (f) => !/^dist\/(esm|cjs)\/.+\.(js|d\.ts)$/.test(f) && !/^dist\/(esm|cjs)\/package\.json$/.test(f),
    );
    expect(other.sort()).toEqual(['README.md', 'package.json']);
    for (const build of ['esm', 'cjs']) {
      expect(files).toEqual(expect.arrayContaining([`dist/${build}/index.js`, `dist/${build}/index.d.ts`]));
    }
  });

  it('installs from the tarball and loads with require and with import', async () => {
    const use = `
      const client = new sdk.VoiceClient({ apiKey: 'vk_x', baseUrl: 'http://127.0.0.1:9' });
      const errors = [sdk.ApiError, sdk.RateLimitError, sdk.WebhookVerificationError].map((c) => c.name);
      console.log(JSON.stringify({ calls: typeof client.calls.start, stream: typeof client.events.stream,
        verify: typeof sdk.verifyWebhook, errors }));`;
    const expected = {
      calls: 'function',
      stream: 'function',
      verify: 'function',
      errors: ['ApiError', 'RateLimitError', 'WebhookVerificationError'],
    };
    const cjs = await run(process.execPath, ['-e', `const sdk = require('@voicecalls/sdk');${use}`], {
      cwd: scratch,
    });
    expect(JSON.parse(cjs.stdout)).toEqual(expected);
    const esm = await run(
      process.execPath,
      ['--input-type=module', '-e', `import * as sdk from '@voicecalls/sdk';${use}`],
      { cwd: scratch },
    );
    expect(JSON.parse(esm.stdout)).toEqual(expected);
  });

  it('type-checks in an ES module and a CommonJS module of a consumer', async () => {
    const source = `import { VoiceClient, isEvent, verifyWebhook, type Call } from '@voicecalls/sdk';
      const client = new VoiceClient({ apiKey: 'vk_x', baseUrl: 'https://voice.example.com' });
      export async function main(rawBody: string, headers: Record<string, string>): Promise<number> {
        const call: Call = await client.calls.get('call_1');
        const event = verifyWebhook(rawBody, headers, { secret: 'whsec_x' });
        if (isEvent(event, 'call.completed')) return event.data.durationSec;
        return call.durationSec ?? 0;
      }`;
    // the same source as an ES module (.mts) and as CommonJS (.cts): each resolves its own build and types
    for (const file of ['esm.mts', 'cjs.cts']) writeFileSync(join(scratch, file), source);
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const flags = ['--noEmit', '--strict', '--module', 'nodenext', '--types', 'node', '--typeRoots'];
    await run(process.execPath, [tsc, ...flags, join(root, 'node_modules', '@types'), 'esm.mts', 'cjs.cts'], {
      cwd: scratch,
    });
  });
});
