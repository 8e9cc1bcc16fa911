import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { INestApplication } from '@nestjs/common';
import { openToolServers } from '@app/assistants';
import { PrismaService } from '@app/db';
import { newId, SecretBox } from '@app/platform';
import { createWorkspace, startGateway } from '../support/gateway';
import { isolateSuite } from '../support/isolation';
import { spawnApp } from '../support/processes';

const run = promisify(execFile);

/** Issue 23 (points 5, 11): clear secrets of old rows get sealed; every app's /metrics needs the token. */
describe('operator surfaces', () => {
  let cleanup: () => Promise<void>;
  let gateway: INestApplication;

  beforeAll(async () => {
    cleanup = await isolateSuite('operators');
    gateway = await startGateway();
  });
  afterAll(async () => {
    await gateway.close();
    await cleanup();
  });

  it("the engine's and dispatcher's /metrics answer only with METRICS_TOKEN, and not at all without one", async () => {
    for (const app of ['call-engine', 'webhook-dispatcher'] as const) {
      const open = await spawnApp(app, { METRICS_TOKEN: '' });
      const closed = await spawnApp(app, { METRICS_TOKEN: 'operator-scrape' });
      try {
        const at = (p: { port: number }, headers: Record<string, string> = {}) =>
          fetch(`http://127.0.0.1:${p.port}/metrics`, { headers });
        expect((await at(open)).status).toBe(404);
        expect((await fetch(`http://127.0.0.1:${open.port}/health/live`)).status).toBe(200);
        expect((await at(closed)).status).toBe(401);
        expect((await at(closed, { authorization: 'Bearer wrong' })).status).toBe(401);
        const ok = await at(closed, { authorization: 'Bearer operator-scrape' });
        expect(ok.status).toBe(200);
        expect(await ok.text()).toMatch(/process_cpu_seconds_total/);
      } finally {
        await Promise.all([open.kill(), closed.kill()]);
      }
    }
  });

  it('cli migrate encrypts MCP tool-server header values stored in clear, and they still open', async () => {
    const ws = await createWorkspace(gateway, 'sealing');
    const prisma = gateway.get(PrismaService);
    const clear = [
      { type: 'mcp', name: 'crm', url: 'https://crm.example.com/mcp', headers: { Authorization: 'Bearer old' } },
    ];
    const { id } = await prisma.assistant.create({
      data: { id: newId('assistant'), workspaceId: ws.workspaceId, name: 'Old', language: 'en', tools: clear },
    });
    const cli = join(__dirname, '../../dist/apps/cli/src/main.js');
    const { stderr } = await run(process.execPath, [cli, 'migrate'], { env: process.env });
    expect(stderr).toMatch(/encrypted the tool-server headers of 1 assistant/);
    const row = await prisma.assistant.findUniqueOrThrow({ where: { id } });
    expect(JSON.stringify(row.tools)).not.toContain('Bearer old');
    expect(openToolServers(row.tools, gateway.get(SecretBox))).toEqual(clear);
    // a second run has nothing left to do
    expect((await run(process.execPath, [cli, 'migrate'], { env: process.env })).stderr).not.toMatch(/encrypted/);
  });

  it('cli key list escapes what a name could forge a row with, and key create refuses such a name', async () => {
    const ws = await createWorkspace(gateway, 'escaping');
    const forged = 'x\u001b[2K\r\nkey_forged\tops-root\towner';
    // written as a row written before names were checked would be
    await gateway.get(PrismaService).apiKey.updateMany({ where: { id: ws.keyIds.viewer }, data: { name: forged } });
    const cli = join(__dirname, '../../dist/apps/cli/src/main.js');
    const { stdout } = await run(process.execPath, [cli, 'key', 'list', '--workspace', ws.workspaceId], {
      env: process.env,
    });
    const rows = stdout.trim().split('\n');
    expect(rows).toHaveLength(4);
    const mine = rows.find((r) => r.startsWith(ws.keyIds.viewer))!;
    expect(mine.split('\t')).toHaveLength(6);
    expect(mine).toContain('x\\u001b[2K\\u000d\\u000akey_forged\\u0009ops-root\\u0009owner');
    const refused = run(
      process.execPath,
      [cli, 'key', 'create', '--workspace', ws.workspaceId, '--name', forged, '--role', 'viewer'],
      { env: process.env },
    );
    await expect(refused).rejects.toMatchObject({ stderr: expect.stringMatching(/control/) });
  });
});
