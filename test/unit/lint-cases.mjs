// Lints [{file, code}, …] read from stdin with the project's own ESLint config, as if each code
// stood at its file, in one process (one ESLint start instead of one per case); prints, per
// case, its messages as JSON.
import { ESLint } from 'eslint';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({ overrideConfig: { rules: { 'no-unused-vars': 'off' } } });
const results = [];
for (const { file, code } of JSON.parse(input)) {
  const [report] = await eslint.lintText(code, { filePath: file });
  results.push(report.messages.map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(results));
