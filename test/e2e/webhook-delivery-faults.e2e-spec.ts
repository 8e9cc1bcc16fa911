import type { INestApplication } from '@nestjs/common';
import { PrismaService } from '@app/db';
import { useFastDelivery, useFastSimulator } from '../support/engine';
import { as, createAssistant, createWorkspace, startGateway } from '../support/gateway';
import { isolateSuite, unfinishedCalls, waitFor } from '../support/isolation';
import { spawnApp, startRedis, type AppProcess } from '../support/processes';
import { Receiver } from '../support/receiver';

/**
 * At-least-once delivery across a crash: the dispatcher is SIGKILLed mid-burst and its Redis (the
 * test's own) flushed; after a restart every delivery is sent, none lost. Deliveries go to a real
 * HTTPS receiver whose certificate the dispatcher process trusts through NODE_EXTRA_CA_CERTS.
 */
describe('webhook delivery under faults (dispatcher process, HTTPS receiver)', () => {
  let cleanup: () => Promise<void>;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let gateway: INestApplication;
  let receiver: Receiver & { caFile: string };
  const apps: AppProcess[] = [];

  beforeAll(async () => {
    cleanup = await isolateSuite('delivery_faults');
    redis = await startRedis();
    process.env.REDIS_URL = redis.url;
    useFastSimulator();
    useFastDelivery();
    process.env.WEBHOOK_ALLOW_HTTP = 'false';
    process.env.WEBHOOK_MAX_ATTEMPTS = '8';
    receiver = await Receiver.https();
    receiver.behaviour = () => ({ status: 200, delayMs: 20 });
    gateway = await startGateway();
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.kill('SIGKILL')));
    await gateway.close();
    await receiver.close();
    await redis.stop();
    await cleanup();
  });

  const dispatcherEnv = () => ({ NODE_EXTRA_CA_CERTS: receiver.caFile });

  it(
    'SIGKILL mid-burst plus a flushed Redis: after restart every delivery is sent and the log shows none ' + 'lost',
    async () => {
      apps.push(await spawnApp('call-engine', {}));
      const firstDispatcher = await spawnApp('webhook-dispatcher', dispatcherEnv());
      apps.push(firstDispatcher);
      const ws = await createWorkspace(gateway, 'delivery-faults');
      const agentId = (
        await createAssistant(gateway, ws.keys.admin, { script: [{ hear: 'Hi' }, { hangup: 'customer' }] })
      ).agentId;
      const hook = await as(gateway, ws.keys.admin).post('/api/core/webhook', {
        url: `${receiver.url}/hooks`,
        events: [
          'call.started',
          'call.connected',
          'call.completed',
          'call.failed',
          'transcript.ready',
          'recording.ready',
        ],
      });
      expect(hook.status).toBe(201);

      const calls: string[] = [];
      const start = async (n: number) => {
        for (let i = 0; i < n; i++) {
          const to = i % 3 === 0 ? '+15005550002' : '+14155552671';
          calls.push(
            (await as(gateway, ws.keys.member).post('/api/core/voice/agent/call', { agentId, to })).body.callId,
          );
        }
      };
      await start(15);
      await waitFor('deliveries under way', async () => receiver.received.length >= 5, 20000, 10);
      await firstDispatcher.kill('SIGKILL');
      await redis.flush();
      await start(3);
      apps.push(await spawnApp('webhook-dispatcher', dispatcherEnv()));

      const prisma = gateway.get(PrismaService);
      await waitFor(
        'every call to finish with its media',
        async () => (await prisma.call.count({ where: unfinishedCalls(calls) })) === 0,
        45000,
        100,
      );
      const events = await prisma.callEvent.findMany({ where: { callId: { in: calls } } });
      await waitFor(
        'a succeeded delivery for every event',
        async () =>
          (await prisma.webhookDelivery.count({ where: { webhookId: hook.body.webhookId, status: 'succeeded' } })) ===
          events.length,
        45000,
        100,
      );
      const deliveries = await prisma.webhookDelivery.findMany({ where: { webhookId: hook.body.webhookId } });
      expect(deliveries).toHaveLength(events.length);
      expect(new Set(deliveries.map((d) => d.eventId))).toEqual(new Set(events.map((e) => e.id)));
      const receivedIds = new Set(receiver.received.map((r) => r.json.deliveryId));
      for (const d of deliveries) expect(receivedIds.has(d.id)).toBe(true);
      expect(receiver.received.every((r) => r.headers.authorization === `Bearer ${ws.keys.admin}`)).toBe(true);
    },
  );
});
