// Generates src/api-types.generated.ts from the service's OpenAPI document, or with --check fails
// when the committed file differs from what the document gives (CI runs the check on the served
// document: test/e2e/sdk.e2e-spec.ts).
//   node libs/sdk/scripts/generate-types.mjs [--check] [URL or file of openapi.json]
// The default source is the quick start's gateway: http://127.0.0.1:3000/openapi.json.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'api-types.generated.ts');
const args = process.argv.slice(2);
const check = args.includes('--check');
const source = args.find((a) => a !== '--check') ?? 'http://127.0.0.1:3000/openapi.json';

const document = /^https?:\/\//.test(source)
  ? await (await fetch(source)).json()
  : JSON.parse(readFileSync(source, 'utf8'));
const header =
  "// Generated from the service's /openapi.json by libs/sdk/scripts/generate-types.mjs (npm run sdk:types).\n" +
  '// Do not edit: CI fails when this file and the served document differ.\n';
// Defaults apply to what a request leaves out: such fields stay optional. Sorted, so that the order in
// which the gateway registered routes and schemas does not matter.
const text = header + astToString(await openapiTS(document, { defaultNonNullable: false, alphabetize: true }));

if (!check) {
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
} else if (readFileSync(target, 'utf8') !== text) {
  const committed = readFileSync(target, 'utf8').split('\n');
  const fresh = text.split('\n');
  const line = fresh.findIndex((l, i) => l !== committed[i]);
  console.error(
    `libs/sdk/src/api-types.generated.ts differs from ${source} from line ${line + 1}:\n` +
      `  committed: ${committed[line] ?? '(end of file)'}\n  served:    ${fresh[line] ?? '(end of file)'}\n` +
      'Regenerate with: npm run sdk:types (against a running gateway), then commit the file.',
  );
  process.exit(1);
} else {
  console.log('SDK types match the OpenAPI document');
}
