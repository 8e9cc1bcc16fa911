import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { PrismaService } from '@app/db';
import { UNSAFE_TEXT } from '@app/platform';
import {
  as,
  asSession,
  createAssistant,
  createWorkspace,
  expectError,
  signUp,
  startGateway,
  type TestWorkspace,
} from '../support/gateway';
import { isolateSuite, waitFor } from '../support/isolation';

const LOGIN_MAX_FAILURES = 5;
const SIGNUP_MAX_PER_ADDRESS = 10;
const STREAMS_PER_CREDENTIAL = 3;

/**
 * Issue 23: what a hostile new tenant tried, each now refused. One gateway with small limits of
 * its own (sign-in, sign-up, open streams) so the limits are reached quickly.
 */
describe('a hostile tenant', () => {
  let app: INestApplication;
  let base: string;
  let victim: TestWorkspace;
  let agentId: string;
  let cleanup: () => Promise<void>;
  const http = () => request(app.getHttpServer());
  const saved = { ...process.env };

  beforeAll(async () => {
    Object.assign(process.env, {
      LOGIN_MAX_FAILURES: String(LOGIN_MAX_FAILURES),
      SIGNUP_MAX_PER_ADDRESS: String(SIGNUP_MAX_PER_ADDRESS),
      EVENT_STREAMS_PER_CREDENTIAL: String(STREAMS_PER_CREDENTIAL),
      PUBLIC_BASE_URL: 'https://voice.example.com',
      BULL_BOARD_USER: 'ops',
      BULL_BOARD_PASSWORD: 'operator secret',
      // the test's clients stand behind a proxy on loopback, so X-Forwarded-For names each one
      TRUST_PROXY: 'loopback',
    });
    cleanup = await isolateSuite('hostile');
    app = await startGateway();
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    victim = await createWorkspace(app, 'victim');
    agentId = (await createAssistant(app, victim.keys.admin)).agentId;
  });
  afterAll(async () => {
    process.env = saved;
    await app.close();
    await cleanup();
  });

  const signUpFrom = (ip: string, email = `x-${Math.random().toString(36).slice(2)}@example.com`) =>
    http()
      .post('/api/core/auth/signup')
      .set('X-Forwarded-For', ip)
      .send({ email, password: 'a long enough password', name: 'Mallory', workspaceName: `m-${Math.random()}` });

  it("a workspace owner's session gets 403 from every Bull Board route; operators' credentials open it", async () => {
    const owner = await signUp(app, 'board');
    const call = await as(app, victim.keys.member).post('/api/core/voice/agent/call', { agentId, to: '+14155552671' });
    const routes: [string, string][] = [
      ['get', '/admin/queues'],
      ['get', '/admin/queues/api/queues'],
      ['get', `/admin/queues/api/queues/call-engine/${call.body.callId}`],
      ['put', '/admin/queues/api/queues/call-engine/pause'],
      ['put', '/admin/queues/api/queues/call-engine/clean/completed'],
      ['put', `/admin/queues/api/queues/call-engine/${call.body.callId}/retry/failed`],
      ['delete', '/admin/queues/api/queues/call-engine/obliterate'],
    ];
    for (const [method, path] of routes) {
      const call = (http() as unknown as Record<string, (p: string) => request.Test>)[method];
      const res = await call(path).set('Cookie', owner.cookie).set('Origin', base).set('X-CSRF-Token', owner.csrfToken);
      expectError(res, 403, /operators/);
    }
    const basic = `Basic ${Buffer.from('ops:operator secret').toString('base64')}`;
    expect((await http().get('/admin/queues/api/queues').set('Authorization', basic)).status).toBe(200);
    // the workspace sees its own backlog instead
    const backlog = await as(app, victim.keys.viewer).get('/api/core/backlog');
    expect(backlog.status).toBe(200);
    expect(backlog.body).toEqual({ pendingDials: expect.any(Number), pendingDeliveries: 0, failedDeliveries: 0 });
    expect(backlog.body.pendingDials).toBeGreaterThanOrEqual(1);
    const mine = await asSession(app, owner.cookie).get('/api/core/backlog');
    expect(mine.body).toEqual({ pendingDials: 0, pendingDeliveries: 0, failedDeliveries: 0 });
  });

  it('20 parallel sign-ins with one right password: all 429 once the limit is reached, the right one too', async () => {
    const person = await signUp(app, 'guessed');
    const login = (password: string, ip: string) =>
      http().post('/api/core/auth/login').set('X-Forwarded-For', ip).send({ email: person.email, password });
    // a burst of wrong guesses: exactly the limit reach the password check, however many arrive at once
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => login(`wrong guess ${i}`, '203.0.113.7')));
    expect(burst.filter((r) => r.status === 401)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(20 - LOGIN_MAX_FAILURES);
    // the limit reached: a burst from another address with the right password in it is all 429
    const after = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(i === 7 ? person.password : `wrong ${i}`, '203.0.113.8')),
    );
    expect(after.map((r) => r.status)).toEqual(Array(20).fill(429));
    expect(Number(after[7].headers['retry-after'])).toBeGreaterThan(0);
  });

  it('wrong current passwords are throttled like sign-ins: 429 past the limit, the right one included', async () => {
    const person = await signUp(app, 'pw');
    const session = asSession(app, person.cookie, person.csrfToken);
    const change = (currentPassword: string) =>
      session.post('/api/core/auth/password', { currentPassword, newPassword: 'another long password' });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => change(`wrong ${i}`)));
    expect(answers.filter((r) => r.status === 403)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(10 - LOGIN_MAX_FAILURES);
    expectError(await change(person.password), 429, /wrong current passwords/);
  });

  it('sign-up and accept-invite are limited per client address', async () => {
    const taken = (await signUp(app, 'taken')).email;
    const answers = await Promise.all(Array.from({ length: 25 }, () => signUpFrom('198.51.100.9', taken)));
    expect(answers.filter((r) => r.status === 409)).toHaveLength(SIGNUP_MAX_PER_ADDRESS);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(25 - SIGNUP_MAX_PER_ADDRESS);
    const accept = await http()
      .post('/api/core/auth/accept-invite')
      .set('X-Forwarded-For', '198.51.100.9')
      .send({ token: 'x'.repeat(43), name: 'M', password: 'a long enough password' });
    expectError(accept, 429);
  });

  it("an invitation dies with its inviter's admin role; admins list and revoke pending ones", async () => {
    const owner = await signUp(app, 'inviter');
    const ownerApi = asSession(app, owner.cookie, owner.csrfToken);
    const adminInvite = await ownerApi.post('/api/core/member/invite', {
      email: `a-${Date.now()}@e.com`,
      role: 'admin',
    });
    const admin = await http()
      .post('/api/core/auth/accept-invite')
      .send({ token: adminInvite.body.token, name: 'Admin', password: 'a long enough password' });
    expect(admin.status).toBe(201);
    const adminApi = asSession(app, String(admin.headers['set-cookie']?.[0]).split(';')[0], admin.body.csrfToken);
    const invites = await Promise.all(
      ['admin', 'member', 'viewer'].map((role) =>
        adminApi.post('/api/core/member/invite', { email: `${role}-${Date.now()}@e.com`, role }),
      ),
    );
    const listed = await ownerApi.get('/api/core/member/invite/list');
    expect(listed.body.list.map((i: { inviteId: string }) => i.inviteId)).toEqual(
      expect.arrayContaining(invites.map((i) => i.body.inviteId)),
    );
    // demoted to member: the invitations they may no longer grant end (all: inviting takes an admin)
    await ownerApi.patch(`/api/core/member/${admin.body.accountId}`, { role: 'member' });
    for (const invite of invites) {
      const res = await http()
        .post('/api/core/auth/accept-invite')
        .send({ token: invite.body.token, name: 'Late', password: 'a long enough password' });
      expectError(res, 404, /revoked/);
    }
    // an inviter removed: theirs end too; and an admin revokes one by hand (audited)
    const again = await ownerApi.post('/api/core/member/invite', { email: `v-${Date.now()}@e.com`, role: 'viewer' });
    expect((await ownerApi.delete(`/api/core/member/invite/${again.body.inviteId}`)).status).toBe(204);
    expectError(await ownerApi.delete(`/api/core/member/invite/${again.body.inviteId}`), 404);
    const revoked = await http()
      .post('/api/core/auth/accept-invite')
      .send({ token: again.body.token, name: 'V', password: 'a long enough password' });
    expectError(revoked, 404);
    const audit = await ownerApi.get('/api/core/audit/list?action=member.invite_revoked');
    expect(audit.body.list[0].target).toEqual({ type: 'invite', id: again.body.inviteId });
    // another workspace's invitation is not found
    expectError(await as(app, victim.keys.owner).delete(`/api/core/member/invite/${invites[2].body.inviteId}`), 404);
  });

  it("an event stream closes within 5 s of its key's revocation or its session's end; streams bounded", async () => {
    const { key, record } = await (async () => {
      const res = await as(app, victim.keys.owner).post('/api/core/api-key', { name: 'stream', role: 'viewer' });
      return { key: res.body.key as string, record: res.body };
    })();
    // every stream sends the same X-Request-Id: the limit must not take it for one stream
    const open = (headers: Record<string, string>) =>
      fetch(`${base}/api/core/event/stream`, { headers: { 'x-request-id': 'same-id', ...headers } });
    const stream = await open({ authorization: `Bearer ${key}` });
    expect(stream.status).toBe(200);
    const ended = drain(stream);
    const extra = await Promise.all(
      Array.from({ length: STREAMS_PER_CREDENTIAL - 1 }, () => open({ authorization: `Bearer ${key}` })),
    );
    const over = await open({ authorization: `Bearer ${key}` });
    expect(over.status).toBe(429);
    expect(((await over.json()) as { code: number }).code).toBe(429);
    await as(app, victim.keys.member).post('/api/core/voice/agent/call', { agentId, to: '+14155552671' });
    await waitFor(
      'the call.started event on the stream',
      async () => ended.text().includes('call.started') || undefined,
    );
    const revokedAt = Date.now();
    expect((await as(app, victim.keys.owner).delete(`/api/core/api-key/${record.keyId}`)).status).toBe(204);
    await Promise.race([ended.done, new Promise((_, no) => setTimeout(() => no(new Error('still open')), 5000))]);
    expect(Date.now() - revokedAt).toBeLessThan(5000);
    await Promise.all(extra.map((r) => drain(r).done));

    // (from an address of its own: this suite's sign-ups from loopback are near their limit)
    const signedUp = await signUpFrom('192.0.2.55');
    const cookie = String(signedUp.headers['set-cookie']?.[0]).split(';')[0];
    const viaSession = await open({ cookie });
    expect(viaSession.status).toBe(200);
    const sessionEnded = drain(viaSession);
    await http().post('/api/core/auth/logout').set('Cookie', cookie);
    await Promise.race([
      sessionEnded.done,
      new Promise((_, no) => setTimeout(() => no(new Error('still open')), 5000)),
    ]);
  });

  it('MCP tool-server header values are stored sealed, never in clear', async () => {
    const token = 'Bearer crm-secret-4f1c';
    const res = await as(app, victim.keys.admin).post('/api/core/voice/agent', {
      name: 'With tools',
      tools: [{ type: 'mcp', name: 'crm', url: 'https://crm.example.com/mcp', headers: { Authorization: token } }],
    });
    expect(res.body.tools[0].headers).toEqual({ Authorization: '********' });
    const row = await app.get(PrismaService).assistant.findUniqueOrThrow({ where: { id: res.body.agentId } });
    expect(JSON.stringify(row.tools)).not.toContain('crm-secret');
    expect(row.tools).toEqual([
      expect.objectContaining({ sealedHeaders: { Authorization: expect.stringMatching(/^v1\./) } }),
    ]);
  });

  it('refuses a request without a key before reading its body: no 422 for a malformed CSV, and no stall', async () => {
    const csv = `to,timezone\n${'+14155552671,"unclosed\n'.repeat(40_000)}`;
    const started = Date.now();
    const noKey = await http()
      .post('/api/core/voice/campaign/cmp_x/recipients')
      .set('Content-Type', 'text/csv')
      .send(csv);
    expectError(noKey, 401);
    const viewer = await as(app, victim.keys.viewer)
      .post('/api/core/voice/campaign/cmp_x/recipients')
      .set('Content-Type', 'text/csv')
      .send(csv);
    expectError(viewer, 403);
    const junk = await http().post('/api/core/voice/agent').set('Content-Type', 'application/json').send('{not json');
    expectError(junk, 401);
    expect(Date.now() - started).toBeLessThan(5000);
    // a member's large CSV is parsed in pieces: /health/live keeps answering meanwhile
    const rows = Array.from(
      { length: 10_000 },
      (_, i) => `+1415555${String(i).padStart(4, '0')},UTC,${'x'.repeat(400)}`,
    );
    const big = `to,timezone,note\n${rows.join('\n')}`;
    const upload = as(app, victim.keys.member)
      .post('/api/core/voice/campaign/cmp_unknown/recipients')
      .set('Content-Type', 'text/csv')
      .send(big)
      .then((r) => r);
    const pings: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = Date.now();
      await fetch(`${base}/health/live`);
      pings.push(Date.now() - t);
    }
    expectError(await upload, 404);
    expect(Math.max(...pings)).toBeLessThan(1000);
  });

  it('answers 422, never 500, for JSON nested deeper than 32 levels or nested arrays in place of text', async () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    for (const body of [
      `{"agentId":"${agentId}","to":"+14155552671","metadata":{"a":${deep(20_000)}}}`,
      `{"name":${deep(5_000)}}`,
      `{"name":"x","script":${deep(40)}}`,
    ]) {
      const res = await http()
        .post(body.includes('agentId') ? '/api/core/voice/agent/call' : '/api/core/voice/agent')
        .set('Authorization', `Bearer ${victim.keys.admin}`)
        .set('Content-Type', 'application/json')
        .send(body);
      expectError(res, 422, /nested deeper than 32/);
    }
    const arrays = await as(app, victim.keys.admin).post('/api/core/voice/agent', { name: [[['x']]], script: [[[]]] });
    expectError(arrays, 422);
  });

  it('refuses control characters and bidi overrides in names (422), while metadata may hold them', async () => {
    for (const name of ['x\u001b[2K\r\nkey_forged\tops-root\towner', 'invoice\u202egnp.exe', 'tab\there', 'c1\u0085']) {
      expectError(await as(app, victim.keys.admin).post('/api/core/api-key', { name, role: 'viewer' }), 422, /control/);
      expectError(await as(app, victim.keys.admin).post('/api/core/voice/agent', { name }), 422, /control/);
    }
    const call = await as(app, victim.keys.member).post('/api/core/voice/agent/call', {
      agentId,
      to: '+14155552671',
      metadata: { note: 'line one\nline\u001b two' },
    });
    expect(call.status).toBe(201);
  });

  it('builds the invite link from PUBLIC_BASE_URL, never from the Host header', async () => {
    const res = await as(app, victim.keys.admin)
      .post('/api/core/member/invite', { email: `h-${Date.now()}@e.com`, role: 'viewer' })
      .set('Host', 'evil.example')
      .set('X-Forwarded-Host', 'evil.example');
    expect(res.status).toBe(201);
    expect(res.body.inviteUrl).toBe(`https://voice.example.com/accept-invite#token=${res.body.token}`);
  });

  it('answers that carry a new key, webhook secret, number secret or invite token are never cached', async () => {
    const admin = as(app, victim.keys.admin);
    const answers = [
      await admin.post('/api/core/api-key', { name: 'cache', role: 'viewer' }),
      await admin.post('/api/core/webhook', { url: 'https://example.com/hook', events: ['call.started'] }),
      await admin.post('/api/core/member/invite', { email: `c-${Date.now()}@e.com`, role: 'viewer' }),
      await admin.post('/api/core/voice/number', { number: '+14155550123' }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('the webhook test answers only a short printable snippet of a 2xx body', async () => {
    const { createServer } = await import('node:http');
    let answer = { status: 200, body: `<html>${'internal page '.repeat(400)}\u0000\u001b</html>` };
    const target = createServer((_, res) => res.writeHead(answer.status).end(answer.body));
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    // an installation that lets webhooks reach private networks (where the test route matters most)
    Object.assign(process.env, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_ALLOW_HTTP: 'true' });
    const open = await startGateway();
    try {
      const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/hook`;
      const hook = await as(open, victim.keys.admin).post('/api/core/webhook', { url, events: ['call.started'] });
      const ok = await as(open, victim.keys.admin).post(`/api/core/webhook/${hook.body.webhookId}/test`);
      expect(ok.body.statusCode).toBe(200);
      expect(ok.body.responseBody).toHaveLength(200);
      expect(ok.body.responseBody).not.toMatch(UNSAFE_TEXT);
      answer = { status: 500, body: 'secret internal error page' };
      const failed = await as(open, victim.keys.admin).post(`/api/core/webhook/${hook.body.webhookId}/test`);
      expect(failed.body).toMatchObject({ statusCode: 500, responseBody: null });
    } finally {
      delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
      delete process.env.WEBHOOK_ALLOW_HTTP;
      await open.close();
      target.close();
    }
  });

  it.each([
    'https://[::127.0.0.1]/hook',
    'https://[::a00:1]/hook',
    'https://[2002:7f00:1::1]/hook',
    'https://[64:ff9b:1::a00:1]/hook',
    'https://[fec0::1]/hook',
    'https://localhost./hook',
  ])('refuses the webhook URL %s', async (url) => {
    const res = await as(app, victim.keys.admin).post('/api/core/webhook', { url, events: ['call.started'] });
    expectError(res, 422, /private, loopback or reserved/);
  });
});

/** Reads a streamed answer to its end; `done` settles when the server closes it. */
function drain(res: Response) {
  let text = '';
  const reader = res.body!.getReader();
  const done = (async () => {
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) return;
      text += Buffer.from(value).toString('utf8');
    }
  })();
  return { done, text: () => text };
}
