import { execFile } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

type Message = { ruleId: string; message: string };

/** The messages of the project's lint rules for each code as if it stood at its file (one ESLint run). */
function lintAll(inputs: { file: string; code: string }[]): Promise<Message[][]> {
  return new Promise((resolve, reject) => {
    const script = join(__dirname, 'lint-cases.mjs');
    const child = execFile(process.execPath, [script], { cwd: ROOT, maxBuffer: 1 << 24 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`${err.message}\n${stderr}`));
      resolve(JSON.parse(stdout) as Message[][]);
    });
    child.stdin!.end(JSON.stringify(inputs));
  });
}

/**
 * The lint rules that keep the house in order (eslint.config.mjs): each rejects a deliberate
 * violation and lets the allowed form through.
 */
describe('module boundaries (lint)', () => {
  const cases: [string, string, RegExp | null][] = [
    // Only the call-engine may import the call-status writer.
    [
      'apps/api-gateway/src/calls/x.ts',
      "import { CallLifecycleRepository } from '@app/calls/lifecycle';",
      /call-engine/,
    ],
    ['apps/webhook-dispatcher/src/x.ts', "import { nextStep } from '@app/calls/lifecycle';", /call-engine/],
    ['libs/webhooks/src/x.ts', "import { CallLifecycleRepository } from '@app/calls/lifecycle';", /call-engine/],
    ['apps/call-engine/src/lifecycle/x.ts', "import { CallLifecycleRepository } from '@app/calls/lifecycle';", null],
    // Another domain's internals, by alias or by relative path.
    [
      'apps/api-gateway/src/x.ts',
      "import { retryDelayMs } from '@app/webhooks/delivery/retry-policy';",
      /public entry/,
    ],
    [
      'apps/api-gateway/src/x.ts',
      "import { x } from '../../../libs/webhooks/src/delivery/retry-policy';",
      /public entry/,
    ],
    ['libs/webhooks/src/x.ts', "import { LIVE_STATUSES } from '../../calls/src/call-status';", /public entry/],
    // Another app.
    [
      'apps/api-gateway/src/x.ts',
      "import { EngineModule } from '../../call-engine/src/engine.module';",
      /public entry/,
    ],
    // Prisma only through @app/db.
    ['apps/api-gateway/src/x.ts', "import { PrismaClient } from '@prisma/client';", /@app\/db/],
    ['libs/calls/src/x.ts', "import { Call } from '../../db/src/generated/prisma/client';", /@app\/db/],
    // The allowed forms.
    ['apps/api-gateway/src/x.ts', "import { CallsRepository } from '@app/calls';", null],
    ['libs/webhooks/src/x.ts', "import { EVENT_NAMES } from '@app/calls';", null],
    // Domains are layers: calls sit below assistants and campaigns (no cycle between them).
    ['libs/calls/src/x.ts', "import { AssistantsRepository } from '@app/assistants';", /sits below/],
    ['libs/calls/src/lifecycle/x.ts', "import type { McpToolServer } from '@app/assistants';", /sits below/],
    ['libs/calls/src/x.ts', "import { CampaignsRepository } from '@app/campaigns';", /sits below/],
    ['libs/assistants/src/x.ts', "import { ScriptStep } from '@app/calls';", null],
    // The second entries: the HTTP pieces of the platform, the words calls are described with.
    ['apps/api-gateway/src/x.ts', "import { httpAdapter } from '@app/platform/http';", null],
    ['libs/assistants/src/x.ts', "import { LIVE_STATUSES } from '@app/calls/vocabulary';", null],
    ['apps/api-gateway/src/x.ts', "import { httpAdapter } from '@app/platform/http/fastify';", /public entry/],
  ];

  const logging: [string, RegExp | null][] = [
    ['this.logger.warn(`call ${id} failed`);', /structured object/],
    ['logger.log(`up on ${port}`);', /structured object/],
    ["this.logger.warn({ callId: id, msg: 'failed' });", null],
  ];
  const logged = (code: string) =>
    `declare const logger: any, id: string, port: number;\n${code}\nexport const used = 1;\n`;
  let results: Message[][];
  beforeAll(async () => {
    results = await lintAll([
      ...cases.map(([file, code]) => ({ file, code: `${code}\nexport const used = 1;\n` })),
      ...logging.map(([code]) => ({ file: 'libs/calls/src/x.ts', code: logged(code) })),
    ]);
  }, 120_000);
  const of = (i: number, rule: string) => results[i].filter((m) => m.ruleId === rule).map((m) => m.message);

  it.each(cases.map((c, i) => [...c, i] as const))('%s: %s', (_file, _code, expected, i) => {
    const messages = of(i, 'no-restricted-imports');
    if (expected === null) expect(messages).toEqual([]);
    else expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
  });

  it.each(logging.map((c, i) => [...c, cases.length + i] as const))('logging: %s', (_code, expected, i) => {
    const messages = of(i, 'no-restricted-syntax');
    if (expected === null) expect(messages).toEqual([]);
    else expect(messages).toEqual([expect.stringMatching(expected)]);
  });
});
