import type { INestApplication } from '@nestjs/common';
import { SIMULATOR_NUMBERS } from '@app/telephony';
import { PrismaService } from '@app/db';
import { useFastSimulator } from '../support/engine';
import { as, createAssistant, createWorkspace, startGateway, type TestWorkspace } from '../support/gateway';
import { isolateSuite, unfinishedCalls, waitFor } from '../support/isolation';
import { spawnApp, startRedis, type AppProcess } from '../support/processes';

const SCRIPT = [
  { hear: 'Hello?' },
  { say: Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ') },
  { hangup: 'assistant' },
];

/** Events each kind of call must end up with, exactly once each. */
function expectedEvents(to: string): string[] {
  switch (to) {
    case SIMULATOR_NUMBERS.noAnswer:
    case SIMULATOR_NUMBERS.busy:
    case SIMULATOR_NUMBERS.unreachable:
      return ['call.started', 'call.failed'];
    case SIMULATOR_NUMBERS.dropsMidCall:
      return ['call.started', 'call.connected', 'call.failed', 'transcript.ready', 'recording.ready'];
    default:
      return ['call.started', 'call.connected', 'call.completed', 'transcript.ready', 'recording.ready'];
  }
}

const NUMBERS = [
  '+14155552671',
  '+14155552672',
  SIMULATOR_NUMBERS.noAnswer,
  SIMULATOR_NUMBERS.busy,
  SIMULATOR_NUMBERS.dropsMidCall,
  SIMULATOR_NUMBERS.unreachable,
];

describe("call engine under faults (engine processes, a Redis of the test's own)", () => {
  let cleanup: () => Promise<void>;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let gateway: INestApplication;
  let ws: TestWorkspace;
  let agentId: string;
  const engines: AppProcess[] = [];

  beforeAll(async () => {
    cleanup = await isolateSuite('engine_faults');
    redis = await startRedis();
    process.env.REDIS_URL = redis.url;
    useFastSimulator();
    process.env.SIM_MS_PER_WORD = '25';
    gateway = await startGateway();
    ws = await createWorkspace(gateway, 'faults');
    agentId = (await createAssistant(gateway, ws.keys.admin, { script: SCRIPT })).agentId;
  });
  afterAll(async () => {
    await Promise.all(engines.map((e) => e.kill('SIGKILL')));
    await gateway.close();
    await redis.stop();
    await cleanup();
  });

  const startEngineProcess = async () => {
    const engine = await spawnApp('call-engine', {});
    engines.push(engine);
    return engine;
  };

  async function startCalls(count: number): Promise<{ callId: string; to: string }[]> {
    const calls = [];
    for (let i = 0; i < count; i++) {
      const to = NUMBERS[i % NUMBERS.length];
      const res = await as(gateway, ws.keys.member).post('/api/core/voice/agent/call', { agentId, to });
      expect(res.status).toBe(201);
      calls.push({ callId: res.body.callId as string, to });
    }
    return calls;
  }

  /** Every call final with its media, every event exactly once, in sequence, and published. */
  async function audit(calls: { callId: string; to: string }[]) {
    const prisma = gateway.get(PrismaService);
    const ids = calls.map((c) => c.callId);
    await waitFor(
      'every call to finish with its media and every event to be published',
      async () => {
        const [open, unpublished] = await Promise.all([
          prisma.call.count({ where: unfinishedCalls(ids) }),
          prisma.callEvent.count({ where: { callId: { in: ids }, publishedAt: null } }),
        ]);
        return open === 0 && unpublished === 0;
      },
      45000,
      100,
    );
    for (const { callId, to } of calls) {
      const events = await prisma.callEvent.findMany({ where: { callId }, orderBy: { sequence: 'asc' } });
      expect({ callId, to, events: events.map((e) => e.type) }).toEqual({ callId, to, events: expectedEvents(to) });
      expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
    }
  }

  it(
    'SIGKILL of the engine mid-call plus a flushed Redis: after restart every call is final and every event ' +
      'exists once',
    async () => {
      const engine = await startEngineProcess();
      const calls = await startCalls(12);
      const prisma = gateway.get(PrismaService);
      await waitFor(
        'some calls to be mid-conversation',
        async () =>
          (await prisma.call.count({ where: { id: { in: calls.map((c) => c.callId) }, status: 'in_progress' } })) >= 2,
        15000,
        10,
      );
      await engine.kill('SIGKILL');
      await redis.flush();
      // Calls started while no engine runs and Redis is empty are not lost either.
      calls.push(...(await startCalls(3)));
      await startEngineProcess();
      await audit(calls);
    },
  );

  it('two engines on the same queues: no duplicate transitions or events across a burst', async () => {
    await startEngineProcess();
    const calls = await startCalls(30);
    await audit(calls);
  });
});
