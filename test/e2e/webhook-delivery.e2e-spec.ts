import type { INestApplication } from '@nestjs/common';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { SIMULATOR_NUMBERS } from '@app/telephony';
import { PrismaService } from '@app/db';
import { DISABLED_REASONS } from '@app/webhooks';
import { startDispatcher, startEngine, useFastDelivery, useFastSimulator } from '../support/engine';
import {
  as,
  createAssistant,
  createWorkspace,
  expectError,
  startGateway,
  type TestWorkspace,
} from '../support/gateway';
import { isolateSuite, waitFor } from '../support/isolation';
import { Receiver } from '../support/receiver';
import { deliveriesWithAttempts } from '../support/delivery-history';

/** Webhook delivery end to end: gateway, engine and dispatcher against real HTTP receivers. */
describe('webhook delivery (spec part 6)', () => {
  let cleanup: () => Promise<void>;
  let gateway: INestApplication;
  let engine: INestApplication;
  let dispatcher: INestApplication;
  let ws: TestWorkspace;
  let agentId: string;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    cleanup = await isolateSuite('delivery');
    useFastSimulator();
    // The burst's receiver answers in 300 ms, in this process beside the three apps: at the fast 500 ms
    // timeout a loaded machine's event-loop lag timed a send out and the retry came twice. 900 ms leaves
    // each side about 600 ms: the 300 ms answer and the slow receiver's timeout bound (1,500 ms).
    useFastDelivery({ timeoutMs: 900 });
    process.env.DISPATCHER_CONCURRENCY = '6';
    process.env.WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT = '2';
    // Four first attempts in flight (200 by default): room for the hanging endpoint's cap and a healthy one's,
    // and few enough that a hanging endpoint without a cap would hold them all (see the hanging endpoint's test).
    process.env.FIRST_ATTEMPTS_IN_FLIGHT = '4';
    gateway = await startGateway();
    engine = await startEngine();
    dispatcher = await startDispatcher();
    ws = await createWorkspace(gateway, 'delivery');
    agentId = (await createAssistant(gateway, ws.keys.admin, { script: [{ hear: 'Hi' }, { hangup: 'assistant' }] }))
      .agentId;
  });
  afterAll(async () => {
    await dispatcher.close();
    await engine.close();
    await gateway.close();
    await Promise.all(receivers.map((r) => r.close()));
    await cleanup();
  });

  async function receiver(): Promise<Receiver> {
    const r = await Receiver.http();
    receivers.push(r);
    return r;
  }

  async function register(url: string, events: string[], key = ws.keys.admin) {
    const res = await as(gateway, key).post('/api/core/webhook', { url, events });
    expect(res.status).toBe(201);
    return res.body as { webhookId: string; secret: string };
  }

  async function startCall(to = '+14155552671', metadata: object = { case: expect.getState().currentTestName }) {
    const res = await as(gateway, ws.keys.member).post('/api/core/voice/agent/call', { agentId, to, metadata });
    expect(res.status).toBe(201);
    return res.body.callId as string;
  }

  const deliveriesOf = (webhookId: string) =>
    deliveriesWithAttempts(gateway.get(PrismaService), { webhookId }, { createdAt: 'asc' });

  it(
    'every subscribed event arrives once with the envelope, the Bearer key and a valid Standard Webhooks ' +
      'signature; others do not',
    async () => {
      const r = await receiver();
      const hook = await register(`${r.url}/hooks`, ['call.started', 'call.completed', 'transcript.ready']);
      const callId = await startCall('+14155552671', { orderId: 'A-1' });
      const got = await waitFor('the three subscribed events', async () => {
        const mine = r.forCalls([callId]);
        return mine.length >= 3 ? mine : undefined;
      });
      // a moment more: no unsubscribed event may trail in
      await waitFor('the call to be fully processed', async () => {
        const c = await gateway.get(PrismaService).call.findUnique({ where: { id: callId } });
        return c?.recordingReady && c.transcriptReady;
      });
      const events = await gateway.get(PrismaService).callEvent.findMany({ where: { callId } });
      await waitFor(
        'every event fanned out',
        async () => (await gateway.get(PrismaService).callEvent.count({ where: { callId, fannedOutAt: null } })) === 0,
      );
      expect(
        r
          .forCalls([callId])
          .map((x) => x.json.event)
          .sort(),
      ).toEqual(['call.completed', 'call.started', 'transcript.ready']);

      const verifier = new StandardWebhook(hook.secret);
      for (const req of got) {
        const stored = events.find((e) => e.type === req.json.event)!;
        expect(req.path).toBe('/hooks');
        expect(req.json).toEqual({
          event: stored.type,
          deliveryId: expect.stringMatching(/^dlv_/),
          occurredAt: stored.occurredAt.toISOString(),
          data: stored.data,
        });
        expect(req.headers['content-type']).toBe('application/json');
        expect(req.headers.authorization).toBe(`Bearer ${ws.keys.admin}`);
        expect(req.headers['user-agent']).toMatch(/^VoiceCallingService-Webhooks\//);
        expect(req.headers['webhook-id']).toBe(req.json.deliveryId);
        expect(req.headers['webhook-signature']).toMatch(/^v1,/);
        expect(() => verifier.verify(req.body, req.headers as Record<string, string>)).not.toThrow();
        expect(() =>
          new StandardWebhook('whsec_' + Buffer.alloc(32).toString('base64')).verify(
            req.body,
            req.headers as Record<string, string>,
          ),
        ).toThrow();
      }
      const completed = got.find((x) => x.json.event === 'call.completed')!;
      expect(completed.json.data).toMatchObject({
        callId,
        agentId,
        direction: 'outbound',
        endedReason: 'assistant-ended-call',
        language: 'en',
        metadata: { orderId: 'A-1' },
      });
      const log = await as(gateway, ws.keys.admin).get(
        `/api/core/webhook/${hook.webhookId}/deliveries?status=succeeded`,
      );
      expect(log.body.total).toBe(3);
    },
  );

  it(
    'a receiver failing the first attempts gets the same deliveryId on a later one, after growing waits; ' +
      'exhausted deliveries are failed, and retry and recover send them again',
    async () => {
      const r = await receiver();
      r.behaviour = (req, nth) => ({ status: nth <= 2 ? 503 : 200 });
      const hook = await register(r.url, ['call.started']);
      const callId = await startCall(SIMULATOR_NUMBERS.busy);
      const tries = await waitFor('a third attempt', async () => {
        const mine = r.forCalls([callId]);
        return mine.length >= 3 ? mine : undefined;
      });
      expect(new Set(tries.map((t) => t.json.deliveryId)).size).toBe(1);
      const gap1 = tries[1].at - tries[0].at;
      const gap2 = tries[2].at - tries[1].at;
      expect(gap2).toBeGreaterThan(gap1);
      const [delivery] = await waitFor('the delivery to succeed', async () => {
        const ds = await deliveriesOf(hook.webhookId);
        return ds.length === 1 && ds[0].status === 'succeeded' ? ds : undefined;
      });
      expect(delivery.attempts.map((a) => [a.number, a.statusCode, a.errorClass])).toEqual([
        [1, 503, 'http-status'],
        [2, 503, 'http-status'],
        [3, 200, null],
      ]);

      // now a receiver that always fails: 4 attempts, then failed
      r.behaviour = () => ({ status: 500 });
      const second = await startCall(SIMULATOR_NUMBERS.busy);
      const failed = await waitFor('the delivery to fail', async () => {
        const ds = (await deliveriesOf(hook.webhookId)).filter((d) => d.id !== delivery.id);
        return ds[0]?.status === 'failed' ? ds[0] : undefined;
      });
      expect(failed.attempts).toHaveLength(4);
      const detail = await as(gateway, ws.keys.admin).get(
        `/api/core/webhook/${hook.webhookId}/deliveries/${failed.id}`,
      );
      expect(detail.body).toMatchObject({
        deliveryId: failed.id,
        status: 'failed',
        attemptCount: 4,
        payload: { event: 'call.started', deliveryId: failed.id, data: { callId: second } },
      });
      expect(detail.body.attempts).toHaveLength(4);
      expect(detail.body.attempts[0]).toMatchObject({
        number: 1,
        statusCode: 500,
        errorClass: 'http-status',
        responseBody: 'status 500',
      });

      r.behaviour = () => ({ status: 200 });
      const retried = await as(gateway, ws.keys.admin).post(
        `/api/core/webhook/${hook.webhookId}/deliveries/${failed.id}/retry`,
      );
      expect(retried.status).toBe(202);
      expect(retried.body).toMatchObject({ deliveryId: failed.id, status: 'pending' });
      await waitFor(
        'the retried delivery to succeed',
        async () => (await deliveriesOf(hook.webhookId)).find((d) => d.id === failed.id)?.status === 'succeeded',
      );
      expect(r.forDelivery(failed.id).at(-1)?.headers['webhook-id']).toBe(failed.id);

      r.behaviour = () => ({ status: 500 });
      const since = new Date().toISOString();
      await startCall(SIMULATOR_NUMBERS.busy);
      const third = await waitFor('another failed delivery', async () =>
        (await deliveriesOf(hook.webhookId)).find((d) => d.status === 'failed'),
      );
      r.behaviour = () => ({ status: 200 });
      const recovered = await as(gateway, ws.keys.admin).post(`/api/core/webhook/${hook.webhookId}/recover`, { since });
      expect(recovered.status).toBe(202);
      expect(recovered.body).toEqual({ recovered: 1, deliveryIds: [third.id] });
      await waitFor(
        'the recovered delivery to succeed',
        async () => (await deliveriesOf(hook.webhookId)).find((d) => d.id === third.id)?.status === 'succeeded',
      );
      expectError(
        await as(gateway, ws.keys.admin).post(`/api/core/webhook/${hook.webhookId}/recover`, {}),
        400,
        /since is required/,
      );
      expectError(
        await as(gateway, ws.keys.admin).post(`/api/core/webhook/${hook.webhookId}/recover`, { since: 'yesterday' }),
        422,
        /since must be an ISO 8601/,
      );
      expectError(
        await as(gateway, ws.keys.admin).post(`/api/core/webhook/${hook.webhookId}/deliveries/dlv_nope/retry`),
        404,
      );
    },
  );

  it(
    '410 Gone disables the webhook; a 302 is a failure and is not followed; a receiver slower than the ' +
      'timeout is a failure',
    async () => {
      const gone = await receiver();
      gone.behaviour = () => ({ status: 410 });
      const goneHook = await register(gone.url, ['call.started']);
      const target = await receiver();
      const redirecting = await receiver();
      redirecting.behaviour = () => ({ status: 302, headers: { location: `${target.url}/elsewhere` } });
      const redirectHook = await register(redirecting.url, ['call.started']);
      const slow = await receiver();
      slow.behaviour = () => ({ status: 200, delayMs: 1500 });
      const slowHook = await register(slow.url, ['call.started']);

      await startCall(SIMULATOR_NUMBERS.busy);
      const [goneDelivery] = await waitFor('the 410 delivery to fail', async () => {
        const ds = await deliveriesOf(goneHook.webhookId);
        return ds[0]?.status === 'failed' ? ds : undefined;
      });
      expect(goneDelivery.attempts).toHaveLength(1);
      const goneRecord = await as(gateway, ws.keys.admin).get(`/api/core/webhook/${goneHook.webhookId}`);
      expect(goneRecord.body).toMatchObject({ enabled: false, disabledReason: DISABLED_REASONS.gone });

      const redirectAttempts = await waitFor(
        'a redirect attempt',
        async () => (await deliveriesOf(redirectHook.webhookId))[0]?.attempts[0],
      );
      expect(redirectAttempts).toMatchObject({ statusCode: 302, errorClass: 'redirect' });
      expect(target.received).toHaveLength(0);

      const slowAttempt = await waitFor(
        'a timed-out attempt',
        async () => (await deliveriesOf(slowHook.webhookId))[0]?.attempts[0],
      );
      expect(slowAttempt).toMatchObject({ statusCode: null, errorClass: 'timeout' });
      expect(slowAttempt.durationMs).toBeLessThan(1500);
      // stop these endpoints from retrying into the next tests
      for (const h of [redirectHook, slowHook])
        await as(gateway, ws.keys.admin).patch(`/api/core/webhook/${h.webhookId}`, { enabled: false });
    },
  );

  it('a hanging endpoint does not delay a healthy endpoint beyond 2 s', async () => {
    // With 200 first attempts in flight this test passed with the endpoint limiter switched off: the hanging
    // endpoint's sends never took them all. At the suite's 4 it fails without the limiter (2.2-3.8 s) and
    // passes with it (0.25 s). The healthy endpoint takes the calls' last event only: with both, its own 24
    // deliveries, two at a time (the suite's cap), took up to 0.5 s on a quiet machine and 2.09 s once in CI
    // beside the call suites, timing its own queue more than the hanging endpoint.
    const healthy = await receiver();
    await register(healthy.url, ['call.failed']);
    // The bound is about the hanging endpoint, not a cold process: the apps' first burst opens a dozen
    // PostgreSQL connections at once, and each costs PostgreSQL its start and its first statements'
    // catalog reads (1.1-2.1 s of latency on a 2-core machine; a running service keeps them open, see
    // DATABASE_POOL_IDLE_TIMEOUT_MS). The same burst first, awaited, leaves the pools as a running service's.
    const warmUp = await Promise.all(Array.from({ length: 12 }, () => startCall(SIMULATOR_NUMBERS.busy)));
    const prisma = gateway.get(PrismaService);
    await waitFor(
      'the warm-up burst to be delivered',
      async () => healthy.forCalls(warmUp).length === warmUp.length,
      20000,
    );
    const hanging = await receiver();
    hanging.behaviour = () => 'hang';
    const hangHook = await register(hanging.url, ['call.started', 'call.failed']);
    const callIds = await Promise.all(Array.from({ length: 12 }, () => startCall(SIMULATOR_NUMBERS.busy)));
    await waitFor(
      'the healthy endpoint to receive every event',
      async () => healthy.forCalls(callIds).length === callIds.length,
      20000,
    );
    const events = await prisma.callEvent.findMany({ where: { callId: { in: callIds } } });
    for (const req of healthy.forCalls(callIds)) {
      const event = events.find((e) => e.callId === req.json.data.callId && e.type === req.json.event)!;
      expect(req.at - event.occurredAt.getTime()).toBeLessThan(2000);
    }
    // the hanging endpoint was never given more than its share of workers
    expect(hanging.received.length).toBeGreaterThan(0);
    await as(gateway, ws.keys.admin).patch(`/api/core/webhook/${hangHook.webhookId}`, { enabled: false });
  });

  it('a burst at an endpoint held to 2 in flight: never more at once, parked sends woken as slots free', async () => {
    const busy = await receiver();
    let inFlight = 0;
    let most = 0;
    busy.behaviour = () => {
      most = Math.max(most, ++inFlight);
      setTimeout(() => inFlight--, 300);
      return { status: 200, delayMs: 300 };
    };
    const hook = await register(busy.url, ['call.started', 'call.failed']);
    const callIds = await Promise.all(Array.from({ length: 10 }, () => startCall(SIMULATOR_NUMBERS.busy)));
    const ours = () => busy.forCalls(callIds);
    await waitFor('every event at the endpoint', async () => ours().length === callIds.length * 2, 30000);
    expect(most).toBeLessThanOrEqual(2);
    expect(new Set(ours().map((r) => r.json.deliveryId)).size).toBe(callIds.length * 2);
    // 10 rounds of 300 ms two at a time: a parked send is woken by the slot its predecessor frees, not
    // by its fall-back timer (2.5 s to 7.5 s the first time; re-queued with a back-off instead, it took 9.7 s)
    const spanMs = ours().at(-1)!.at - ours()[0].at;
    expect(spanMs).toBeLessThan(10 * 300 + 3000);
    await as(gateway, ws.keys.admin).patch(`/api/core/webhook/${hook.webhookId}`, { enabled: false });
  });

  it(
    'revoking the registering key stops deliveries with a visible reason; updating the webhook with a live ' +
      'key resumes them',
    async () => {
      const r = await receiver();
      const created = await as(gateway, ws.keys.admin).post('/api/core/api-key', {
        name: 'webhook owner',
        role: 'admin',
      });
      const hook = await register(r.url, ['call.started'], created.body.key);
      const first = await startCall(SIMULATOR_NUMBERS.busy);
      await waitFor('a delivery with the first key', async () => r.forCalls([first])[0]);
      expect(r.received[0].headers.authorization).toBe(`Bearer ${created.body.key}`);

      expect((await as(gateway, ws.keys.admin).delete(`/api/core/api-key/${created.body.keyId}`)).status).toBe(204);
      // Dispatchers reuse a webhook's settings for up to a second: deliveries keep flowing until then.
      const stopped = await waitFor(
        'the webhook to be disabled',
        async () => {
          await startCall(SIMULATOR_NUMBERS.busy);
          const res = await as(gateway, ws.keys.admin).get(`/api/core/webhook/${hook.webhookId}`);
          return res.body.enabled === false ? res.body : undefined;
        },
        15000,
        200,
      );
      expect(stopped.disabledReason).toBe(DISABLED_REASONS.apiKeyRevoked);
      const second = await startCall(SIMULATOR_NUMBERS.busy);
      const pending = await waitFor('a held delivery', async () => {
        const ds = await deliveriesOf(hook.webhookId);
        return ds.find((d) => d.status === 'pending' && d.attempts.length === 0);
      });
      expect(pending.attempts).toHaveLength(0);
      expect(r.forCalls([second])[0]).toBeUndefined();

      const updated = await as(gateway, ws.keys.owner).patch(`/api/core/webhook/${hook.webhookId}`, {
        events: ['call.started'],
      });
      expect(updated.body).toMatchObject({ enabled: true, disabledReason: null });
      const resumed = await waitFor('the held delivery', async () => r.forCalls([second])[0]);
      expect(resumed.headers.authorization).toBe(`Bearer ${ws.keys.owner}`);
    },
  );

  it('POST …/test sends a webhook.test event now and answers with the outcome', async () => {
    const r = await receiver();
    const hook = await register(r.url, ['call.started']);
    const res = await as(gateway, ws.keys.admin).post(`/api/core/webhook/${hook.webhookId}/test`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      deliveryId: expect.stringMatching(/^dlv_/),
      success: true,
      statusCode: 200,
      errorClass: null,
    });
    expect(r.received).toHaveLength(1);
    expect(r.received[0].json).toMatchObject({
      event: 'webhook.test',
      deliveryId: res.body.deliveryId,
      data: { webhookId: hook.webhookId },
    });
    expect(() =>
      new StandardWebhook(hook.secret).verify(r.received[0].body, r.received[0].headers as Record<string, string>),
    ).not.toThrow();
    r.behaviour = () => ({ status: 500 });
    const failing = await as(gateway, ws.keys.admin).post(`/api/core/webhook/${hook.webhookId}/test`);
    expect(failing.body).toMatchObject({ success: false, statusCode: 500, errorClass: 'http-status' });
    // both sends are in the webhook's delivery log, with their attempt, newest first
    const log = await as(gateway, ws.keys.admin).get(`/api/core/webhook/${hook.webhookId}/deliveries`);
    expect(
      log.body.list.map((d: { deliveryId: string; event: string; status: string }) => [d.deliveryId, d.status]),
    ).toEqual([
      [failing.body.deliveryId, 'failed'],
      [res.body.deliveryId, 'succeeded'],
    ]);
    expect(log.body.list[0]).toMatchObject({ event: 'webhook.test', attemptCount: 1, lastError: 'http-status 500' });
    const detail = await as(gateway, ws.keys.admin).get(
      `/api/core/webhook/${hook.webhookId}/deliveries/${failing.body.deliveryId}`,
    );
    expect(detail.body.attempts).toEqual([expect.objectContaining({ number: 1, statusCode: 500 })]);
    expect(detail.body.payload).toEqual(r.received[1].json);
    // never in the workspace's event feed
    const feed = await as(gateway, ws.keys.admin).get('/api/core/event/list?limit=100');
    expect(feed.body.list.map((e: { event: string }) => e.event)).not.toContain('webhook.test');
  });

  it('the delivery log pages and filters, and is admin-only and per workspace', async () => {
    const hooks = await as(gateway, ws.keys.admin).get('/api/core/webhook/list');
    const some = hooks.body.list[0].webhookId;
    const page = await as(gateway, ws.keys.admin).get(
      `/api/core/webhook/${some}/deliveries?pageSize=1&event=call.started`,
    );
    expect(page.status).toBe(200);
    expect(page.body.list.length).toBeLessThanOrEqual(1);
    expectError(
      await as(gateway, ws.keys.admin).get(`/api/core/webhook/${some}/deliveries?status=lost`),
      400,
      /status must be one of/,
    );
    expectError(await as(gateway, ws.keys.member).get(`/api/core/webhook/${some}/deliveries`), 403);
    const other = await createWorkspace(gateway, 'delivery-other');
    expectError(await as(gateway, other.keys.owner).get(`/api/core/webhook/${some}/deliveries`), 404);
  });
});
