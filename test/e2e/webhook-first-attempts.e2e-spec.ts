import type { INestApplication } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { Worker, type Queue } from 'bullmq';
import { PrismaService } from '@app/db';
import { AppConfig, newId } from '@app/platform';
import { bullConnection, closeBullConnections, JobQueues, jobOptions, QueueName, queuePrefix } from '@app/queues';
import { FairShare } from '@app/queues/fair-share';
import {
  DispatchReconciler,
  RECONCILE_BATCH,
} from '../../apps/webhook-dispatcher/src/reconciler/dispatch-reconciler.service';
import { FanOutConsumer } from '../../apps/webhook-dispatcher/src/fan-out/fan-out.consumer';
import { startDispatcher, startEngine, useFastDelivery, useFastSimulator } from '../support/engine';
import { as, createAssistant, createWorkspace, startGateway } from '../support/gateway';
import { isolateSuite, waitFor } from '../support/isolation';
import { Receiver } from '../support/receiver';
import { deliveriesWithAttempts } from '../support/delivery-history';

/**
 * A fan-out's first attempts wait their turn (FIRST_ATTEMPTS_IN_FLIGHT). One that waits longer than
 * the reconciler's quiet time (3 s at a 2 s timeout) has its delivery queued again as lost; the job
 * and the late first attempt must not both send it. The timeout is long enough that a loaded machine
 * does not time a send out (a retry would be a legitimate second request).
 */
