import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { PrismaService } from '@app/db';
import { SIMULATOR_NUMBERS } from '@app/telephony';
import { startDispatcher, startEngine, statusesFromEvents, useFastDelivery, useFastSimulator } from '../support/engine';
import {
  as,
  createAssistant,
  createWorkspace,
  expectError,
  startGateway,
  type TestWorkspace,
} from '../support/gateway';
import { isolateSuite, waitFor } from '../support/isolation';
import { Receiver, type Received } from '../support/receiver';

const RING = '/api/core/voice/simulator/inbound';
const NUMBERS = '/api/core/voice/number';
const CALLER = '+14155559876';
const FINAL = ['completed', 'failed', 'no-answer'];
const ALL_EVENTS = [
  'call.started',
  'call.connected',
  'call.completed',
  'call.failed',
  'transcript.ready',
  'recording.ready',
];

/** Inbound calls through the simulated carrier, and choosing their assistant per call (issue 13). */
describe('inbound calls', () => {
  let cleanup: () => Promise<void>;
  let gateway: INestApplication;
  let engine: INestApplication;
  let dispatcher: INestApplication;
  let ws: TestWorkspace;
  let agentId: string;
  let otherAgentId: string;
  let hooks: Receiver;
  let chooser: Receiver;

  beforeAll(async () => {
    cleanup = await isolateSuite('inbound');
    useFastSimulator();
    useFastDelivery();
    process.env.ASSISTANT_REQUEST_TIMEOUT_MS = '400';
    process.env.RECORDINGS_DIR = mkdtempSync(join(tmpdir(), 'recordings-'));
    gateway = await startGateway();
    engine = await startEngine();
    dispatcher = await startDispatcher();
    ws = await createWorkspace(gateway, 'inbound');
    const script = [
      { hear: 'Hi, I would like to book a table.' },
      { say: 'Of course, for when?' },
      { hangup: 'customer' },
    ];
    agentId = (await createAssistant(gateway, ws.keys.admin, { firstMessage: 'Hello, Bistro Ada.', script })).agentId;
    otherAgentId = (await createAssistant(gateway, ws.keys.admin, { name: 'Night line', language: 'de', script }))
      .agentId;
    hooks = await Receiver.http();
    chooser = await Receiver.http();
    const hook = await as(gateway, ws.keys.admin).post('/api/core/webhook', { url: hooks.url, events: ALL_EVENTS });
    expect(hook.status).toBe(201);
  });
  afterAll(async () => {
    await dispatcher.close();
    await engine.close();
    await gateway.close();
    await hooks.close();
    await chooser.close();
    await cleanup();
  });

  const admin = () => as(gateway, ws.keys.admin);
  const member = () => as(gateway, ws.keys.member);

  async function number(body: object = {}) {
    const res = await admin().post(NUMBERS, body);
    expect(res.status).toBe(201);
    return res.body as { numberId: string; number: string; assistantRequestSecret: string };
  }

  /** Rings the number and follows the call until it is final and its media are settled. */
  async function ring(to: string, from = CALLER) {
    const rung = await member().post(RING, { to, from });
    expect(rung.status).toBe(202);
    expect(rung.body).toEqual({ callId: expect.stringMatching(/^call_/), status: 'ringing' });
    const callId: string = rung.body.callId;
    const call = await waitFor(
      `inbound call ${callId} to finish`,
      async () => {
        const { body } = await member().get(`/api/core/voice/call/${callId}`);
        const settled =
          FINAL.includes(body.status) && (!body.connectedAt || (body.transcriptReady && body.recordingReady));
        return settled ? body : undefined;
      },
      20000,
      10,
    );
    const events = await gateway
      .get(PrismaService)
      .callEvent.findMany({ where: { callId }, orderBy: { sequence: 'asc' } });
    // the statuses it went through, from its events: polling missed a short in-progress under load
    const statuses = statusesFromEvents(events, call.status);
    return { callId, statuses, call, events };
  }

  // One arrival per delivery, as a receiver de-duplicates on deliveryId (README "Webhook delivery"): this suite's
  // receiver shares its process with the engine, and an answer later than the 500 ms timeout gets a retry.
  const deliveriesOf = (callId: string) =>
    waitFor(`deliveries of ${callId}`, async () => {
      const got = Receiver.onePerDelivery(hooks.forCalls([callId]));
      const kinds = new Set(got.map((r) => r.json.event));
      const { count } = await gateway
        .get(PrismaService)
        .callEvent.aggregate({ where: { callId }, _count: true })
        .then((a) => ({ count: a._count }));
      return kinds.size === count ? got : undefined;
    });

  it('is answered by the number’s assistant: states, events with direction/from/to, media, webhooks', async () => {
    const n = await number({ agentId, label: 'Bookings' });
    const { callId, statuses, call, events } = await ring(n.number);
    expect(statuses).toEqual(['ringing', 'in-progress', 'completed']);
    expect(call).toMatchObject({
      direction: 'inbound',
      agentId,
      from: CALLER,
      to: n.number,
      numberId: n.numberId,
      status: 'completed',
      endedReason: 'customer-ended-call',
      transcriptReady: true,
      recordingReady: true,
    });
    expect(events.map((e) => e.type)).toEqual([
      'call.started',
      'call.connected',
      'call.completed',
      'transcript.ready',
      'recording.ready',
    ]);
    events.forEach((e, i) => {
      expect(e.sequence).toBe(i + 1);
      expect(e.data).toMatchObject({ callId, agentId, direction: 'inbound', from: CALLER, to: n.number });
    });
    expect(events[0].data).toMatchObject({ language: 'en', metadata: null });

    const transcript = await member().get(`/api/core/voice/call/${callId}/transcript`);
    expect(transcript.status).toBe(200);
    expect(JSON.stringify(transcript.body)).toContain('book a table');
    const recording = await member().get(`/api/core/voice/call/${callId}/recording`);
    expect(recording.status).toBe(200);
    expect(recording.headers['content-type']).toMatch(/audio\/wav/);

    const inbound = await member().get('/api/core/voice/call/list?direction=inbound');
    expect(inbound.body.list.map((c: { callId: string }) => c.callId)).toContain(callId);
    const byCaller = await member().get(`/api/core/voice/call/list?from=${encodeURIComponent(CALLER)}`);
    expect(byCaller.body.list.map((c: { callId: string }) => c.callId)).toContain(callId);
    expect((await member().get('/api/core/voice/call/list?direction=outbound')).body.total).toBe(0);

    const delivered = await deliveriesOf(callId);
    expect(delivered.map((d) => d.json.event).sort()).toEqual(events.map((e) => e.type).sort());
    for (const d of delivered) expect(d.json.data).toMatchObject({ direction: 'inbound', from: CALLER, to: n.number });
  });

  it('simulated callers: one hangs up while ringing, one drops mid-conversation', async () => {
    const n = await number({ agentId });
    const gaveUp = await ring(n.number, SIMULATOR_NUMBERS.hangsUpWhileRinging);
    expect(gaveUp.statuses).toEqual(['ringing', 'failed']);
    expect(gaveUp.call).toMatchObject({ endedReason: 'customer-ended-call', connectedAt: null, durationSec: 0 });
    expect(gaveUp.events.map((e) => e.type)).toEqual(['call.started', 'call.failed']);
    expect(gaveUp.events[1].data).toMatchObject({ stage: 'ringing', endedReason: 'customer-ended-call' });

    const dropped = await ring(n.number, SIMULATOR_NUMBERS.dropsMidCall);
    expect(dropped.statuses).toEqual(['ringing', 'in-progress', 'failed']);
    expect(dropped.call).toMatchObject({ endedReason: 'carrier-error', transcriptReady: true, recordingReady: true });
    expect(dropped.events[2].data).toMatchObject({ stage: 'in-progress', direction: 'inbound' });
  });

  it('a number with no assistant and no assistantRequestUrl: the call fails with no-assistant', async () => {
    const n = await number();
    const { statuses, call, events } = await ring(n.number);
    expect(statuses).toEqual(['ringing', 'failed']);
    expect(call).toMatchObject({ agentId: null, endedReason: 'no-assistant' });
    expect(events.map((e) => e.type)).toEqual(['call.started', 'call.failed']);
    expect(events[0].data).toMatchObject({ agentId: null, direction: 'inbound' });
  });

  it('refuses to ring numbers the workspace does not hold, and bad input', async () => {
    const other = await createWorkspace(gateway, 'inbound-other');
    const theirs = (await as(gateway, other.keys.admin).post(NUMBERS, {})).body;
    expectError(await member().post(RING, { to: theirs.number, from: CALLER }), 404);
    expectError(await member().post(RING, { to: '+14155550199', from: CALLER }), 404);
    const released = await number({ agentId });
    expect((await admin().delete(`${NUMBERS}/${released.numberId}`)).status).toBe(204);
    expectError(await member().post(RING, { to: released.number, from: CALLER }), 404);
    expectError(await member().post(RING, { to: released.number }), 400, /from/);
    expectError(await member().post(RING, { to: released.number, from: 'x' }), 422, /from/);
    expectError(await as(gateway, ws.keys.viewer).post(RING, { to: released.number, from: CALLER }), 403);
  });

  describe('choosing the assistant per call (assistantRequestUrl)', () => {
    const requestsFor = (callId: string) => chooser.forCalls([callId]);

    function verifies(req: Received, secret: string) {
      expect(() => new StandardWebhook(secret).verify(req.body, req.headers as Record<string, string>)).not.toThrow();
    }

    it('the server picks the assistant and adds metadata; the request is signed like a webhook', async () => {
      chooser.behaviour = () => ({ status: 200, json: { agentId: otherAgentId, metadata: { crmId: 'C-7' } } });
      const n = await number({ agentId, assistantRequestUrl: `${chooser.url}/choose` });
      const { callId, call, events } = await ring(n.number);
      expect(call).toMatchObject({
        agentId: otherAgentId,
        language: 'de',
        metadata: { crmId: 'C-7' },
        status: 'completed',
      });
      expect(events[0].data).toMatchObject({ agentId: otherAgentId, metadata: { crmId: 'C-7' }, language: 'de' });
      const [req] = requestsFor(callId);
      expect(req.path).toBe('/choose');
      expect(req.json).toEqual({
        event: 'assistant.request',
        deliveryId: expect.stringMatching(/^dlv_/),
        occurredAt: expect.any(String),
        data: { callId, numberId: n.numberId, from: CALLER, to: n.number },
      });
      expect(req.headers['webhook-id']).toBe(req.json.deliveryId);
      verifies(req, n.assistantRequestSecret);
      expect(() =>
        new StandardWebhook('whsec_' + Buffer.alloc(32).toString('base64')).verify(
          req.body,
          req.headers as Record<string, string>,
        ),
      ).toThrow();
    });

    it('a slow server or an unknown agentId falls back to the number’s agentId', async () => {
      const n = await number({ agentId, assistantRequestUrl: chooser.url });
      chooser.behaviour = () => ({ status: 200, json: { agentId: otherAgentId }, delayMs: 1500 });
      const slow = await ring(n.number);
      expect(slow.call).toMatchObject({ agentId, status: 'completed' });
      expect(requestsFor(slow.callId)).toHaveLength(1);

      chooser.behaviour = () => ({ status: 200, json: { agentId: 'agent_not_ours' } });
      const unknown = await ring(n.number);
      expect(unknown.call).toMatchObject({ agentId, status: 'completed' });
    });

    it('an erroring server with no fallback fails the call with assistant-request-failed', async () => {
      chooser.behaviour = () => ({ status: 500 });
      const n = await number({ assistantRequestUrl: chooser.url });
      const { callId, call, events } = await ring(n.number);
      expect(call).toMatchObject({ status: 'failed', agentId: null, endedReason: 'assistant-request-failed' });
      expect(events.map((e) => e.type)).toEqual(['call.started', 'call.failed']);
      expect(events[1].data).toMatchObject({
        endedReason: 'assistant-request-failed',
        stage: 'ringing',
        agentId: null,
      });
      verifies(requestsFor(callId)[0], n.assistantRequestSecret);
    });

    it('a rejecting server fails the call with rejected, even with a fallback', async () => {
      chooser.behaviour = () => ({ status: 200, json: { reject: true } });
      const n = await number({ agentId, assistantRequestUrl: chooser.url });
      const { call, events } = await ring(n.number);
      expect(call).toMatchObject({ status: 'failed', endedReason: 'rejected', connectedAt: null });
      expect(events.map((e) => e.type)).toEqual(['call.started', 'call.failed']);
    });
  });
});
