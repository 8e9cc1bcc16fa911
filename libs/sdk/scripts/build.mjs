// Builds the SDK twice from src/: ES modules into dist/esm and CommonJS into dist/cjs, each with
// its type declarations and a package.json that tells Node which module system the folder uses.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const builds = [
  { dir: 'esm', type: 'module', flags: ['--module', 'es2022', '--moduleResolution', 'bundler'] },
  { dir: 'cjs', type: 'commonjs', flags: [] }, // nodenext in a package without "type": CommonJS
];

rmSync(join(root, 'dist'), { recursive: true, force: true });
for (const { dir, type, flags } of builds) {
  const outDir = join(root, 'dist', dir);
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.json'), '--outDir', outDir, ...flags], {
    stdio: 'inherit',
  });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'package.json'), JSON.stringify({ type }) + '\n');
}
