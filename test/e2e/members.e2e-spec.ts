import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { as, asSession, createAssistant, expectError, signUp, startGateway } from '../support/gateway';

type Session = ReturnType<typeof asSession>;

/** Issue 12: members and roles, keys that follow their person at once, and the audit log. */
describe('members, their keys and the audit log', () => {
  let app: INestApplication;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let ownerSession: Session;
  const http = () => request(app.getHttpServer());

  /** Invites, accepts and answers the new member's session and account. */
  async function join(role: string, label: string) {
    const email = `${label}-${Date.now()}@example.com`;
    const invite = await ownerSession.post('/api/core/member/invite', { email, role });
    expect(invite.status).toBe(201);
    expect(invite.body.inviteUrl).toContain(`#token=${invite.body.token}`);
    const accepted = await http()
      .post('/api/core/auth/accept-invite')
      .send({ token: invite.body.token, name: label, password: 'a long enough password' });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ email, role, workspace: owner.me.workspace });
    const cookie = String(accepted.headers['set-cookie']?.[0]).split(';')[0];
    return { session: asSession(app, cookie, accepted.body.csrfToken), accountId: accepted.body.accountId, email };
  }

  beforeAll(async () => {
    app = await startGateway();
    owner = await signUp(app, 'team');
    ownerSession = asSession(app, owner.cookie, owner.csrfToken);
  });
  afterAll(() => app.close());

  it('an invited viewer joins, sees calls, and neither their session nor their key may start one', async () => {
    const { agentId } = await createAssistant(
      app,
      (await ownerSession.post('/api/core/api-key', { name: 'o' })).body.key,
    );
    const viewer = await join('viewer', 'viewer');
    expect((await viewer.session.get('/api/core/voice/call/list')).status).toBe(200);
    const call = { agentId, to: '+14155552671' };
    expectError(await viewer.session.post('/api/core/voice/agent/call', call), 403, /member role/);
    const key = await viewer.session.post('/api/core/api-key', { name: 'mine' });
    expect(key.body.role).toBe('viewer');
    expectError(await viewer.session.post('/api/core/api-key', { name: 'stronger', role: 'admin' }), 403);
    expectError(await as(app, key.body.key).post('/api/core/voice/agent/call', call), 403, /member role/);
    // a viewer sees and revokes only their own keys
    const ownerKeys = (await ownerSession.get('/api/core/api-key/list')).body.list;
    const ownerKey = ownerKeys.find(
      (k: { createdBy: { accountId: string } }) => k.createdBy.accountId !== viewer.accountId,
    );
    expectError(await viewer.session.delete(`/api/core/api-key/${ownerKey.keyId}`), 403, /another account/);
    const listed = (await viewer.session.get('/api/core/api-key/list')).body.list;
    expect(listed.map((k: { keyId: string }) => k.keyId)).toEqual([key.body.keyId]);
    const members = (await viewer.session.get('/api/core/member/list')).body;
    expect(members.list.map((m: { role: string }) => m.role).sort()).toEqual(['owner', 'viewer']);
  });

  it('an invitation works once', async () => {
    const invite = await ownerSession.post('/api/core/member/invite', { email: 'once@example.com', role: 'member' });
    const body = { token: invite.body.token, name: 'Once', password: 'a long enough password' };
    expect((await http().post('/api/core/auth/accept-invite').send(body)).status).toBe(201);
    expectError(await http().post('/api/core/auth/accept-invite').send(body), 404, /Invitation/);
  });

  it('demoting an admin makes their key answer 403 on an admin route at once; removing makes it 401', async () => {
    const admin = await join('admin', 'admin');
    const key = (await admin.session.post('/api/core/api-key', { name: 'admin key' })).body.key;
    expect((await as(app, key).get('/api/core/webhook/list')).status).toBe(200);
    const demoted = await ownerSession.patch(`/api/core/member/${admin.accountId}`, { role: 'member' });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('member');
    expectError(await as(app, key).get('/api/core/webhook/list'), 403, /admin role/);
    expectError(await admin.session.get('/api/core/webhook/list'), 403, /admin role/);

    expect((await ownerSession.delete(`/api/core/member/${admin.accountId}`)).status).toBe(204);
    expectError(await as(app, key).get('/api/core/voice/call/list'), 401, /revoked/);
    expectError(await admin.session.get('/api/core/voice/call/list'), 401, /session has ended/);
    const members = (await ownerSession.get('/api/core/member/list')).body.list;
    expect(members.map((m: { accountId: string }) => m.accountId)).not.toContain(admin.accountId);
  });

  it('nobody grants above their own role or touches a stronger member; the last owner stays', async () => {
    const admin = await join('admin', 'admin2');
    expectError(await admin.session.post('/api/core/member/invite', { email: 'x@example.com', role: 'owner' }), 403);
    expectError(await admin.session.patch(`/api/core/member/${owner.me.accountId}`, { role: 'viewer' }), 403);
    expectError(await admin.session.patch(`/api/core/member/${admin.accountId}`, { role: 'owner' }), 403);
    expectError(
      await ownerSession.patch(`/api/core/member/${owner.me.accountId}`, { role: 'admin' }),
      409,
      /last owner/,
    );
    expectError(await ownerSession.delete(`/api/core/member/${owner.me.accountId}`), 409, /last owner/);
    const stranger = await signUp(app, 'stranger');
    const other = asSession(app, stranger.cookie, stranger.csrfToken);
    expectError(await other.patch(`/api/core/member/${admin.accountId}`, { role: 'viewer' }), 404);
  });

  it('the audit log records sign-ins, keys, members and webhooks with actor, time and address (admin+)', async () => {
    const login = await http().post('/api/core/auth/login').send({ email: owner.email, password: owner.password });
    expect(login.status).toBe(200);
    await http().post('/api/core/auth/login').send({ email: owner.email, password: 'not the password' });
    const hook = await ownerSession.post('/api/core/webhook', {
      url: 'https://example.com/h',
      events: ['call.started'],
    });
    expect(hook.status).toBe(201);
    const all = await ownerSession.get('/api/core/audit/list?pageSize=100');
    expect(all.status).toBe(200);
    const actions = new Set(all.body.list.map((e: { action: string }) => e.action));
    for (const a of ['login.succeeded', 'login.failed', 'key.created', 'member.invited', 'member.joined']) {
      expect(actions).toContain(a);
    }
    for (const a of ['member.role_changed', 'member.removed', 'webhook.created']) expect(actions).toContain(a);
    const created = await ownerSession.get('/api/core/audit/list?action=webhook.created');
    expect(created.body.list[0]).toMatchObject({
      action: 'webhook.created',
      actor: { accountId: owner.me.accountId, keyId: null, clientIp: expect.any(String) },
      target: { type: 'webhook', id: hook.body.webhookId },
    });
    expectError(await ownerSession.get('/api/core/audit/list?action=nope'), 400, /action must be one of/);
    const viewer = await join('viewer', 'auditviewer');
    expectError(await viewer.session.get('/api/core/audit/list'), 403, /admin role/);
  });
});
