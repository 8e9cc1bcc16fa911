import { PrismaService } from '@app/db';
import { Stack } from '../support/stack';

/** Issue 16: the service on a three-master Redis Cluster, with two processes of each app. */
jest.setTimeout(180_000);

describe('on a Redis Cluster: two gateways, two engines, two dispatchers', () => {
  let stack: Stack;
  const START_CALL_BUDGET = 40;
  const CAP = 2;
  beforeAll(async () => {
    process.env.RATE_LIMIT_START_CALLS = String(START_CALL_BUDGET);
    process.env.RATE_LIMIT_WINDOW_MS = '600000';
    process.env.WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT = String(CAP);
    stack = await Stack.start({ cluster: true, gateways: 2, engines: 2, dispatchers: 2 });
  });
  afterAll(() => stack.stop());

  it(
    'a burst completes with every transition and event once, every delivery sent with one deliveryId per ' +
      '(event, webhook); the rate limit and the per-endpoint cap are shared',
    async () => {
      let inFlight = 0;
      let maxInFlight = 0;
      const slow = await stack.receiver(() => {
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        setTimeout(() => inFlight--, 60);
        return { status: 200, delayMs: 60 };
      });
      const fast = await stack.receiver();

      const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => stack.startCall(i)));
      expect(burst.map((r) => r.status)).toEqual(Array(30).fill(201));
      const calls = burst.map((r) => r.callId!);
      await stack.audit(calls, [slow, fast], 90_000);
      // the work went through the cluster (REDIS_URL points nowhere), one queue on each master
      expect((await stack.cluster!.keyCounts()).every((n) => n > 0)).toBe(true);

      // one delivery row per (event, webhook), each with its own deliveryId
      const prisma = stack.fixtures.get(PrismaService);
      const events = await prisma.callEvent.findMany({ where: { callId: { in: calls } } });
      const deliveries = await prisma.webhookDelivery.findMany({ where: { eventId: { in: events.map((e) => e.id) } } });
      expect(deliveries).toHaveLength(events.length * 2);
      expect(new Set(deliveries.map((d) => `${d.eventId}/${d.webhookId}`)).size).toBe(deliveries.length);
      expect(new Set(deliveries.map((d) => d.id)).size).toBe(deliveries.length);
      // both dispatchers together kept the slow endpoint at its cap
      expect(maxInFlight).toBeGreaterThan(0);
      expect(maxInFlight).toBeLessThanOrEqual(CAP);

      // 30 of the 40 start-calls of the window are spent; 20 more through both gateways: 10 pass
      const more = await Promise.all(Array.from({ length: 20 }, (_, i) => stack.startCall(i)));
      const statuses = more.map((r) => r.status).sort();
      expect(statuses).toEqual([...Array(START_CALL_BUDGET - 30).fill(201), ...Array(10).fill(429)]);
      await stack.audit(
        more.filter((r) => r.callId).map((r) => r.callId!),
        [fast],
        90_000,
      );
    },
  );
});

describe('on a Redis Cluster: one master loses its data mid-burst', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await Stack.start({ cluster: true });
  });
  afterAll(() => stack.stop());

  it.each([0, 1, 2])('master %i flushed: every accepted call ends and every event is delivered', async (master) => {
    const hook = await stack.receiver();
    const calls: string[] = [];
    for (let i = 0; i < 8; i++) calls.push((await stack.startCall(i)).callId!);
    await stack.cluster!.flushMaster(master);
    for (let i = 8; i < 12; i++) calls.push((await stack.startCall(i)).callId!);
    expect(calls.every(Boolean)).toBe(true);
    await stack.audit(calls, [hook]);
  });
});
