import { JitterBuffer } from './jitter-buffer';
import { packRtp, parseRtp, sequenceDelta } from './rtp';
import { G711 } from './g711';
import { VoiceActivity } from './voice-activity';
import { FrameClock } from './frame-clock';
import { RtpSession } from './rtp-session';

const frame = (value: number) => new Int16Array(160).fill(value);

describe('RTP packets', () => {
  it('round-trips the header and skips CSRCs, an extension and padding', () => {
    const packet = {
      payloadType: 8,
      marker: true,
      sequence: 65535,
      timestamp: 2 ** 32 - 160,
      ssrc: 42,
      payload: Buffer.from([1, 2, 3]),
    };
    expect(parseRtp(packRtp(packet))).toEqual(packet);
    const raw = packRtp({ ...packet, marker: false });
    // one CSRC, a one-word extension, two bytes of padding
    const header = Buffer.from(raw.subarray(0, 12));
    header[0] = 0x80 | 0x20 | 0x10 | 0x01;
    const withExtras = Buffer.concat([
      header,
      Buffer.alloc(4),
      Buffer.from([0xbe, 0xde, 0, 1]),
      Buffer.alloc(4),
      Buffer.from([1, 2, 3]),
      Buffer.from([0, 2]),
    ]);
    expect(parseRtp(withExtras)?.payload).toEqual(Buffer.from([1, 2, 3]));
  });

  it('refuses what is not RTP version 2', () => {
    expect(parseRtp(Buffer.alloc(5))).toBeNull();
    expect(parseRtp(Buffer.from('INVITE sip:x SIP/2.0'))).toBeNull();
  });

  it('counts sequence distance across the 16-bit wrap', () => {
    expect(sequenceDelta(2, 65534)).toBe(4);
    expect(sequenceDelta(65534, 2)).toBe(-4);
  });

  it('G.711 µ-law and A-law keep speech within a few percent', () => {
    const tone = Int16Array.from({ length: 160 }, (_, i) => Math.round(8000 * Math.sin(i / 3)));
    for (const codec of [G711.PCMU, G711.PCMA]) {
      const back = codec.decode(codec.encode(tone));
      const error = tone.reduce((sum, v, i) => sum + Math.abs(v - back[i]), 0) / tone.length;
      expect(error).toBeLessThan(150);
    }
  });
});

describe('jitter buffer', () => {
  it('puts reordered packets back in order, 3 frames behind', () => {
    const jb = new JitterBuffer(3);
    jb.push(10, frame(10));
    jb.push(12, frame(12));
    expect(jb.pop()).toBeNull(); // still filling
    jb.push(11, frame(11));
    expect([jb.pop()?.[0], jb.pop()?.[0], jb.pop()?.[0]]).toEqual([10, 11, 12]);
  });

  it('a packet that never came is silence and counted lost; a late one is dropped', () => {
    const jb = new JitterBuffer(2);
    jb.push(1, frame(1));
    jb.push(3, frame(3));
    expect(jb.pop()?.[0]).toBe(1);
    expect(jb.pop()).toBeNull();
    expect(jb.lost).toBe(1);
    jb.push(2, frame(2));
    expect(jb.late).toBe(1);
    expect(jb.pop()?.[0]).toBe(3);
  });

  it('does not grow without bound when the far end runs fast', () => {
    const jb = new JitterBuffer(3);
    for (let seq = 0; seq < 40; seq++) jb.push(seq, frame(seq));
    const first = jb.pop();
    expect(first?.[0]).toBeGreaterThan(20); // skipped to within 4 × depth of the newest
  });
});

describe('voice activity', () => {
  const noise = (db: number) => {
    const amp = 32768 * 10 ** (db / 20) * Math.sqrt(3);
    return () => Int16Array.from({ length: 160 }, () => Math.round((Math.random() * 2 - 1) * amp));
  };
  const speech = (i: number) =>
    Int16Array.from({ length: 160 }, (_, n) => Math.round(6000 * Math.sin((2 * Math.PI * 300 * (i * 160 + n)) / 8000)));

  it('finds a turn in steady line noise and ends it after the silence', () => {
    const vad = new VoiceActivity(600);
    const hiss = noise(-45);
    const changes: [string, number][] = [];
    let t = 0;
    const feed = (f: Int16Array) => {
      const c = vad.push(f);
      if (c) changes.push([c, t]);
      t += 20;
    };
    for (let i = 0; i < 100; i++) feed(hiss()); // 2 s of noise only: no speech
    for (let i = 0; i < 50; i++) feed(Int16Array.from(speech(i), (v, n) => v + hiss()[n])); // 1 s of speech
    for (let i = 0; i < 50; i++) feed(hiss());
    expect(changes).toEqual([
      ['speech-started', 2040],
      ['speech-ended', 3580],
    ]);
  });

  it('is not fooled by noise that grows slowly', () => {
    const vad = new VoiceActivity(600);
    for (let i = 0; i < 1500; i++) expect(vad.push(noise(-70 + i * 0.02)())).toBeNull();
  });
});

describe('frame clock', () => {
  it('ticks on start + n × 20 ms: no drift over many frames', async () => {
    const clock = new FrameClock();
    const started = performance.now();
    let frames = 0;
    await new Promise<void>((resolve) =>
      clock.add({
        onFrame() {
          if (++frames === 100) {
            clock.remove(this);
            resolve();
          }
        },
      }),
    );
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1999);
    expect(elapsed).toBeLessThan(2500); // a late tick sends what it owes at once
  });

  it('a stall of the process keeps the session in wall-clock time: its recording lasts as long', async () => {
    const clock = new FrameClock();
    const sent: Buffer[] = [];
    const socket = { on: () => undefined, send: (msg: Buffer) => void sent.push(msg), close: () => undefined };
    const session = new RtpSession({
      socket,
      clock,
      remote: { address: '127.0.0.1', port: 9 },
      codec: 'PCMU',
      telephoneEvent: null,
      ourTelephoneEvent: 101,
      inactivityMs: 60_000,
      onInactive: () => undefined,
    });
    const started = performance.now();
    session.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stallUntil = performance.now() + 600;
    while (performance.now() < stallUntil); // the event loop blocked, as a loaded machine does
    await new Promise((resolve) => setTimeout(resolve, 200));
    session.stop();
    const wallMs = performance.now() - started;
    const [ours, farEnd] = session.channels();
    expect(Math.abs((ours.length / 8000) * 1000 - wallMs)).toBeLessThan(150);
    expect(farEnd.length).toBe(ours.length);
    expect(session.elapsedMs).toBe(session.frames * 20);
    // the far end sees the gap in the timestamps (whole frames), not in the sequence numbers
    const stamps = sent.map((p) => p.readUInt32BE(4));
    const sequences = sent.map((p) => p.readUInt16BE(2));
    const gaps = stamps.slice(1).map((t, i) => (t - stamps[i]) >>> 0);
    expect(Math.max(...gaps)).toBeGreaterThanOrEqual(160 * 20);
    expect(gaps.every((g) => g % 160 === 0)).toBe(true);
    expect(sequences.slice(1).every((q, i) => q === ((sequences[i] + 1) & 0xffff))).toBe(true);
  });
});
