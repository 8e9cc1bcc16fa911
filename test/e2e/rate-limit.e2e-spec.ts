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
import { spawnApp, type AppProcess } from '../support/processes';

/** Spec part 8: fair-use limits per workspace, shared by every gateway instance. */
describe('rate limits', () => {
  let app: INestApplication;
  let ws: TestWorkspace;
  const gateways: AppProcess[] = [];

  beforeAll(async () => {
    process.env.RATE_LIMIT_REQUESTS = '5';
    process.env.RATE_LIMIT_START_CALLS = '2';
    process.env.RATE_LIMIT_WINDOW_MS = '60000';
    app = await startGateway();
    ws = await createWorkspace(app, 'rate');
  });
  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.kill()));
    await app.close();
  });

  it('over the limit answers 429 with Retry-After and RateLimit headers; another workspace is unaffected', async () => {
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await as(app, ws.keys.viewer).get('/api/core/voice/call/list');
      statuses.push(last.status);
      if (i === 0) {
        expect(last.headers['ratelimit-limit']).toBe('5');
        expect(last.headers['ratelimit-remaining']).toBe('4');
        expect(Number(last.headers['ratelimit-reset'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expectError(last!, 429, /Rate limit exceeded: 5 requests per 60 s/);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.headers['ratelimit-remaining']).toBe('0');

    const other = await createWorkspace(app, 'rate-other');
    expect((await as(app, other.keys.viewer).get('/api/core/voice/call/list')).status).toBe(200);
  });

  it('starting calls has its own tighter limit', async () => {
    const mine = await createWorkspace(app, 'rate-calls');
    const agentId = (await createAssistant(app, mine.keys.admin)).agentId;
    const results = [];
    for (let i = 0; i < 3; i++)
      results.push(await as(app, mine.keys.member).post('/api/core/voice/agent/call', { agentId, to: '+14155552671' }));
    expect(results.map((r) => r.status)).toEqual([201, 201, 429]);
    expectError(results[2], 429, /2 started calls per 60 s/);
    expect(results[1].headers['ratelimit-limit']).toBe('2');
  });

  it('two gateway processes share one budget', async () => {
    const shared = await createWorkspace(app, 'rate-shared');
    for (let i = 0; i < 2; i++) gateways.push(await spawnApp('api-gateway', { LOG_LEVEL: 'warn' }));
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const g = gateways[i % 2];
      const res = await fetch(`http://127.0.0.1:${g.port}/api/core/voice/call/list`, {
        headers: { Authorization: `Bearer ${shared.keys.viewer}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
