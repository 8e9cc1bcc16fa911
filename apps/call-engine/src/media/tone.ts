/** Beep frequencies to look for: answering machines beep between 400 Hz and 2 kHz, here on a 50 Hz grid. */
const FREQUENCIES = Array.from({ length: 33 }, (_, i) => 400 + i * 50);

/**
 * The share (0–1) of a frame's energy at one frequency (Goertzel): a pure tone at the frequency
 * gives about 1, speech or noise far less.
 */
export function toneShare(frame: Int16Array, frequency: number, sampleRate = 8000): number {
  const coeff = 2 * Math.cos((2 * Math.PI * frequency) / sampleRate);
  let s1 = 0;
  let s2 = 0;
  let energy = 0;
  for (const x of frame) {
    const s = x + coeff * s1 - s2;
    s2 = s1;
    s1 = s;
    energy += x * x;
  }
  if (energy === 0) return 0;
  const power = s1 * s1 + s2 * s2 - coeff * s1 * s2;
  return (2 * power) / (frame.length * energy);
}

/** The frequency a frame is a steady tone at (null: none, or too quiet: under -45 dBFS). */
export function toneOf(frame: Int16Array): number | null {
  let sum = 0;
  for (const x of frame) sum += x * x;
  if (Math.sqrt(sum / frame.length) < 185) return null;
  let best: number | null = null;
  let bestShare = 0.6;
  for (const f of FREQUENCIES) {
    const share = toneShare(frame, f);
    if (share > bestShare) [best, bestShare] = [f, share];
  }
  return best;
}

/** A beep: the same tone (within 50 Hz) in `minFrames` frames in a row. */
export class BeepDetector {
  private frequency: number | null = null;
  private run = 0;

  constructor(private readonly minFrames = 5) {}

  /** True on the frame that completes a beep. */
  push(frame: Int16Array | null): boolean {
    const tone = frame ? toneOf(frame) : null;
    if (tone !== null && this.frequency !== null && Math.abs(tone - this.frequency) <= 50) this.run++;
    else this.run = tone === null ? 0 : 1;
    this.frequency = tone;
    return this.run === this.minFrames;
  }
}
