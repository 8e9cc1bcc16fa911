import type { INestApplication } from '@nestjs/common';
import { SIMULATOR_NUMBERS } from '@app/telephony';
import { WorkspacesRepository } from '@app/workspaces';
import { startEngine, useFastSimulator } from '../support/engine';
import {
  as,
  createAssistant,
  createWorkspace,
  expectError,
  startGateway,
  type TestWorkspace,
} from '../support/gateway';
import { isolateSuite, waitFor } from '../support/isolation';

const START = '/api/core/voice/agent/call';
const RINGS_LONG = SIMULATOR_NUMBERS.noAnswer;

/** Live-call limits derived from the rows, and the do-not-call list (issue 14). */
describe('concurrency limits and the do-not-call list', () => {
  let cleanup: () => Promise<void>;
  let gateway: INestApplication;
  let engine: INestApplication;

  beforeAll(async () => {
    cleanup = await isolateSuite('limits');
    useFastSimulator();
    process.env.SIM_RING_TIMEOUT_MS = '60000'; // calls to RINGS_LONG stay live until ended
    process.env.RATE_LIMIT_START_CALLS = '1000';
    process.env.RATE_LIMIT_REQUESTS = '5000';
    gateway = await startGateway();
    engine = await startEngine();
  });
  afterAll(async () => {
    await engine.close();
    await gateway.close();
    await cleanup();
  });

  async function workspace(limit: number) {
    const ws = await createWorkspace(gateway, 'limits');
    await gateway.get(WorkspacesRepository).setLimits(ws.workspaceId, { liveCallLimit: limit });
    const { agentId } = await createAssistant(gateway, ws.keys.admin);
    return { ws, agentId, member: as(gateway, ws.keys.member) };
  }
  async function endAll(ws: TestWorkspace) {
    const live = await as(gateway, ws.keys.member).get('/api/core/voice/call/list?status=ringing&pageSize=100');
    await Promise.all(
      live.body.list.map((c: { callId: string }) =>
        as(gateway, ws.keys.member).post(`/api/core/voice/call/${c.callId}/end`),
      ),
    );
  }

  it('100 concurrent start-calls against a limit of 10 place exactly 10; the rest: 429 with Retry-After', async () => {
    const { ws, agentId, member } = await workspace(10);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => member.post(START, { agentId, to: RINGS_LONG })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(90);
    for (const r of refused) {
      expectError(r, 429, /limit reached: 10 of 10/);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    const concurrency = await as(gateway, ws.keys.viewer).get('/api/core/voice/concurrency');
    expect(concurrency.status).toBe(200);
    expect(concurrency.body).toEqual({ limit: 10, live: 10, reservedForInbound: 2 });
    expect((await member.get('/api/core/voice/call/list?pageSize=100')).body.total).toBe(10);
    await endAll(ws);
  });

  it('a call that ends frees its slot at once; inbound calls are never refused', async () => {
    const { ws, agentId, member } = await workspace(1);
    const first = await member.post(START, { agentId, to: RINGS_LONG });
    expect(first.status).toBe(201);
    expectError(await member.post(START, { agentId, to: RINGS_LONG }), 429);
    expect((await member.post(`/api/core/voice/call/${first.body.callId}/end`)).status).toBe(202);
    await waitFor('the call to end', async () => {
      const { body } = await member.get(`/api/core/voice/call/${first.body.callId}`);
      return body.status === 'completed';
    });
    const second = await member.post(START, { agentId, to: RINGS_LONG });
    expect(second.status).toBe(201);

    const number = (await as(gateway, ws.keys.admin).post('/api/core/voice/number', { agentId })).body.number;
    const inbound = await member.post('/api/core/voice/simulator/inbound', { to: number, from: '+14155559876' });
    expect(inbound.status).toBe(202);
    expect((await member.get('/api/core/voice/concurrency')).body).toMatchObject({ limit: 1, live: 2 });
    await endAll(ws);
  });

  it('the do-not-call list: add (idempotent), list, refuse start-call, remove; per workspace; audited', async () => {
    const { ws, agentId, member } = await workspace(10);
    const admin = as(gateway, ws.keys.admin);
    const added = await admin.post('/api/core/dnc', { number: '+1 415 555 2671', reason: 'Asked not to be called' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      number: '+14155552671',
      reason: 'Asked not to be called',
      createdAt: expect.any(String),
    });
    const again = await admin.post('/api/core/dnc', { number: '+14155552671' });
    expect(again.status).toBe(200);
    expect(again.body.reason).toBe('Asked not to be called');
    const list = await as(gateway, ws.keys.viewer).get('/api/core/dnc/list');
    expect(list.body).toEqual({ total: 1, list: [added.body] });

    expectError(await member.post(START, { agentId, to: '+14155552671' }), 422, /do-not-call/);
    const other = await workspace(10);
    expect((await other.member.post(START, { agentId: other.agentId, to: '+14155552671' })).status).toBe(201);
    // no such assistant (or another workspace's) is 404 before the listed number's 422, as before start-call read
    // the assistant in the admission statement itself
    expectError(await member.post(START, { agentId: 'agent_missing', to: '+14155552671' }), 404, /Assistant/);
    expectError(await member.post(START, { agentId: other.agentId, to: '+14155552671' }), 404, /Assistant/);

    expectError(await member.post('/api/core/dnc', { number: '+14155552672' }), 403);
    expectError(await admin.post('/api/core/dnc', { number: '555' }), 422, /number/);
    expectError(await admin.post('/api/core/dnc', {}), 400, /number/);
    expect((await admin.delete('/api/core/dnc/%2B14155552671')).status).toBe(204);
    expectError(await admin.delete('/api/core/dnc/%2B14155552671'), 404);
    expect((await member.post(START, { agentId, to: '+14155552671' })).status).toBe(201);
    const audit = await as(gateway, ws.keys.owner).get('/api/core/audit/list?pageSize=100');
    expect(audit.body.list.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['dnc.added', 'dnc.removed']),
    );
    await endAll(ws);
    await endAll(other.ws);
  });
});