describe('webhook first attempts that wait their turn', () => {
  let cleanup: () => Promise<void>;
  let gateway: INestApplication;
  let engine: INestApplication;
  let dispatcher: INestApplication;
  let receiver: Receiver;

  beforeAll(async () => {
    cleanup = await isolateSuite('first_attempts');
    useFastSimulator();
    useFastDelivery({ timeoutMs: 2000 });
    process.env.FIRST_ATTEMPTS_IN_FLIGHT = '1';
    process.env.DISPATCH_RECONCILE_INTERVAL_MS = '300';
    receiver = await Receiver.http();
    receiver.behaviour = () => ({ status: 200, delayMs: 150 });
    gateway = await startGateway();
    engine = await startEngine();
    dispatcher = await startDispatcher();
  });
  afterAll(async () => {
    await dispatcher.close();
    await engine.close();
    await gateway.close();
    await receiver.close();
    await cleanup();
  });

  it('a delivery the reconciler queued while its first attempt waited is sent once', async () => {
    const ws = await createWorkspace(gateway, 'first-attempts');
    const { agentId } = await createAssistant(gateway, ws.keys.admin, {
      script: [{ hear: 'Hi' }, { hangup: 'customer' }],
    });
    const events = ['call.started', 'call.connected', 'call.completed', 'transcript.ready', 'recording.ready'];
    const hook = await as(gateway, ws.keys.admin).post('/api/core/webhook', { url: receiver.url, events });
    expect(hook.status).toBe(201);
    const calls = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const res = await as(gateway, ws.keys.member).post('/api/core/voice/agent/call', {
          agentId,
          to: '+14155552671',
        });
        expect(res.status).toBe(201);
        return res.body.callId as string;
      }),
    );
    const prisma = gateway.get(PrismaService);
    const expected = calls.length * events.length;
    const deliveries = await waitFor(
      'every delivery to succeed',
      async () => {
        const ds = await deliveriesWithAttempts(prisma, { webhookId: hook.body.webhookId });
        return ds.length === expected && ds.every((d) => d.status === 'succeeded') ? ds : undefined;
      },
      60_000,
    );
    // the scenario happened: one at a time, 150 ms each, some deliveries were first tried after the
    // reconciler's quiet time
    const waited = deliveries.filter((d) => d.attempts[0].startedAt.getTime() - d.createdAt.getTime() > 3000);
    expect(waited.length).toBeGreaterThan(0);
    // ... and each was sent once: one attempt, one request at the receiver
    expect(deliveries.filter((d) => d.attempts.length !== 1)).toEqual([]);
    const perDelivery = new Map<string, number>();
    for (const r of receiver.received)
      perDelivery.set(r.json.deliveryId, (perDelivery.get(r.json.deliveryId) ?? 0) + 1);
    expect(perDelivery.size).toBe(expected);
    expect([...perDelivery.values()].filter((n) => n !== 1)).toEqual([]);
  });

  /**
   * A workspace whose webhook at `path` takes call.started, and an ended call of it; `event` makes a row of that call a
   * minute old (past the reconciler's grace), with the service's kind of id.
   */
  async function endedCallWithHook(name: string, path: string) {
    const ws = await createWorkspace(gateway, name);
    const { agentId } = await createAssistant(gateway, ws.keys.admin, { script: [{ hangup: 'assistant' }] });
    const hook = await as(gateway, ws.keys.admin).post('/api/core/webhook', {
      url: `${receiver.url}${path}`,
      events: ['call.started'],
    });
    expect(hook.status).toBe(201);
    const call = await gateway.get(PrismaService).call.create({
      data: {
        id: newId('call'),
        workspaceId: ws.workspaceId,
        assistantId: agentId,
        to: '+14155552671',
        language: 'en',
        status: 'completed',
        endedAt: new Date(),
        transcriptReady: true,
        recordingReady: true,
      },
    });
    const event = (type: string, sequence: number, id = newId('event')) => ({
      id,
      workspaceId: ws.workspaceId,
      callId: call.id,
      type,
      sequence,
      data: { callId: call.id },
      occurredAt: new Date(Date.now() - 60_000),
      publishedAt: new Date(),
    });
    return { workspaceId: ws.workspaceId, call, event };
  }

  it(
    'the reconciler leaves an event whose fan-out job waits behind a backlog to that job, and finds a lost one ' +
      'behind a batch of them',
    async () => {
      const { workspaceId, call, event } = await endedCallWithHook('queued-fan-outs', '/lost');
      const prisma = gateway.get(PrismaService);
      // a batch of the reconciler's whose fan-out jobs wait in the queue (delayed, as behind a backlog), then one
      // whose job is gone; only that one is subscribed to
      const queued = Array.from({ length: RECONCILE_BATCH }, (_, i) => event('call.connected', i + 1));
      const lost = event('call.started', RECONCILE_BATCH + 1);
      // the jobs first: a pass between the rows' commit and the jobs' add would rightly take the events for lost
      const fanOuts = dispatcher.get<Queue>(getQueueToken(QueueName.DomainEvents));
      const jobs = queued.map((e) => {
        const data = { eventId: e.id, workspaceId };
        return { name: 'fan-out', data, opts: { ...jobOptions('fan-out', data, new FairShare()), delay: 600_000 } };
      });
      await fanOuts.addBulk(jobs);
      await prisma.callEvent.createMany({ data: [...queued, lost] });

      const arrived = await waitFor('the lost event delivered', async () =>
        receiver.forCalls([call.id]).find((r) => r.path === '/lost'),
      );
      expect(arrived.json.event).toBe('call.started');
      // passes made since leave the queued ones to their jobs: not fanned out, no deliveries
      const reconciler = dispatcher.get(DispatchReconciler);
      for (let pass = 0; pass < 3; pass++) await reconciler.tick();
      const queuedIds = queued.map((e) => e.id);
      expect(await prisma.callEvent.count({ where: { id: { in: queuedIds }, fannedOutAt: { not: null } } })).toBe(0);
      expect(await prisma.webhookDelivery.count({ where: { eventId: { in: queuedIds } } })).toBe(0);

      // their jobs run: fanned out by them
      const jobQueues = dispatcher.get(JobQueues);
      await Promise.all(queuedIds.map((eventId) => jobQueues.promote('fan-out', eventId)));
      await waitFor(
        'the queued events fanned out by their jobs',
        async () => (await prisma.callEvent.count({ where: { id: { in: queuedIds }, fannedOutAt: null } })) === 0,
      );
    },
  );

  it('the reconciler fans out an event whose fan-out job a worker took and died holding', async () => {
    const { workspaceId, call, event } = await endedCallWithHook('held-fan-out', '/held');
    const eventId = newId('event');
    const data = { eventId, workspaceId };
    // The job is taken by a worker of the test's, which then dies holding it: active, its lock for 5 minutes; the
    // reconciler fans the event out once the job was taken longer ago than an attempt can take (3 s here).
    // The dispatcher's own fan-out worker is stopped first as at its shutdown (a paused one still took the job), so
    // that it cannot take the job, nor its stalled check give it back: only the reconciler can deliver the event
    // (this suite's last test; the app's own shutdown repeats the stop harmlessly).
    await dispatcher.get(FanOutConsumer).beforeApplicationShutdown();
    const fanOuts = dispatcher.get<Queue>(getQueueToken(QueueName.DomainEvents));
    const config = dispatcher.get(AppConfig);
    const connection = bullConnection(config, 'worker');
    const prefix = queuePrefix(config, QueueName.DomainEvents);
    const dying = new Worker(QueueName.DomainEvents, null, { connection, prefix, lockDuration: 300_000 });
    try {
      await fanOuts.add('fan-out', data, jobOptions('fan-out', data, new FairShare()));
      expect((await dying.getNextJob('dying-worker'))?.id).toBe(eventId);
      await dying.close(true);
    } finally {
      closeBullConnections([connection]);
    }
    expect(await fanOuts.getJobState(eventId)).toBe('active');
    await gateway.get(PrismaService).callEvent.create({ data: event('call.started', 1, eventId) });
    const arrived = await waitFor('the held event delivered', async () =>
      receiver.forCalls([call.id]).find((r) => r.path === '/held'),
    );
    expect(arrived.json.event).toBe('call.started');
    expect(await fanOuts.getJobState(eventId)).toBe('active');
  });
});
