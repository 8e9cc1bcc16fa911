import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { PrismaService } from '@app/db';
import { parseWav } from '../../apps/call-engine/src/media/speech';
import { startDispatcher, startEngine, useFastDelivery, useFastSimulator } from '../support/engine';
import { as, createAssistant, createWorkspace, startGateway, type TestWorkspace } from '../support/gateway';
import { isolateSuite, waitFor } from '../support/isolation';
import { Receiver } from '../support/receiver';
import { freeUdpPort, PEER_ADDRESS, startSipp, type SippHandle } from '../support/sip-peers';

const FINAL = ['completed', 'failed', 'no-answer'];
const SCRIPT = [{ hear: 'Who is this?' }, { say: 'Thanks for your time, goodbye!' }, { hangup: 'assistant' }];

/**
 * Issue 25: outbound calls over a SIP trunk to sipp (test/sip/*.xml) — each scenario ends with its
 * documented status and endedReason, its events reach a webhook, nothing stays live.
 */
describe('real calls over SIP: sipp scenarios', () => {
  let cleanup: () => Promise<void>;
  let gateway: INestApplication;
  let engine: INestApplication;
  let dispatcher: INestApplication;
  let hooks: Receiver;
  let ws: TestWorkspace;
  let agentId: string;
  let nextNumber = 0;
  const peers: SippHandle[] = [];

  beforeAll(async () => {
    cleanup = await isolateSuite('sip');
    useFastSimulator();
    useFastDelivery();
    process.env.RECORDINGS_DIR = mkdtempSync(join(tmpdir(), 'recordings-'));
    process.env.SIP_ADDRESS = '127.0.0.1';
    process.env.SIP_PORT = String(await freeUdpPort('127.0.0.1'));
    const rtp = await freeUdpPort('127.0.0.1');
    process.env.RTP_PORT_MIN = String(rtp);
    process.env.RTP_PORT_MAX = String(rtp + 40);
    process.env.SIP_RING_TIMEOUT_MS = '1500';
    process.env.SIP_NO_RESPONSE_TIMEOUT_MS = '1500';
    process.env.NO_SPEECH_TIMEOUT_MS = '800';
    process.env.RTP_INACTIVITY_TIMEOUT_MS = '3000';
    gateway = await startGateway();
    engine = await startEngine();
    dispatcher = await startDispatcher();
    hooks = await Receiver.http();
    ws = await createWorkspace(gateway, 'sip');
    const events = ['call.started', 'call.connected', 'call.completed', 'call.failed'];
    expect((await as(gateway, ws.keys.admin).post('/api/core/webhook', { url: hooks.url, events })).status).toBe(201);
    agentId = (
      await createAssistant(gateway, ws.keys.admin, {
        firstMessage: 'Hello, this is Ada from the clinic.',
        script: SCRIPT,
      })
    ).agentId;
  });

  afterAll(async () => {
    peers.forEach((p) => p.stop());
    await engine?.close();
    await dispatcher?.close();
    await gateway?.close();
    await hooks?.close();
    await cleanup?.();
  });

  const admin = () => as(gateway, ws.keys.admin);

  /** A trunk to the peer and a number on it; a call from that number to +14155550123. */
  async function callThrough(peer: SippHandle, credentials: { username?: string; password?: string } = {}) {
    const trunk = await admin().post('/api/core/voice/trunk', {
      name: `sipp ${peer.port}`,
      host: PEER_ADDRESS,
      port: peer.port,
      ...credentials,
    });
    expect(trunk.status).toBe(201);
    const number = `+1415555${String(1000 + nextNumber++).padStart(4, '0')}`;
    const imported = await admin().post('/api/core/voice/number', { number, trunkId: trunk.body.trunkId });
    expect(imported.status).toBe(201);
    const started = await admin().post('/api/core/voice/agent/call', { agentId, to: '+14155550123', from: number });
    expect(started.status).toBe(201);
    return started.body.callId as string;
  }

  async function finalCall(callId: string) {
    return waitFor(
      `call ${callId} to end`,
      async () => {
        const res = await request(gateway.getHttpServer())
          .get(`/api/core/voice/call/${callId}`)
          .set('Authorization', `Bearer ${ws.keys.admin}`);
        return FINAL.includes(res.body.status) ? res.body : null;
      },
      20000,
      50,
    );
  }

  async function deliveredEvents(callId: string, last: string) {
    await waitFor(`${last} of ${callId} at the webhook`, async () =>
      hooks.received.some((r) => r.json.event === last && r.json.data.callId === callId),
    );
    return hooks.received.filter((r) => r.json.data.callId === callId).map((r) => r.json.event);
  }

  async function scenario(file: string) {
    const peer = await startSipp(file);
    peers.push(peer);
    return peer;
  }

  async function nothingLive() {
    const live = await gateway.get(PrismaService).call.count({
      where: { workspaceId: ws.workspaceId, status: { in: ['ringing', 'in_progress'] } },
    });
    expect(live).toBe(0);
  }

  it('answers with RTP echo: ringing → in-progress → completed, a real two-channel recording', async () => {
    const peer = await scenario('answer.xml');
    const callId = await callThrough(peer);
    const call = await finalCall(callId);
    expect(call).toMatchObject({ status: 'completed', endedReason: 'assistant-ended-call' });
    expect(call.trunkId).toMatch(/^trk_/);
    expect(await deliveredEvents(callId, 'call.completed')).toEqual([
      'call.started',
      'call.connected',
      'call.completed',
    ]);
    await waitFor('media', async () => {
      const res = await admin().get(`/api/core/voice/call/${callId}`);
      return res.body.recordingReady && res.body.transcriptReady;
    });
    const transcript = await admin().get(`/api/core/voice/call/${callId}/transcript`);
    expect(transcript.body.turns[0]).toMatchObject({ role: 'assistant', text: 'Hello, this is Ada from the clinic.' });
    const recording = await admin()
      .get(`/api/core/voice/call/${callId}/recording`)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(recording.status).toBe(200);
    const wav = recording.body as Buffer;
    expect(wav.readUInt16LE(22)).toBe(2); // two channels
    const { samples } = parseWav(wav);
    const frames = samples.length / 2;
    expect(Math.abs(frames / 8000 - call.durationSec)).toBeLessThanOrEqual(1);
    // the echo: the far end's channel carries the assistant's speech back
    const energy = (channel: 0 | 1) => {
      let sum = 0;
      for (let i = channel; i < samples.length; i += 2) sum += Math.abs(samples[i]);
      return sum / frames;
    };
    expect(energy(0)).toBeGreaterThan(100);
    expect(energy(1)).toBeGreaterThan(100);
    expect(peer.errors()).toBe('');
    await nothingLive();
  });

  it.each([
    ['busy.xml', 'failed', 'busy'],
    ['decline.xml', 'failed', 'declined'],
    ['unavailable.xml', 'failed', 'carrier-error'],
    ['ring-forever.xml', 'no-answer', 'no-answer'],
  ])('%s ends %s with %s', async (file, status, endedReason) => {
    const peer = await scenario(file);
    const callId = await callThrough(peer);
    const call = await finalCall(callId);
    expect(call).toMatchObject({ status, endedReason, connectedAt: null, durationSec: 0 });
    expect(await deliveredEvents(callId, 'call.failed')).toEqual(['call.started', 'call.failed']);
    expect(peer.errors()).toBe('');
    await nothingLive();
  });

  it('answers a digest challenge with the trunk password and connects', async () => {
    const peer = await scenario('auth.xml');
    const callId = await callThrough(peer, { username: 'acme', password: 'trunk-secret' });
    expect(await finalCall(callId)).toMatchObject({ status: 'completed', endedReason: 'assistant-ended-call' });
    expect(peer.errors()).toBe('');
  });

  it('fails with sip-auth-failed when the carrier refuses the credentials', async () => {
    const peer = await scenario('auth.xml');
    const callId = await callThrough(peer, { username: 'acme', password: 'wrong-password' });
    expect(await finalCall(callId)).toMatchObject({ status: 'failed', endedReason: 'sip-auth-failed' });
    expect(await deliveredEvents(callId, 'call.failed')).toEqual(['call.started', 'call.failed']);
  });

  it('completes with customer-ended-call when the far end hangs up mid-call', async () => {
    const peer = await scenario('hangs-up.xml');
    const callId = await callThrough(peer);
    const call = await finalCall(callId);
    expect(call).toMatchObject({ status: 'completed', endedReason: 'customer-ended-call' });
    expect(call.durationSec).toBeGreaterThanOrEqual(1);
    expect(call.durationSec).toBeLessThanOrEqual(3);
    expect(peer.errors()).toBe('');
    await nothingLive();
  });

  it('fails as unreachable when nothing answers the INVITE at all', async () => {
    const silent = { port: await freeUdpPort(), mediaPort: 0, errors: () => '', messages: () => '', stop: () => {} };
    const callId = await callThrough(silent);
    expect(await finalCall(callId)).toMatchObject({ status: 'failed', endedReason: 'unreachable' });
  });
});
