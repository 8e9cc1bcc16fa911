import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { expectError, startGateway } from '../support/gateway';

/** Issue 12: security headers everywhere, /metrics not public (Bull Board: hostile-tenant.e2e-spec). */
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
});
