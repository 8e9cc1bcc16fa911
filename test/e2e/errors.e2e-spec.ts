import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createWorkspace, expectError, startGateway, type TestWorkspace } from '../support/gateway';

/** Spec part 7: every non-2xx from any layer is {code, message} with code equal to the status. */
describe('error contract', () => {
  let app: INestApplication;
  let ws: TestWorkspace;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startGateway();
    ws = await createWorkspace(app, 'errors');
  });
  afterAll(() => app.close());

  it('404 for an unknown path, with or without a key', async () => {
    expectError(await http().get('/api/core/nothing-here'), 404, /No route GET \/api\/core\/nothing-here/);
    expectError(await http().get('/api/core/voice/nothing').set('Authorization', `Bearer ${ws.keys.owner}`), 404);
  });

  it('405 with Allow for a known path under another method', async () => {
    const res = await http().put('/api/core/voice/call/list').set('Authorization', `Bearer ${ws.keys.owner}`);
    expectError(res, 405, /not allowed/);
    expect(res.headers.allow).toBe('GET');
    const start = await http().get('/api/core/voice/agent/call').set('Authorization', `Bearer ${ws.keys.owner}`);
    // GET /voice/agent/{agentId} exists, so this is a lookup of an assistant called "call"
    expectError(start, 404, /Assistant 'call' not found/);
  });

  it('carries a request id, echoing a sane incoming X-Request-Id', async () => {
    const res = await http().get('/api/core/voice/call/list').set('X-Request-Id', 'trace-123');
    expect(res.headers['x-request-id']).toBe('trace-123');
    expect(res.body.requestId).toBe('trace-123');
    const generated = await http().get('/api/core/voice/call/list').set('X-Request-Id', 'bad id with spaces');
    expect(generated.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('health endpoints need no key', async () => {
    expect((await http().get('/health/live')).body).toEqual({ status: 'ok' });
    const ready = await http().get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ok', checks: { postgres: 'up', redis: 'up' } });
  });

  it('a body on a PATCH must be JSON too', async () => {
    const res = await http()
      .patch('/api/core/voice/agent/agent_x')
      .set('Authorization', `Bearer ${ws.keys.owner}`)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('name=x');
    expectError(res, 400, /Content-Type: application\/json/);
  });
});
