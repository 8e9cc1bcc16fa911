import type { INestApplication } from '@nestjs/common';
import { toneOf } from '../../apps/call-engine/src/media/tone';
import { findClip } from '../support/audio';
import { startCustomerServer, startModelServer } from '../support/brain-servers';
import { startDeepgramServer } from '../support/deepgram-server';
import { createAssistant } from '../support/gateway';
import { waitFor } from '../support/isolation';
import { PEER_ADDRESS, startBaresip, startSipp, type SippHandle } from '../support/sip-peers';
import { RATE, startSipTestbed, type SipTestbed } from '../support/sip-testbed';
import { startToolServer } from '../support/tool-server';

describe('the assistant on real calls: brains and barge-in over SIP', () => {
  let bed: SipTestbed;
  let gateway: INestApplication;
  let tools: Awaited<ReturnType<typeof startToolServer>>;
  let model: Awaited<ReturnType<typeof startModelServer>>;
  let customer: Awaited<ReturnType<typeof startCustomerServer>>;
  const peers: SippHandle[] = [];

  beforeAll(async () => {
    bed = await startSipTestbed('sipvoice', { NO_SPEECH_TIMEOUT_MS: '6000' });
    gateway = bed.gateway;
    [tools, model, customer] = await Promise.all([
      startToolServer(),
      startModelServer(),
      startCustomerServer('s3cret'),
    ]);
  });
  afterAll(async () => {
    peers.forEach((p) => p.stop());
    await Promise.all([tools.close(), model.close(), customer.close()]);
    await bed?.stop();
  });

  const crm = () => ({ type: 'mcp', name: 'crm', url: tools.url, timeoutMs: 3000 });
  const ws = () => bed.ws;

  const texts = (turns: { role: string; text: string | null }[]) => turns.map((t) => `${t.role}: ${t.text ?? ''}`);

  type Kind = 'openai' | 'server';
  /** An assistant with that brain, the brain's test server, and the MCP tool server. */
  async function assistantWith(kind: Kind, fallbackLine?: string) {
    const brain =
      kind === 'openai'
        ? { type: 'openai', baseUrl: model.url, model: 'test-model', timeoutMs: 3000 }
        : { type: 'server', url: customer.url, secret: 's3cret', timeoutMs: 3000 };
    return createAssistant(gateway, ws().keys.admin, {
      firstMessage: 'Hi, this is the order desk.',
      brain: fallbackLine ? { ...brain, fallbackLine } : brain,
      tools: [crm()],
      listening: { endOfTurnSilenceMs: 500, noSpeechTimeoutMs: 12000 },
    });
  }
  const serverOf = (kind: Kind) => (kind === 'openai' ? model : customer);
  const spoken = (turns: { role: string; text: string | null }[]) =>
    texts(turns).filter((t) => !t.startsWith('customer'));
  const lookedUp = [
    'assistant: Hi, this is the order desk.',
    'assistant: Sure, let me look that up.',
    expect.stringMatching(/^tool: crm\.lookup_order → .*shipped/),
    'assistant: Your order has shipped.',
  ];

  it.each(['openai', 'server'] as const)(
    'the %s brain holds a three-turn conversation with an MCP tool mid-call, then endCall',
    async (kind) => {
      const phone = await startBaresip(
        await bed.line([
          [4, 'Where is my order?'],
          [14, 'Great, thank you.'],
        ]),
      );
      try {
        const { agentId } = await assistantWith(kind);
        const callId = await bed.callThrough(phone, agentId);
        expect(await bed.ended(callId)).toMatchObject({ status: 'completed', endedReason: 'assistant-ended-call' });
        const { turns } = (await bed.admin().get(`/api/core/voice/call/${callId}/transcript`)).body;
        expect(spoken(turns)).toEqual([...lookedUp, 'assistant: Thank you for calling. Goodbye!']);
        expect(turns.filter((t: { role: string }) => t.role === 'customer')).toHaveLength(2);
        // each answer's latency has its parts, the brain's first words among them
        const answers = turns.filter((t: { latencyMs?: number }) => t.latencyMs !== undefined);
        expect(answers.length).toBe(2);
        for (const a of answers) expect(a.latencyParts.brainMs).toEqual(expect.any(Number));
        if (kind === 'server') expect(customer.verified.every(Boolean)).toBe(true);
        // the phone heard the brain's words
        const heard = await waitFor('baresip recordings', async () => phone.recordings()?.heard ?? null);
        const shipped = (await bed.speech.speak('Your order has shipped.', 'en', 'flite:rms'))!;
        const found = findClip(heard, shipped);
        expect(found.inOrder).toBe(true);
        expect(found.ncc).toBeGreaterThan(0.6);
      } finally {
        await phone.stop();
      }
    },
  );

  it.each(['openai', 'server'] as const)(
    'the %s brain looks the order up, then transfers the caller: a real REFER to a second phone',
    async (kind) => {
      const second = await startSipp('answer.xml');
      peers.push(second);
      const sales = `sip:+14155550155@${PEER_ADDRESS}:${second.port}`;
      serverOf(kind).dialogue.second = { say: 'Let me put you through.', transferTo: sales };
      const phone = await startBaresip(
        await bed.line([
          [4, 'Where is my order?'],
          [14, 'Can I talk to a person?'],
        ]),
      );
      try {
        const { agentId } = await assistantWith(kind);
        const callId = await bed.callThrough(phone, agentId);
        expect(await bed.ended(callId)).toMatchObject({
          status: 'completed',
          endedReason: 'transferred',
          transferTo: sales,
        });
        const { turns } = (await bed.admin().get(`/api/core/voice/call/${callId}/transcript`)).body;
        expect(spoken(turns)).toEqual([...lookedUp, 'assistant: Let me put you through.']);
        await waitFor('the INVITE at the second UAS', async () =>
          second.messages().includes('INVITE sip:+14155550155'),
        );
      } finally {
        serverOf(kind).dialogue.second = { say: 'Thank you for calling. Goodbye!' };
        await phone.stop();
      }
    },
  );

  it('a brain that fails over SIP: the caller hears the fallback line, the call fails as brain-failed', async () => {
    model.mode = 'fail';
    const phone = await startBaresip(await bed.line([[4, 'Where is my order?']]));
    try {
      const { agentId } = await assistantWith('openai', 'Sorry, we cannot talk right now. Goodbye.');
      const callId = await bed.callThrough(phone, agentId);
      expect(await bed.ended(callId)).toMatchObject({ status: 'failed', endedReason: 'brain-failed' });
      const { turns } = (await bed.admin().get(`/api/core/voice/call/${callId}/transcript`)).body;
      expect(spoken(turns)).toEqual([
        'assistant: Hi, this is the order desk.',
        'assistant: Sorry, we cannot talk right now. Goodbye.',
      ]);
      const heard = await waitFor('baresip recordings', async () => phone.recordings()?.heard ?? null);
      const fallback = (await bed.speech.speak('Sorry, we cannot talk right now.', 'en', 'flite:rms'))!;
      const found = findClip(heard, fallback);
      expect(found.inOrder).toBe(true);
      expect(found.ncc).toBeGreaterThan(0.6);
    } finally {
      model.mode = 'ok';
      await phone.stop();
    }
  });

  it('barge-in: the caller speaking over a long line silences it within 250 ms; marked interrupted', async () => {
    // one sentence: no pause between sentences where the caller could start without interrupting
    const long =
      'Thank you for calling the clinic, our opening hours are Monday to Friday from eight in the morning ' +
      'until six in the evening and on Saturdays from nine until noon, and for emergencies please hang up and ' +
      'dial your local emergency number.';
    const phone = await startBaresip(await bed.line([[2, 'Sorry, can I speak to somebody please?']]));
    try {
      const { agentId } = await createAssistant(gateway, ws().keys.admin, {
        firstMessage: long,
        listening: { endOfTurnSilenceMs: 500, noSpeechTimeoutMs: 3000 },
        script: [{ hear: 'Can I speak to somebody?' }, { say: 'Of course, one moment.' }, { hangup: 'assistant' }],
      });
      const callId = await bed.callThrough(phone, agentId);
      expect(await bed.ended(callId)).toMatchObject({ status: 'completed', endedReason: 'assistant-ended-call' });
      const [ours, theirs] = await bed.recording(callId);
      const onset = firstSpeech(theirs, 0);
      expect(onset).toBeGreaterThan(0);
      // the assistant's channel: speaking at the onset, silent from at most 250 ms after it for the next second
      expect(level(ours, onset - 0.3 * RATE, 0.3 * RATE)).toBeGreaterThan(500);
      const silentFrom = firstSilence(ours, onset);
      console.log(`barge-in: caller at ${onset / RATE} s; the assistant silent ${(silentFrom - onset) / 8} ms later`);
      expect(silentFrom - onset).toBeLessThanOrEqual(0.25 * RATE);
      expect(level(ours, onset + 0.25 * RATE, RATE)).toBeLessThan(100);
      const { turns } = (await bed.admin().get(`/api/core/voice/call/${callId}/transcript`)).body;
      expect(turns[0]).toMatchObject({ role: 'assistant', interrupted: true });
      expect(long.startsWith(turns[0].text)).toBe(true);
      expect(turns[0].text.length).toBeLessThan(long.length / 2);
      expect(turns.at(-1)).toMatchObject({ role: 'assistant', text: 'Of course, one moment.' });
    } finally {
      await phone.stop();
    }
  });

  it('a hosted recogniser (Deepgram live protocol) hears the turn as spoken; its words branch', async () => {
    const deepgram = await startDeepgramServer();
    deepgram.says('yes please that works');
    const phone = await startBaresip(await bed.line([[3.5, 'Yes please, that works for me.']]));
    try {
      const created = await bed.admin().post('/api/core/voice/agent', {
        name: 'Hosted ears',
        firstMessage: 'Can you come on Tuesday?',
        transcriber: { provider: 'deepgram', url: deepgram.url, apiKey: 'dg-s3cret', model: 'nova-2' },
        listening: { endOfTurnSilenceMs: 500, noSpeechTimeoutMs: 6000 },
        script: [
          { hear: 'yes', expect: [{ phrases: ['yes please'], goto: 'book' }], otherwise: 'decline' },
          { label: 'book' },
          { say: 'Wonderful, see you then.' },
          { hangup: 'assistant' },
          { label: 'decline' },
          { say: 'Never mind, goodbye.' },
          { hangup: 'assistant' },
        ],
      });
      expect(created.body.transcriber).toEqual({
        provider: 'deepgram',
        url: deepgram.url,
        apiKey: '********',
        model: 'nova-2',
      });
      const callId = await bed.callThrough(phone, created.body.agentId);
      expect(await bed.ended(callId)).toMatchObject({ status: 'completed' });
      const { turns } = (await bed.admin().get(`/api/core/voice/call/${callId}/transcript`)).body;
      expect(turns.find((t: { role: string }) => t.role === 'customer')).toMatchObject({
        text: 'yes please that works',
        confidence: 0.93,
      });
      expect(turns.at(-1)).toMatchObject({ role: 'assistant', text: 'Wonderful, see you then.' });
      // what the recogniser was sent: the documented query, the key, and the caller's real audio
      const [turn] = deepgram.turns;
      const query = new URL(turn.url, 'ws://x').searchParams;
      expect(
        Object.fromEntries(['encoding', 'sample_rate', 'channels', 'model'].map((k) => [k, query.get(k)])),
      ).toEqual({
        encoding: 'linear16',
        sample_rate: '8000',
        channels: '1',
        model: 'nova-2',
      });
      expect(query.getAll('keywords')).toEqual(expect.arrayContaining(['yes:2', 'please:2']));
      expect(turn.authorization).toBe('Token dg-s3cret');
      expect(turn.audioBytes).toBeGreaterThan(2 * 8000); // more than a second of 16-bit 8 kHz audio
      expect(turn.level).toBeGreaterThan(100);
    } finally {
      await phone.stop();
      await deepgram.close();
    }
  });

  describe('voicemail detection from the audio', () => {
    const message = 'Hi Sam, this is the clinic. Please call us back.';
    const assistant = () =>
      createAssistant(gateway, ws().keys.admin, {
        firstMessage: 'Hello, this is Ada from the clinic.',
        voicemail: { detect: true, action: 'leave-message', message },
        listening: { endOfTurnSilenceMs: 500, noSpeechTimeoutMs: 3000 },
        script: [{ hear: 'Yes?' }, { say: 'Goodbye.' }, { hangup: 'assistant' }],
      });

    it('a greeting of 6 s or more, a 1 kHz beep: answeredBy machine, the message after the beep', async () => {
      const greeting = (await bed.speech.speak(
        'Hi, you have reached the voicemail of Sam Taylor. I cannot take your call right now. ' +
          'Please leave your name, your number and a short message after the tone.',
        'en',
        'flite:awb',
      ))!;
      expect(greeting.length / RATE).toBeGreaterThan(5.5);
      const samples = new Int16Array(RATE * 30);
      samples.set(greeting, 0.3 * RATE);
      const beepAt = Math.round(0.3 * RATE + greeting.length + 0.4 * RATE);
      for (let i = 0; i < 0.5 * RATE; i++)
        samples[beepAt + i] = Math.round(9000 * Math.sin((2 * Math.PI * 1000 * i) / RATE));
      const phone = await startBaresip(bed.wavFile(samples));
      try {
        const { agentId } = await assistant();
        const callId = await bed.callThrough(phone, agentId);
        const call = await bed.ended(callId);
        expect(call).toMatchObject({ status: 'completed', endedReason: 'voicemail', answeredBy: 'machine' });
        const { turns } = (await bed.admin().get(`/api/core/voice/call/${callId}/transcript`)).body;
        expect(texts(turns)).toEqual(['customer: (voicemail greeting)', 'customer: (beep)', `assistant: ${message}`]);
        // in our recording: the beep on the far end's channel, then our message — not over the greeting
        const [ours, theirs] = await bed.recording(callId);
        const beep = firstTone(theirs);
        expect(beep).toBeGreaterThan(6 * RATE);
        const spoke = firstSpeech(ours, 0);
        console.log(`voicemail: beep at ${beep / RATE} s, message from ${spoke / RATE} s`);
        expect(spoke).toBeGreaterThan(beep);
        // after the tone has ended (0.5 s long here): a tone under the message would barge in on it
        expect(spoke).toBeGreaterThanOrEqual(beep + 0.45 * RATE);
        expect(spoke - beep).toBeLessThan(1.5 * RATE);
      } finally {
        await phone.stop();
      }
    });

    it('a person saying "Hello?": answeredBy human, and the assistant talks with them', async () => {
      const phone = await startBaresip(await bed.line([[0.3, 'Hello?']]));
      try {
        const { agentId } = await assistant();
        const callId = await bed.callThrough(phone, agentId);
        const call = await bed.ended(callId);
        expect(call).toMatchObject({ status: 'completed', endedReason: 'assistant-ended-call', answeredBy: 'human' });
        const { turns } = (await bed.admin().get(`/api/core/voice/call/${callId}/transcript`)).body;
        expect(turns[0]).toMatchObject({ role: 'assistant', text: 'Hello, this is Ada from the clinic.' });
        expect(texts(turns)).not.toContain(`assistant: ${message}`);
      } finally {
        await phone.stop();
      }
    });
  });
});

/** Where the first 1 kHz tone is in a channel (sample index; -1: none). */
function firstTone(samples: Int16Array): number {
  for (let i = 0; i + 160 <= samples.length; i += 160) if (toneOf(samples.subarray(i, i + 160)) === 1000) return i;
  return -1;
}

const level = (samples: Int16Array, from: number, n: number) => {
  let sum = 0;
  for (let i = from; i < from + n && i < samples.length; i++) sum += samples[i] * samples[i];
  return Math.sqrt(sum / n);
};

/** The first 20 ms from `from` on with speech in it, above -50 dBFS as the engine's VAD hears it (-1: none). */
function firstSpeech(samples: Int16Array, from: number): number {
  for (let i = from; i + 160 <= samples.length; i += 160) if (level(samples, i, 160) > 104) return i;
  return -1;
}

/** The start of the silence that lasts from `from` on (sample index): the last 20 ms with sound, plus 20 ms. */
function firstSilence(samples: Int16Array, from: number): number {
  let last = from;
  for (let i = from; i + 160 <= Math.min(samples.length, from + RATE); i += 160)
    if (level(samples, i, 160) > 100) last = i + 160;
  return last;
}
