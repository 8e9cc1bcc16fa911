import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { SIMULATOR_NUMBERS } from '@app/telephony';
import { PrismaService } from '@app/db';
import { startEngine, statusesFromEvents, useFastSimulator } from '../support/engine';
import {
  as,
  createAssistant,
  createWorkspace,
  expectError,
  startGateway,
  type TestWorkspace,
} from '../support/gateway';
import { isolateSuite, waitFor } from '../support/isolation';

const LONG_SAY = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
const SCRIPT = [
  { hear: 'Hello, who is calling?' },
  { say: LONG_SAY },
  { hear: 'Sounds good, bye.' },
  { hangup: 'customer' },
];
const FINAL = ['completed', 'failed', 'no-answer'];

interface CallRecord {
  answeredBy?: string | null;
  callId: string;
  status: string;
  durationSec: number | null;
  endedReason: string | null;
  endedAt: string | null;
  connectedAt: string | null;
  transcriptReady: boolean;
  recordingReady: boolean;
}

describe('call engine: lifecycle, events, transcripts and recordings (spec part 3, 6.2)', () => {
  let cleanup: () => Promise<void>;
  let gateway: INestApplication;
  let engine: INestApplication;
  let ws: TestWorkspace;
  let agentId: string;

  beforeAll(async () => {
    cleanup = await isolateSuite('engine');
    useFastSimulator();
    process.env.RECORDINGS_DIR = mkdtempSync(join(tmpdir(), 'recordings-'));
    gateway = await startGateway();
    engine = await startEngine();
    ws = await createWorkspace(gateway, 'engine');
    agentId = (
      await createAssistant(gateway, ws.keys.admin, {
        firstMessage: 'Hi, this is Ada from the clinic.',
        script: SCRIPT,
      })
    ).agentId;
  });
  afterAll(async () => {
    await engine.close();
    await gateway.close();
    await cleanup();
  });

  const api = () => as(gateway, ws.keys.member);

  /** Starts a call and follows it through the API until it is final and its media are settled. */
  async function follow(to: string, agent = agentId, onStatus?: (status: string, callId: string) => Promise<void>) {
    const started = await api().post('/api/core/voice/agent/call', { agentId: agent, to, metadata: { ref: to } });
    expect(started.status).toBe(201);
    const callId: string = started.body.callId;
    const polled: string[] = [started.body.status];
    const call = await waitFor(
      `call ${callId} to finish`,
      async () => {
        const { body } = await api().get(`/api/core/voice/call/${callId}`);
        if (body.status !== polled[polled.length - 1]) {
          polled.push(body.status);
          await onStatus?.(body.status, callId);
        }
        const settled =
          FINAL.includes(body.status) && (!body.connectedAt || (body.transcriptReady && body.recordingReady));
        return settled ? (body as CallRecord) : undefined;
      },
      20000,
      10,
    );
    const events = await gateway
      .get(PrismaService)
      .callEvent.findMany({ where: { callId }, orderBy: { sequence: 'asc' } });
    // the statuses it went through, from its events (polling missed a short in-progress under load)
    return { callId, statuses: statusesFromEvents(events, call.status), call, events };
  }

  function expectOrdered(events: { sequence: number; occurredAt: Date }[]) {
    events.forEach((e, i) => {
      expect(e.sequence).toBe(i + 1);
      if (i > 0) expect(e.occurredAt.getTime()).toBeGreaterThanOrEqual(events[i - 1].occurredAt.getTime());
    });
  }

  it('a normal call: ringing → in-progress → completed, then transcript and recording', async () => {
    const { callId, statuses, call, events } = await follow('+14155552671');
    expect(statuses.filter((s, i) => s !== statuses[i - 1])).toEqual(['ringing', 'in-progress', 'completed']);
    expect(events.map((e) => e.type)).toEqual([
      'call.started',
      'call.connected',
      'call.completed',
      'transcript.ready',
      'recording.ready',
    ]);
    expectOrdered(events);
    // Every event carries the call's direction and both numbers (no caller ID: the workspace has no number).
    const ends = { direction: 'outbound', from: null, to: '+14155552671', campaignId: null };
    const base = { callId, agentId, metadata: { ref: '+14155552671' }, ...ends };
    expect(events[0].data).toEqual({ ...base, sequence: 1, language: 'en' });
    expect(events[1].data).toEqual({ ...base, sequence: 2, connectedAt: call.connectedAt });
    expect(events[2].data).toEqual({
      ...base,
      sequence: 3,
      durationSec: call.durationSec,
      endedReason: 'customer-ended-call',
      language: 'en',
      answeredBy: null,
    });
    expect(events[3].data).toEqual({ ...base, sequence: 4, transcriptId: expect.stringMatching(/^tr_/) });
    expect(events[4].data).toEqual({
      ...base,
      sequence: 5,
      recordingId: expect.stringMatching(/^rec_/),
      durationSec: call.durationSec,
    });
    expect(call).toMatchObject({
      status: 'completed',
      endedReason: 'customer-ended-call',
      transcriptReady: true,
      recordingReady: true,
    });
    expect(call.durationSec).toBeGreaterThanOrEqual(1);
    expect(new Date(call.endedAt!).getTime()).toBeGreaterThan(new Date(call.connectedAt!).getTime());
  });

  it.each([
    [SIMULATOR_NUMBERS.noAnswer, 'no-answer', 'no-answer'],
    [SIMULATOR_NUMBERS.busy, 'failed', 'busy'],
    [SIMULATOR_NUMBERS.unreachable, 'failed', 'unreachable'],
  ])('%s ends %s with %s and a single call.failed', async (to, status, reason) => {
    const { callId, statuses, call, events } = await follow(to);
    expect(statuses).toEqual(['ringing', status]);
    expect(events.map((e) => e.type)).toEqual(['call.started', 'call.failed']);
    expectOrdered(events);
    expect(events[1].data).toEqual({
      callId,
      agentId,
      direction: 'outbound',
      from: null,
      to,
      campaignId: null,
      metadata: { ref: to },
      sequence: 2,
      endedReason: reason,
      stage: 'ringing',
      durationSec: 0,
    });
    expect(call).toMatchObject({
      status,
      endedReason: reason,
      durationSec: 0,
      connectedAt: null,
      transcriptReady: false,
      recordingReady: false,
    });
    expect(call.endedAt).toEqual(expect.any(String));
    expectError(await api().get(`/api/core/voice/call/${callId}/transcript`), 409, /not ready/);
  });

  it(`${SIMULATOR_NUMBERS.dropsMidCall} connects, then fails mid-call with carrier-error`, async () => {
    const { callId, statuses, call, events } = await follow(SIMULATOR_NUMBERS.dropsMidCall);
    expect(statuses).toEqual(['ringing', 'in-progress', 'failed']);
    expect(events.map((e) => e.type)).toEqual([
      'call.started',
      'call.connected',
      'call.failed',
      'transcript.ready',
      'recording.ready',
    ]);
    expectOrdered(events);
    expect(events[2].data).toMatchObject({
      callId,
      endedReason: 'carrier-error',
      stage: 'in-progress',
      durationSec: call.durationSec,
    });
    expect(call).toMatchObject({
      status: 'failed',
      endedReason: 'carrier-error',
      transcriptReady: true,
      recordingReady: true,
    });
  });

  it('max-duration-reached ends a call that runs past the assistant maxDurationSec', async () => {
    const short = (
      await createAssistant(gateway, ws.keys.admin, {
        maxDurationSec: 1,
        script: [{ say: `${LONG_SAY} ${LONG_SAY} ${LONG_SAY}` }],
      })
    ).agentId;
    const { call, events } = await follow('+14155552672', short);
    expect(call).toMatchObject({ status: 'completed', endedReason: 'max-duration-reached', durationSec: 1 });
    expect(events.map((e) => e.type)).toEqual([
      'call.started',
      'call.connected',
      'call.completed',
      'transcript.ready',
      'recording.ready',
    ]);
  });

  describe('transcript and recording', () => {
    let done: Awaited<ReturnType<typeof follow>>;
    let earlyTranscript: request.Response | undefined;
    let earlyRecording: request.Response | undefined;

    beforeAll(async () => {
      done = await follow('+14155552673', agentId, async (status, callId) => {
        if (status === 'in-progress' && !earlyTranscript) {
          earlyTranscript = await api().get(`/api/core/voice/call/${callId}/transcript`);
          earlyRecording = await api().get(`/api/core/voice/call/${callId}/recording`);
        }
      });
    });

    it('answer 409 with the error body before they are ready', () => {
      expectError(earlyTranscript!, 409, /transcript .* not ready/);
      expectError(earlyRecording!, 409, /recording .* not ready/);
    });

    it('the transcript has the turns in order with roles, times and the full text', async () => {
      const res = await api().get(`/api/core/voice/call/${done.callId}/transcript`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        transcriptId: expect.stringMatching(/^tr_/),
        callId: done.callId,
        language: 'en',
      });
      expect(res.body.turns.map((t: { role: string; text: string }) => [t.role, t.text])).toEqual([
        ['assistant', 'Hi, this is Ada from the clinic.'],
        ['customer', 'Hello, who is calling?'],
        ['assistant', LONG_SAY],
        ['customer', 'Sounds good, bye.'],
      ]);
      for (const t of res.body.turns) expect(t.endSec).toBeGreaterThan(t.startSec);
      expect(res.body.text).toContain('customer: Sounds good, bye.');
    });

    it('the recording is a WAV whose length matches durationSec within a second', async () => {
      const res = await api().get(`/api/core/voice/call/${done.callId}/recording`).buffer(true).parse(binary);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('audio/wav');
      const wav = res.body as Buffer;
      expect(Number(res.headers['content-length'])).toBe(wav.length);
      expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
      expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
      expect(wav.readUInt16LE(20)).toBe(1); // PCM
      expect(wav.readUInt16LE(22)).toBe(1); // mono
      const seconds = wav.readUInt32LE(40) / wav.readUInt32LE(28);
      expect(Math.abs(seconds - done.call.durationSec!)).toBeLessThanOrEqual(1);
    });

    it('Range requests answer 206 with exactly the requested bytes', async () => {
      const full = (await api().get(`/api/core/voice/call/${done.callId}/recording`).buffer(true).parse(binary))
        .body as Buffer;
      const head = await api()
        .get(`/api/core/voice/call/${done.callId}/recording`)
        .set('Range', 'bytes=0-43')
        .buffer(true)
        .parse(binary);
      expect(head.status).toBe(206);
      expect(head.headers['content-range']).toBe(`bytes 0-43/${full.length}`);
      expect(Buffer.compare(head.body, full.subarray(0, 44))).toBe(0);
      const tail = await api()
        .get(`/api/core/voice/call/${done.callId}/recording`)
        .set('Range', 'bytes=-100')
        .buffer(true)
        .parse(binary);
      expect(tail.status).toBe(206);
      expect(Buffer.compare(tail.body, full.subarray(full.length - 100))).toBe(0);
      const beyond = await api()
        .get(`/api/core/voice/call/${done.callId}/recording`)
        .set('Range', `bytes=${full.length + 10}-`);
      expectError(beyond, 416, /not satisfiable/);
      expect(beyond.headers['content-range']).toBe(`bytes */${full.length}`);
    });

    it('another workspace gets 404 for both', async () => {
      const other = await createWorkspace(gateway, 'engine-other');
      expectError(await as(gateway, other.keys.owner).get(`/api/core/voice/call/${done.callId}/transcript`), 404);
      expectError(await as(gateway, other.keys.owner).get(`/api/core/voice/call/${done.callId}/recording`), 404);
    });
  });

  it('POST …/end completes a live call with api-ended-call; on a finished call it is a 409', async () => {
    const slow = (
      await createAssistant(gateway, ws.keys.admin, {
        script: [{ say: `${LONG_SAY} ${LONG_SAY} ${LONG_SAY} ${LONG_SAY}` }],
      })
    ).agentId;
    let ended: request.Response | undefined;
    const { callId, call, events } = await follow('+14155552674', slow, async (status, id) => {
      if (status === 'in-progress') ended = await api().post(`/api/core/voice/call/${id}/end`);
    });
    expect(ended?.status).toBe(202);
    expect(call).toMatchObject({ status: 'completed', endedReason: 'api-ended-call' });
    expect(events.map((e) => e.type)).toEqual([
      'call.started',
      'call.connected',
      'call.completed',
      'transcript.ready',
      'recording.ready',
    ]);
    expectError(await api().post(`/api/core/voice/call/${callId}/end`), 409, /already ended/);
  });

  it('ending a call that is still ringing completes it with api-ended-call and no media', async () => {
    const started = await api().post('/api/core/voice/agent/call', { agentId, to: SIMULATOR_NUMBERS.noAnswer });
    const ended = await api().post(`/api/core/voice/call/${started.body.callId}/end`);
    expect(ended.status).toBe(202);
    const call = await waitFor('the ended call', async () => {
      const { body } = await api().get(`/api/core/voice/call/${started.body.callId}`);
      return FINAL.includes(body.status) ? (body as CallRecord) : undefined;
    });
    expect(call).toMatchObject({
      status: 'completed',
      endedReason: 'api-ended-call',
      durationSec: 0,
      connectedAt: null,
      transcriptReady: false,
    });
  });

  it('the event feed returns every event once, in order, across pages', async () => {
    const prisma = gateway.get(PrismaService);
    const expected = await waitFor('events to settle', async () => {
      const rows = await prisma.callEvent.findMany({ where: { workspaceId: ws.workspaceId }, orderBy: { id: 'asc' } });
      const settled = rows.every((r) => Date.now() - r.occurredAt.getTime() > 1100);
      return settled && rows.length > 0 ? rows : undefined;
    });
    const seen: { eventId: string; event: string; sequence: number }[] = [];
    let after = '';
    for (let page = 0; page < 100; page++) {
      const res = await as(gateway, ws.keys.viewer).get(
        `/api/core/event/list?limit=4${after ? `&after=${after}` : ''}`,
      );
      expect(res.status).toBe(200);
      if (res.body.list.length === 0) break;
      expect(res.body.total).toBe(expected.length - seen.length);
      seen.push(...res.body.list);
      after = res.body.list[res.body.list.length - 1].eventId;
    }
    expect(seen.map((e) => e.eventId)).toEqual(expected.map((e) => e.id));
    expect(seen[0]).toMatchObject({
      event: expected[0].type,
      callId: expected[0].callId,
      sequence: expected[0].sequence,
      data: expected[0].data,
    });
    const oneCall = await as(gateway, ws.keys.viewer).get(
      `/api/core/event/list?callId=${expected[0].callId}&type=call.started`,
    );
    expect(oneCall.body.list).toHaveLength(1);
    expectError(
      await as(gateway, ws.keys.viewer).get('/api/core/event/list?after=nope'),
      400,
      /after must be an eventId/,
    );
    expectError(await as(gateway, ws.keys.viewer).get('/api/core/event/list?limit=1000'), 400, /limit/);
  });
  describe('voicemail detection', () => {
    const vm = (voicemail: object | null) =>
      createAssistant(gateway, ws.keys.admin, { name: 'Reminder', script: SCRIPT, voicemail }).then((a) => a.agentId);
    const transcriptOf = async (callId: string) =>
      (await api().get(`/api/core/voice/call/${callId}/transcript`)).body.text as string;

    it('a machine answers: the message is left after the beep; the call ends voicemail, by a machine', async () => {
      const message = 'Hi Sam, your order is ready for pickup.';
      const agent = await vm({ detect: true, action: 'leave-message', message });
      const { callId, call, events } = await follow(SIMULATOR_NUMBERS.answeringMachine, agent);
      expect(call).toMatchObject({ status: 'completed', endedReason: 'voicemail', answeredBy: 'machine' });
      const completed = events.find((e) => e.type === 'call.completed')!;
      expect(completed.data).toMatchObject({ endedReason: 'voicemail', answeredBy: 'machine' });
      const text = await transcriptOf(callId);
      expect(text).toContain('leave a message after the tone');
      expect(text).toContain(`assistant: ${message}`);
      expect(call.recordingReady).toBe(true);
    });

    it('with action hangup the assistant leaves nothing; with a person answering, answeredBy is human', async () => {
      const agent = await vm({ detect: true, action: 'hangup' });
      const machine = await follow(SIMULATOR_NUMBERS.answeringMachine, agent);
      expect(machine.call).toMatchObject({ endedReason: 'voicemail', answeredBy: 'machine' });
      expect(await transcriptOf(machine.callId)).not.toContain('assistant:');
      const person = await follow('+14155552671', agent);
      expect(person.call).toMatchObject({ endedReason: 'customer-ended-call', answeredBy: 'human' });
    });

    it('without detection nobody knows: the script plays to the machine and answeredBy is null', async () => {
      const { call, events } = await follow(SIMULATOR_NUMBERS.answeringMachine, agentId);
      expect(call).toMatchObject({ endedReason: 'customer-ended-call', answeredBy: null });
      expect(events.find((e) => e.type === 'call.completed')!.data).toMatchObject({ answeredBy: null });
    });

    it('refuses a malformed setting with a 422 naming it; null turns detection off', async () => {
      const bad = (voicemail: unknown) =>
        as(gateway, ws.keys.admin).post('/api/core/voice/agent', { name: 'x', voicemail });
      expectError(await bad({ detect: 'yes' }), 422, /voicemail.detect/);
      expectError(await bad({ detect: true, action: 'sing' }), 422, /voicemail.action/);
      expectError(await bad({ detect: true, extra: 1 }), 422, /unknown field extra/);
      const agent = await vm({ detect: true });
      const read = await api().get(`/api/core/voice/agent/${agent}`);
      expect(read.body.voicemail).toEqual({ detect: true, action: 'hangup', message: null });
      const off = await as(gateway, ws.keys.admin).patch(`/api/core/voice/agent/${agent}`, { voicemail: null });
      expect(off.body.voicemail).toBeNull();
    });
  });
});

/** supertest parser that keeps a binary body as a Buffer (the response is a Node stream). */
function binary(res: request.Response, done: (err: Error | null, body: unknown) => void) {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}
