import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { PrismaService } from '@app/db';
import { as, expectError, startGateway } from '../support/gateway';
import { waitFor } from '../support/isolation';

const run = promisify(execFile);
const root = join(__dirname, '..', '..');

/** The operator CLI exactly as README documents it: `npm run -s cli -- …`, output fit for scripts. */
async function cli(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '-s', 'cli', '--', ...args], { cwd: root, env: process.env });
    return { stdout, stderr, code: 0 };
  } catch (e) {
    const err = e as { stdout: string; stderr: string; code: number };
    return { stdout: err.stdout, stderr: err.stderr, code: err.code };
  }
}

describe('operator CLI', () => {
  let app: INestApplication;
  const name = `cli-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    if (!existsSync(join(root, 'dist/apps/cli/src/main.js')))
      throw new Error('build first: npm run build (scripts/test.sh does)');
    app = await startGateway();
  });
  afterAll(() => app.close());

  it('workspace create prints the id alone; key create prints the key alone; the key works with its role', async () => {
    const ws = await cli('workspace', 'create', name);
    expect(ws.code).toBe(0);
    expect(ws.stdout).toMatch(/^ws_[0-9a-z]{26}\n$/);
    const workspaceId = ws.stdout.trim();

    const key = await cli('key', 'create', '--workspace', name, '--name', 'ops', '--role', 'member');
    expect(key.code).toBe(0);
    expect(key.stdout).toMatch(/^vk_[A-Za-z0-9_-]{43}\n$/);
    const member = key.stdout.trim();
    expect((await as(app, member).get('/api/core/voice/call/list')).status).toBe(200);
    expectError(await as(app, member).post('/api/core/voice/agent', { name: 'x' }), 403);

    const byId = await cli('key', 'create', '--workspace', workspaceId, '--name', 'admin ops', '--role', 'admin');
    expect((await as(app, byId.stdout.trim()).post('/api/core/voice/agent', { name: 'x' })).status).toBe(201);
  });

  it('workspace limits shows and sets the live-call limit and the inbound reserve; the API reports them', async () => {
    const shown = await cli('workspace', 'limits', name);
    expect(JSON.parse(shown.stdout)).toEqual({ liveCallLimit: 10, reservedForInbound: 2 });
    const set = await cli('workspace', 'limits', name, '--live-calls', '25', '--reserved-for-inbound', '5');
    expect(JSON.parse(set.stdout)).toEqual({ liveCallLimit: 25, reservedForInbound: 5 });
    const key = (await cli('key', 'create', '--workspace', name, '--name', 'view', '--role', 'viewer')).stdout.trim();
    const res = await as(app, key).get('/api/core/voice/concurrency');
    expect(res.body).toEqual({ limit: 25, live: 0, reservedForInbound: 5 });
    const bad = await cli('workspace', 'limits', name, '--live-calls', 'many');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/whole number/);
  });

  it('workspace create --live-calls --admin-key: the id, then an admin key that works, the limit set', async () => {
    const made = await cli('workspace', 'create', `${name}-scripted`, '--live-calls', '40', '--admin-key', 'setup');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^ws_[0-9a-z]{26}\nvk_[A-Za-z0-9_-]{43}\n$/);
    const admin = made.stdout.split('\n')[1];
    expect((await as(app, admin).post('/api/core/voice/agent', { name: 'x' })).status).toBe(201);
    expect((await as(app, admin).get('/api/core/voice/concurrency')).body).toEqual({
      limit: 40,
      live: 0,
      reservedForInbound: 2,
    });
    const badLabel = await cli('workspace', 'create', `${name}-bad`, '--admin-key', 'a\u202eb');
    expect(badLabel.code).not.toBe(0);
    expect(badLabel.stderr).toMatch(/--admin-key must not contain control/);
    expect((await cli('workspace', 'limits', `${name}-bad`)).stderr).toMatch(/not found/);
  });

  it('workspace create with several names: each id then its key, in order; a taken one creates none', async () => {
    const [one, two] = [`${name}-one`, `${name}-two`];
    const made = await cli('workspace', 'create', one, two, '--live-calls', '30', '--admin-key', 'bulk');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^(ws_[0-9a-z]{26}\nvk_[A-Za-z0-9_-]{43}\n){2}$/);
    const lines = made.stdout.split('\n');
    const workspaces = app.get(PrismaService).workspace;
    for (const [i, ws] of [one, two].entries()) {
      expect((await workspaces.findUniqueOrThrow({ where: { id: lines[2 * i] } })).name).toBe(ws);
      expect((await as(app, lines[2 * i + 1]).get('/api/core/voice/concurrency')).body.limit).toBe(30);
    }
    const repeated = await cli('workspace', 'create', `${name}-three`, two, `${name}-three`);
    expect(repeated.code).not.toBe(0);
    expect(repeated.stderr).toMatch(/named twice/);
    const taken = await cli('workspace', 'create', `${name}-three`, two);
    expect(taken.code).not.toBe(0);
    expect(taken.stderr).toMatch(new RegExp(`'${two}' already exists`));
    expect(await workspaces.count({ where: { name: `${name}-three` } })).toBe(0);
  });

  it('workspace retention sets how long transcripts and recordings are kept, or keeps them', async () => {
    expect(JSON.parse((await cli('workspace', 'retention', name, '--media-days', '30')).stdout)).toEqual({
      mediaRetentionDays: 30,
    });
    expect(JSON.parse((await cli('workspace', 'retention', name, '--keep-media')).stdout)).toEqual({
      mediaRetentionDays: null,
    });
    const neither = await cli('workspace', 'retention', name);
    expect(neither.code).not.toBe(0);
    expect(neither.stderr).toMatch(/--media-days <n> and --keep-media/);
  });

  it('loads no HTTP server, queue or outbound HTTP library: it serves, enqueues and calls nothing', async () => {
    // Through the libraries' barrels each run loaded Fastify, BullMQ and undici: a third of its 1.6 s start.
    const listLoaded = join(mkdtempSync(join(tmpdir(), 'cli-loads-')), 'list-loaded.js');
    writeFileSync(listLoaded, "process.on('exit', () => console.log(JSON.stringify(Object.keys(require.cache))));");
    const main = join(root, 'dist/apps/cli/src/main.js');
    const { stdout } = await run(process.execPath, ['-r', listLoaded, main, 'history', 'partitions'], {
      cwd: root,
      env: process.env,
    });
    const loaded = JSON.parse(stdout.trim().split('\n').at(-1)!) as string[];
    expect(loaded.some((f) => f.includes('/node_modules/@prisma/'))).toBe(true);
    const heavy = /\/node_modules\/(fastify|@nestjs\/platform-fastify|bullmq|@nestjs\/bullmq|undici|body-parser)\//;
    expect(loaded.filter((f) => heavy.test(f))).toEqual([]);
  });

  it('history partitions lists the monthly partitions; history maintain finds nothing to do today', async () => {
    const rows = (await cli('history', 'partitions')).stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(rows).toHaveLength(12);
    for (const table of ['CallEvent', 'WebhookDelivery', 'DeliveryAttempt']) {
      const mine = rows.filter((r) => r[0] === table);
      expect(mine[0]).toEqual([table, expect.stringMatching(new RegExp(`^${table}_until_`)), '-', expect.any(String)]);
      // Each month starts where the one before ended, up to three months after the current one.
      for (let i = 1; i < mine.length; i++) expect(mine[i][2]).toBe(mine[i - 1][3]);
      expect(mine[3][3] > new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10)).toBe(true);
    }
    const pass = await cli('history', 'maintain');
    expect(pass).toMatchObject({ code: 0, stdout: '' });
  });

  it('key list prints tab-separated rows (or JSON) without the keys; key revoke takes effect at once', async () => {
    const key = (
      await cli('key', 'create', '--workspace', name, '--name', 'to revoke', '--role', 'viewer')
    ).stdout.trim();
    const list = await cli('key', 'list', '--workspace', name);
    expect(list.code).toBe(0);
    expect(list.stdout).not.toContain(key);
    const row = list.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'))
      .find((cols) => cols[1] === 'to revoke')!;
    expect(row).toEqual([
      expect.stringMatching(/^key_/),
      'to revoke',
      'viewer',
      `vk_…${key.slice(-4)}`,
      expect.any(String),
      '-',
    ]);

    const revoked = await cli('key', 'revoke', row[0]);
    expect(revoked).toMatchObject({ code: 0, stdout: `${row[0]}\n` });
    // gateways cache key lookups for at most a second
    const refused = await waitFor(
      'the revocation to take effect',
      async () => {
        const res = await as(app, key).get('/api/core/voice/call/list');
        return res.status === 401 ? res : undefined;
      },
      1500,
      50,
    );
    expectError(refused, 401, /revoked/);

    const json = JSON.parse((await cli('key', 'list', '--workspace', name, '--json')).stdout);
    expect(json.find((k: { keyId: string }) => k.keyId === row[0]).revokedAt).toEqual(expect.any(String));
  });

  it('fails with a message on stderr and a non-zero exit for bad input', async () => {
    const dup = await cli('workspace', 'create', name);
    expect(dup.code).not.toBe(0);
    expect(dup.stderr).toMatch(/already exists/);
    const badRole = await cli('key', 'create', '--workspace', name, '--name', 'x', '--role', 'root');
    expect(badRole.code).not.toBe(0);
    expect(badRole.stderr).toMatch(/role must be one of/);
    const unknown = await cli('key', 'list', '--workspace', 'no-such-workspace');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/not found/);
    expect((await cli('key', 'revoke', 'key_nope')).stderr).toMatch(/not found/);
  });

  it('migrate is safe to repeat', async () => {
    const res = await cli('migrate');
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(/up to date/);
  });
});
