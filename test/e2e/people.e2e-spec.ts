import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { as, asSession, expectError, signUp, startGateway } from '../support/gateway';

/** Issue 12: people sign up and in; sessions in HttpOnly, SameSite=Strict cookies with a CSRF proof. */
describe('people and sessions', () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startGateway();
  });
  afterAll(() => app.close());

  it('sign-up creates a workspace and its owner and sets a hardened session cookie', async () => {
    const res = await http()
      .post('/api/core/auth/signup')
      .send({
        email: `Ada.Owner.${Date.now()}@Example.com`,
        password: 'a long enough password',
        name: 'Ada',
        workspaceName: 'x' + Date.now(),
      });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: expect.stringMatching(/^ada\.owner\.\d+@example\.com$/), role: 'owner' });
    expect(res.body.workspace.workspaceId).toMatch(/^ws_/);
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/i);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-vcs_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Path=\//);
  });

  it('refuses a short password (422), a missing field (400) and a taken email (409), creating nothing', async () => {
    const base = { email: `short-${Date.now()}@example.com`, name: 'S', workspaceName: 'short' + Date.now() };
    expectError(
      await http()
        .post('/api/core/auth/signup')
        .send({ ...base, password: 'too short' }),
      422,
      /12/,
    );
    expectError(
      await http()
        .post('/api/core/auth/signup')
        .send({ ...base, password: undefined }),
      400,
      /password/,
    );
    const person = await signUp(app, 'taken');
    const again = { ...base, email: person.email.toUpperCase(), password: 'another long password' };
    expectError(await http().post('/api/core/auth/signup').send(again), 409, /already exists/);
    expectError(
      await http().post('/api/core/auth/login').send({ email: base.email, password: 'too short' }),
      401,
      /Wrong email or password/,
    );
  });

  it('signs in and out; /auth/me shows the person and the CSRF token; a key cannot use /auth/me', async () => {
    const person = await signUp(app, 'inout');
    const login = await http().post('/api/core/auth/login').send({ email: person.email, password: person.password });
    expect(login.status).toBe(200);
    const cookie = String(login.headers['set-cookie']?.[0]).split(';')[0];
    const me = await asSession(app, cookie).get('/api/core/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: person.email, role: 'owner', csrfToken: login.body.csrfToken });
    expect((await asSession(app, cookie).get('/api/core/voice/call/list')).status).toBe(200);

    const out = await asSession(app, cookie).post('/api/core/auth/logout');
    expect(out.status).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/Expires=Thu, 01 Jan 1970/);
    expectError(await asSession(app, cookie).get('/api/core/voice/call/list'), 401, /session has ended/);
    // the other session of the same person still works
    expect((await asSession(app, person.cookie).get('/api/core/auth/me')).status).toBe(200);

    const key = await asSession(app, person.cookie, person.csrfToken).post('/api/core/api-key', { name: 'k' });
    expectError(await as(app, key.body.key).get('/api/core/auth/me'), 403, /signed-in people/);
  });

  it('changing the password ends every session, and only the new password signs in', async () => {
    const person = await signUp(app, 'password');
    const other = await http().post('/api/core/auth/login').send({ email: person.email, password: person.password });
    const otherCookie = String(other.headers['set-cookie']?.[0]).split(';')[0];
    const session = asSession(app, person.cookie, person.csrfToken);
    const wrong = { currentPassword: 'not my password', newPassword: 'a brand new password' };
    expectError(await session.post('/api/core/auth/password', wrong), 403, /current password/);
    const changed = await session.post('/api/core/auth/password', { ...wrong, currentPassword: person.password });
    expect(changed.status).toBe(200);
    const fresh = String(changed.headers['set-cookie']?.[0]).split(';')[0];
    expectError(await asSession(app, otherCookie).get('/api/core/auth/me'), 401, /session has ended/);
    expectError(await asSession(app, person.cookie).get('/api/core/auth/me'), 401, /session has ended/);
    expect((await asSession(app, fresh).get('/api/core/auth/me')).status).toBe(200);
    const old = await http().post('/api/core/auth/login').send({ email: person.email, password: person.password });
    expectError(old, 401);
    const now = await http()
      .post('/api/core/auth/login')
      .send({ email: person.email, password: 'a brand new password' });
    expect(now.status).toBe(200);
  });

  it('a cookie-authenticated write without the CSRF proof is refused and changes nothing', async () => {
    const person = await signUp(app, 'csrf');
    const session = asSession(app, person.cookie);
    expectError(await session.post('/api/core/voice/agent', { name: 'No proof' }), 403, /X-CSRF-Token/);
    const forged = asSession(app, person.cookie, 'x'.repeat(43));
    expectError(await forged.post('/api/core/voice/agent', { name: 'Forged' }), 403, /X-CSRF-Token/);
    expect((await session.get('/api/core/voice/agent/list')).body.total).toBe(0);
    const ok = await asSession(app, person.cookie, person.csrfToken).post('/api/core/voice/agent', { name: 'Proof' });
    expect(ok.status).toBe(201);
  });

  it('a person makes keys of their own, at most as strong as they are', async () => {
    const person = await signUp(app, 'keys');
    const session = asSession(app, person.cookie, person.csrfToken);
    const created = await session.post('/api/core/api-key', { name: 'CRM' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ role: 'owner', createdBy: { email: person.email } });
    const viewer = await session.post('/api/core/api-key', { name: 'Dashboard TV', role: 'viewer' });
    expect(viewer.body.role).toBe('viewer');
    expectError(await as(app, viewer.body.key).post('/api/core/voice/agent', { name: 'x' }), 403, /admin role/);
    expect((await as(app, created.body.key).get('/api/core/voice/call/list')).status).toBe(200);
    const list = await session.get('/api/core/api-key/list');
    expect(list.body.list.map((k: { name: string }) => k.name).sort()).toEqual(['CRM', 'Dashboard TV']);
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);
  });

  it('a webhook registered in a session carries a viewer key of that person, listed in the API keys area', async () => {
    const person = await signUp(app, 'hook');
    const session = asSession(app, person.cookie, person.csrfToken);
    const hook = await session.post('/api/core/webhook', {
      url: 'https://example.com/hook',
      events: ['call.completed'],
    });
    expect(hook.status).toBe(201);
    const keys = (await session.get('/api/core/api-key/list')).body.list;
    expect(keys).toEqual([
      expect.objectContaining({ name: 'Webhook deliveries to example.com', role: 'viewer', revokedAt: null }),
    ]);
  });

  it('repeated failed sign-ins answer 429 with Retry-After, for a known and an unknown email alike', async () => {
    const person = await signUp(app, 'throttle');
    for (const email of [person.email, `nobody-${Date.now()}@example.com`]) {
      for (let i = 0; i < 5; i++) {
        expectError(await http().post('/api/core/auth/login').send({ email, password: 'wrong password!' }), 401);
      }
      const blocked = await http().post('/api/core/auth/login').send({ email, password: 'wrong password!' });
      expectError(blocked, 429, /Too many failed sign-ins/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // even the right password waits out the window
    const right = await http().post('/api/core/auth/login').send({ email: person.email, password: person.password });
    expect(right.status).toBe(429);
  });
});
