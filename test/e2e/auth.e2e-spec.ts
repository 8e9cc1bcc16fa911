import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import {
  as,
  createAssistant,
  createWorkspace,
  expectError,
  startGateway,
  type TestWorkspace,
} from '../support/gateway';

/** Spec part 5 and the role table of README: who may call what, and what strangers see. */
describe('authentication, roles and tenant isolation', () => {
  let app: INestApplication;
  let ws: TestWorkspace;
  let other: TestWorkspace;
  let agentId: string;
  let callId: string;
  let webhookId: string;

  beforeAll(async () => {
    app = await startGateway();
    ws = await createWorkspace(app, 'auth');
    other = await createWorkspace(app, 'auth-other');
    agentId = (await createAssistant(app, ws.keys.admin)).agentId;
    callId = (await as(app, ws.keys.member).post('/api/core/voice/agent/call', { agentId, to: '+14155552671' })).body
      .callId;
    webhookId = (
      await as(app, ws.keys.admin).post('/api/core/webhook', {
        url: 'https://example.com/hook',
        events: ['call.completed'],
      })
    ).body.webhookId;
  });
  afterAll(() => app.close());

  describe('401 with the error body', () => {
    const http = () => request(app.getHttpServer());
    it.each([
      ['no Authorization header', undefined, /Missing or invalid API key/],
      ['a non-Bearer scheme', 'Basic dXNlcjpwYXNz', /Malformed Authorization/],
      ['Bearer without a token', 'Bearer ', /Malformed Authorization/],
      ['a wrong key', 'Bearer vk_thisIsNotARealKeyAtAllButLongEnough', /Invalid API key/],
      ['garbage', 'Bearer ../../etc/passwd', /Invalid API key/],
    ])('for %s', async (_, header, message) => {
      const req = http().get('/api/core/voice/call/list');
      expectError(await (header === undefined ? req : req.set('Authorization', header)), 401, message);
    });

    it('for a revoked key, from the very next request', async () => {
      const created = await as(app, ws.keys.admin).post('/api/core/api-key', { name: 'short-lived', role: 'viewer' });
      expect(created.status).toBe(201);
      expect((await as(app, created.body.key).get('/api/core/voice/call/list')).status).toBe(200);
      expect((await as(app, ws.keys.admin).delete(`/api/core/api-key/${created.body.keyId}`)).status).toBe(204);
      expectError(await as(app, created.body.key).get('/api/core/voice/call/list'), 401, /revoked/);
    });

    it('before looking at the body', async () => {
      expectError(
        await http().post('/api/core/voice/agent/call').set('Content-Type', 'application/json').send({}),
        401,
      );
    });
  });

  describe('403 per role', () => {
    type Needed = 'viewer' | 'member' | 'admin';
    const routes: [string, Needed, (k: string) => request.Test][] = [];
    const add = (name: string, needed: Needed, call: (k: string) => request.Test) => routes.push([name, needed, call]);
    add('GET call list', 'viewer', (k) => as(app, k).get('/api/core/voice/call/list'));
    add('GET call', 'viewer', (k) => as(app, k).get(`/api/core/voice/call/${callId}`));
    add('GET agent list', 'viewer', (k) => as(app, k).get('/api/core/voice/agent/list'));
    add('GET agent', 'viewer', (k) => as(app, k).get(`/api/core/voice/agent/${agentId}`));
    add('POST start call', 'member', (k) =>
      as(app, k).post('/api/core/voice/agent/call', { agentId, to: '+14155552671' }),
    );
    add('POST end call', 'member', (k) => as(app, k).post('/api/core/voice/call/call_unknown/end'));
    add('POST agent', 'admin', (k) => as(app, k).post('/api/core/voice/agent', { name: 'x' }));
    add('PATCH agent', 'admin', (k) => as(app, k).patch(`/api/core/voice/agent/${agentId}`, { name: 'renamed' }));
    add('DELETE agent', 'admin', (k) => as(app, k).delete('/api/core/voice/agent/agent_unknown'));
    add('POST webhook', 'admin', (k) =>
      as(app, k).post('/api/core/webhook', { url: 'https://example.com/h', events: ['call.started'] }),
    );
    add('GET webhook list', 'admin', (k) => as(app, k).get('/api/core/webhook/list'));
    add('GET webhook', 'admin', (k) => as(app, k).get(`/api/core/webhook/${webhookId}`));
    add('PATCH webhook', 'admin', (k) => as(app, k).patch(`/api/core/webhook/${webhookId}`, { enabled: true }));
    add('DELETE webhook', 'admin', (k) => as(app, k).delete('/api/core/webhook/wh_unknown'));
    // Everyone manages their own keys (issue 12); another's key needs admin (below).
    add('POST api-key', 'viewer', (k) => as(app, k).post('/api/core/api-key', { name: 'x', role: 'viewer' }));
    add('GET api-key list', 'viewer', (k) => as(app, k).get('/api/core/api-key/list'));
    add('DELETE api-key', 'viewer', (k) => as(app, k).delete('/api/core/api-key/key_unknown'));

    const order = ['viewer', 'member', 'admin', 'owner'] as const;
    it.each(routes)('%s needs %s', async (_, needed, call) => {
      for (const role of order) {
        const res = await call(ws.keys[role]);
        if (order.indexOf(role) < order.indexOf(needed)) expectError(res, 403, new RegExp(`needs the ${needed} role`));
        else expect(res.status).not.toBe(403);
      }
    });

    it('a key cannot create or revoke a key stronger than itself', async () => {
      expectError(
        await as(app, ws.keys.admin).post('/api/core/api-key', { name: 'x', role: 'owner' }),
        403,
        /cannot create/,
      );
      expectError(await as(app, ws.keys.admin).delete(`/api/core/api-key/${ws.keyIds.owner}`), 403, /cannot revoke/);
      const owner = await as(app, ws.keys.owner).post('/api/core/api-key', { name: 'second owner', role: 'owner' });
      expect(owner.status).toBe(201);
    });
  });

  describe('404 across workspaces, never data and never 403', () => {
    it.each([
      ['a call', (k: string) => as(app, k).get(`/api/core/voice/call/${callId}`)],
      ['ending a call', (k: string) => as(app, k).post(`/api/core/voice/call/${callId}/end`)],
      ['an assistant', (k: string) => as(app, k).get(`/api/core/voice/agent/${agentId}`)],
      [
        'updating an assistant',
        (k: string) => as(app, k).patch(`/api/core/voice/agent/${agentId}`, { name: 'mine now' }),
      ],
      ['deleting an assistant', (k: string) => as(app, k).delete(`/api/core/voice/agent/${agentId}`)],
      [
        'starting a call on an assistant',
        (k: string) => as(app, k).post('/api/core/voice/agent/call', { agentId, to: '+14155552671' }),
      ],
      ['a webhook', (k: string) => as(app, k).get(`/api/core/webhook/${webhookId}`)],
      ['updating a webhook', (k: string) => as(app, k).patch(`/api/core/webhook/${webhookId}`, { enabled: false })],
      ['deleting a webhook', (k: string) => as(app, k).delete(`/api/core/webhook/${webhookId}`)],
      ['revoking a key', (k: string) => as(app, k).delete(`/api/core/api-key/${ws.keyIds.viewer}`)],
    ])('%s of another workspace', async (_, call) => {
      expectError(await call(other.keys.owner), 404);
    });

    it('lists show only the own workspace', async () => {
      const lists = await Promise.all([
        as(app, other.keys.owner).get('/api/core/voice/call/list'),
        as(app, other.keys.owner).get('/api/core/voice/agent/list'),
        as(app, other.keys.owner).get('/api/core/webhook/list'),
      ]);
      expect(lists.map((r) => r.body.total)).toEqual([0, 0, 0]);
      const keys = await as(app, other.keys.owner).get('/api/core/api-key/list');
      expect(keys.body.total).toBe(4);
      // and the data of the first workspace is still there, untouched
      expect((await as(app, ws.keys.viewer).get(`/api/core/voice/agent/${agentId}`)).status).toBe(200);
    });
  });
});
