import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { asSession, expectError, signUp, startGateway } from '../support/gateway';

/** Issue 12: security headers everywhere, /metrics not public, Bull Board through an admin's session. */
describe('security headers and operator pages', () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    process.env.METRICS_TOKEN = 'metrics-secret';
    app = await startGateway();
  });
  afterAll(async () => {
    delete process.env.METRICS_TOKEN;
    await app.close();
  });

  it.each(['/health/live', '/api/core/voice/call/list', '/nowhere'])(
    '%s carries the security headers',
    async (path) => {
      const res = await http().get(path);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/unsafe-inline/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    },
  );

  it('serves /metrics on the public port only with the metrics token', async () => {
    expectError(await http().get('/metrics'), 401, /METRICS_TOKEN/);
    expectError(await http().get('/metrics').set('Authorization', 'Bearer wrong'), 401);
    const ok = await http().get('/metrics').set('Authorization', 'Bearer metrics-secret');
    expect(ok.status).toBe(200);
    expect(ok.text).toMatch(/http_request_duration_seconds/);
  });

  it('opens Bull Board to a signed-in owner or admin, not to a viewer, and board writes need our origin', async () => {
    const owner = await signUp(app, 'board');
    const page = await http().get('/admin/queues').set('Cookie', owner.cookie);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    const write = await http().put('/admin/queues/api/queues/call-engine/pause').set('Cookie', owner.cookie);
    expectError(write, 403, /origin/);

    const session = asSession(app, owner.cookie, owner.csrfToken);
    const invite = await session.post('/api/core/member/invite', {
      email: `v-${Date.now()}@example.com`,
      role: 'viewer',
    });
    const viewer = await http()
      .post('/api/core/auth/accept-invite')
      .send({ token: invite.body.token, name: 'V', password: 'a long enough password' });
    const viewerCookie = String(viewer.headers['set-cookie']?.[0]).split(';')[0];
    expectError(await http().get('/admin/queues').set('Cookie', viewerCookie), 403, /admins and owners/);
    expectError(await http().get('/admin/queues'), 401, /Sign in/);
  });
});
