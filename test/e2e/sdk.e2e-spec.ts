import type { INestApplication } from '@nestjs/common';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { isEvent, VoiceClient, type EventName, type WebhookEvent } from '@app/sdk';
import { startDispatcher, startEngine, useFastDelivery, useFastSimulator } from '../support/engine';
import { createWorkspace, startGateway, type TestWorkspace } from '../support/gateway';
import { isolateSuite, waitFor } from '../support/isolation';
import { Receiver } from '../support/receiver';

const EVENTS: EventName[] = ['call.started', 'call.connected', 'call.completed', 'transcript.ready', 'recording.ready'];

/** The real stack driven only through the SDK (issue 15): what an integrator's first hour looks like. */
describe('TypeScript SDK against the real stack', () => {
  let cleanup: () => Promise<void>;
  let gateway: INestApplication;
  let engine: INestApplication;
  let dispatcher: INestApplication;
  let receiver: Receiver;
  let ws: TestWorkspace;
  let baseUrl: string;

  beforeAll(async () => {
    cleanup = await isolateSuite('sdk');
    useFastSimulator();
    // The walk-through counts each delivery once: a receiver that misses the fast 500 ms timeout on a
    // loaded machine gets the service's at-least-once retry, which is not what this suite is about.
    useFastDelivery({ timeoutMs: 5000 });
    process.env.RECORDINGS_DIR = mkdtempSync(join(tmpdir(), 'recordings-'));
    gateway = await startGateway();
    await gateway.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;
    engine = await startEngine();
    dispatcher = await startDispatcher();
    receiver = await Receiver.http();
    ws = await createWorkspace(gateway, 'sdk');
  });
  afterAll(async () => {
    await dispatcher.close();
    await engine.close();
    await gateway.close();
    await receiver.close();
    await cleanup();
  });

  it(
    'assistant → webhook → call → live events to call.completed → transcript and recording, every delivery ' +
      'verified',
    async () => {
      const client = new VoiceClient({ apiKey: ws.keys.admin, baseUrl });
      const assistant = await client.assistants.create({
        name: 'SDK walk-through',
        firstMessage: 'Hi, this is Ada.',
        script: [{ hear: 'Hello?' }, { say: 'Your order ships today.' }, { hangup: 'assistant' }],
      });
      const webhook = await client.webhooks.create({ url: `${receiver.url}/hooks`, events: EVENTS });
      expect(webhook.secret).toMatch(/^whsec_/);

      const call = await client.calls.start({
        agentId: assistant.agentId,
        to: '+14155552671',
        metadata: { orderId: 'A-1' },
      });
      expect(call).toMatchObject({ status: 'ringing', language: 'en' });

      const live: string[] = [];
      let lastEventId: string | undefined;
      for await (const event of client.events.stream({ callId: call.callId })) {
        live.push(event.event);
        lastEventId = event.eventId;
        if (event.event === 'call.completed') break;
      }
      expect(live).toEqual(['call.started', 'call.connected', 'call.completed']);

      // a second stream resumes after the last event the first one gave: nothing repeated
      const later: string[] = [];
      for await (const event of client.events.stream({ callId: call.callId }, { lastEventId })) {
        later.push(event.event);
        if (later.length === 2) break;
      }
      expect(later.sort()).toEqual(['recording.ready', 'transcript.ready']);

      const record = await client.calls.get(call.callId);
      expect(record).toMatchObject({ status: 'completed', transcriptReady: true, recordingReady: true });
      const transcript = await client.calls.transcript(call.callId);
      expect(transcript.turns.map((t) => t.text)).toEqual(
        expect.arrayContaining(['Hi, this is Ada.', 'Your order ships today.']),
      );
      const recording = await client.calls.recording(call.callId);
      expect(recording.contentType).toBe('audio/wav');
      const wav = await recording.buffer();
      expect(wav.subarray(0, 4).toString()).toBe('RIFF');
      expect(wav.length).toBe(recording.contentLength);
      const head = await client.calls.recording(call.callId, { range: 'bytes=0-3' });
      const chunks: Buffer[] = [];
      for await (const chunk of head.stream()) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('RIFF');
      expect(head.contentRange).toBe(`bytes 0-3/${wav.length}`);

      // every delivery the receiver got passes verify with the webhook's secret and the Bearer key
      await waitFor('five deliveries', async () => new Set(receiver.received.map((r) => r.json.event)).size === 5);
      const verified: WebhookEvent[] = receiver.received.map((r) =>
        client.webhooks.verify(r.body, r.headers, { secret: webhook.secret, apiKey: ws.keys.admin }),
      );
      expect(verified.map((e) => e.event).sort()).toEqual([...EVENTS].sort());
      for (const event of verified) expect(event.data).toMatchObject({ callId: call.callId });
      const completed = verified.find((e) => isEvent(e, 'call.completed'));
      if (!completed || !isEvent(completed, 'call.completed')) throw new Error('no call.completed delivery');
      expect(completed.data).toMatchObject({ endedReason: 'assistant-ended-call', metadata: { orderId: 'A-1' } });
      expect(() =>
        client.webhooks.verify(receiver.received[0].body, receiver.received[0].headers, {
          secret: webhook.secret,
          apiKey: ws.keys.viewer,
        }),
      ).toThrow('Authorization does not carry your API key');

      // the same work read back: lists page on their own, the delivery log shows each delivery
      const calls = await client.calls.list({ agentId: assistant.agentId, pageSize: 1 }).toArray();
      expect(calls.map((c) => c.callId)).toEqual([call.callId]);
      const deliveries = await client.webhooks.deliveries.list(webhook.webhookId, { pageSize: 2 }).toArray();
      expect(deliveries.map((d) => d.status)).toEqual(Array(5).fill('succeeded'));
      const feed = await client.events.list({ callId: call.callId, limit: 2 }).toArray();
      expect(feed.map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5]);
    },
  );

  it('a start whose answer is lost is retried with the same Idempotency-Key and places one call', async () => {
    // a proxy that forwards the first request to the gateway and drops the connection when the answer comes
    let dropNext = true;
    const sockets = new Set<Socket>();
    const proxy: Server = createServer((downstream) => {
      const upstream = connect((gateway.getHttpServer().address() as AddressInfo).port, '127.0.0.1');
      downstream.pipe(upstream);
      if (dropNext) {
        dropNext = false;
        upstream.once('data', () => (downstream.destroy(), upstream.destroy()));
      } else upstream.pipe(downstream);
      for (const [a, b] of [
        [downstream, upstream],
        [upstream, downstream],
      ]) {
        sockets.add(a);
        a.on('error', () => undefined);
        a.on('close', () => b.destroy());
      }
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const viaProxy = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const client = new VoiceClient({ apiKey: ws.keys.member, baseUrl: viaProxy });
      const { agentId } = await new VoiceClient({ apiKey: ws.keys.admin, baseUrl }).assistants.create({
        name: 'Idempotent',
      });
      const to = '+14155550987';
      const started = await client.calls.start({ agentId, to });
      expect(dropNext).toBe(false); // the first answer was lost
      const page = await client.calls.list({ to }).page();
      expect(page.total).toBe(1);
      expect(page.list[0].callId).toBe(started.callId);
    } finally {
      for (const socket of sockets) socket.destroy(); // the client's kept-alive connections
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it("reads the workspace's backlog and lists and revokes pending invitations", async () => {
    const client = new VoiceClient({ apiKey: ws.keys.admin, baseUrl });
    const backlog = await client.calls.backlog();
    expect(backlog).toEqual({
      pendingDials: expect.any(Number),
      pendingDeliveries: expect.any(Number),
      failedDeliveries: expect.any(Number),
    });
    const owner = new VoiceClient({ apiKey: ws.keys.owner, baseUrl });
    const invite = await owner.members.invite({ email: `sdk-${Date.now()}@example.com`, role: 'viewer' });
    expect((await owner.members.invites()).list.map((i) => i.inviteId)).toContain(invite.inviteId);
    await owner.members.revokeInvite(invite.inviteId);
    expect((await owner.members.invites()).list.map((i) => i.inviteId)).not.toContain(invite.inviteId);
  });

  it('manages a SIP trunk: the password goes in, never comes out', async () => {
    const client = new VoiceClient({ apiKey: ws.keys.admin, baseUrl });
    const trunk = await client.trunks.create({ name: 'PBX', host: 'pbx.example.com', password: 'pbx-secret' });
    expect(trunk).toMatchObject({ host: 'pbx.example.com', hasPassword: true });
    expect(await client.trunks.update(trunk.trunkId, { transport: 'tcp' })).toMatchObject({ transport: 'tcp' });
    expect((await client.trunks.list().toArray()).map((t) => t.trunkId)).toContain(trunk.trunkId);
    await client.trunks.delete(trunk.trunkId);
    await expect(client.trunks.get(trunk.trunkId)).rejects.toMatchObject({ status: 404 });
  });

  it('the SDK’s generated types match the /openapi.json the gateway serves', async () => {
    const document = await (await fetch(`${baseUrl}/openapi.json`)).text();
    const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
    writeFileSync(file, document);
    const { stdout } = await promisify(execFile)(process.execPath, [
      join(__dirname, '../../libs/sdk/scripts/generate-types.mjs'),
      '--check',
      file,
    ]);
    expect(stdout).toContain('SDK types match the OpenAPI document');
  });
});
