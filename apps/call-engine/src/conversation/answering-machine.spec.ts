import { BeepDetector, toneOf } from '../media/tone';
import { AnsweringMachineDetector } from './answering-machine';

const RATE = 8000;
const FRAME = 160;

const tone = (hz: number, ms: number, amplitude = 8000) =>
  Int16Array.from({ length: (RATE * ms) / 1000 }, (_, i) =>
    Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / RATE)),
  );
/** Speech-like: noise in 150 ms syllables with short gaps (no single frequency dominates). */
const babble = (ms: number) =>
  Int16Array.from({ length: (RATE * ms) / 1000 }, (_, i) =>
    i % 1600 < 1200 ? Math.round((Math.random() - 0.5) * 12000) : 0,
  );
const silence = (ms: number) => new Int16Array((RATE * ms) / 1000);

function feed(samples: Int16Array) {
  const detector = new AnsweringMachineDetector();
  const found: { kind: string; answeredBy?: string; atMs: number }[] = [];
  for (let at = 0; at + FRAME <= samples.length; at += FRAME) {
    const atMs = ((at + FRAME) / RATE) * 1000;
    const d = detector.push(samples.subarray(at, at + FRAME), atMs);
    if (d) found.push({ ...d, atMs: 'atMs' in d ? d.atMs : atMs });
  }
  return found;
}

const joined = (...parts: Int16Array[]) => {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
};

describe('voicemail detection from audio', () => {
  it('finds a steady tone (Goertzel) and not speech', () => {
    expect(toneOf(tone(1000, 20))).toBe(1000);
    expect(toneOf(tone(440, 20))).toBe(450); // the 50 Hz grid's nearest
    expect(toneOf(babble(20))).toBeNull();
    const beep = new BeepDetector();
    const frames = tone(1000, 200);
    const hits = Array.from({ length: 10 }, (_, n) => beep.push(frames.subarray(n * FRAME, (n + 1) * FRAME)));
    expect(hits.indexOf(true)).toBe(4); // the fifth frame in a row
  });

  it('a long greeting then a beep is a machine, ready after the beep', () => {
    const found = feed(joined(silence(300), babble(6000), silence(500), tone(1000, 500), silence(1000)));
    expect(found.map((f) => f.kind)).toEqual(['answered-by', 'beep']);
    expect(found[0].answeredBy).toBe('machine');
    expect(found[1].atMs).toBeGreaterThanOrEqual(6800);
    expect(found[1].atMs).toBeLessThan(7000);
  });

  it('a machine without a beep is ready after the silence that follows its greeting', () => {
    const found = feed(joined(babble(4000), silence(4000)));
    expect(found.map((f) => f.kind)).toEqual(['answered-by', 'greeting-over']);
  });

  it('"Hello?" then silence is a person; nothing at all is unknown', () => {
    expect(feed(joined(silence(300), babble(600), silence(1500)))).toEqual([
      expect.objectContaining({ kind: 'answered-by', answeredBy: 'human' }),
    ]);
    expect(feed(silence(5000))).toEqual([expect.objectContaining({ kind: 'answered-by', answeredBy: 'unknown' })]);
  });
});
