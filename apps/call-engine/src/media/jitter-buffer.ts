import { sequenceDelta } from './rtp';

/**
 * Puts received frames back in sequence order and hands out one per 20 ms tick, `depth` frames
 * behind the newest (60 ms by default): late or reordered packets still find their place; a packet
 * that never came is a gap of silence. It refills after running dry, and drops its oldest frame
 * when the far end's clock runs faster than ours, so it neither grows nor starves over a long call.
 */
export class JitterBuffer {
  private readonly frames = new Map<number, Int16Array>();
  private next: number | null = null;
  private playing = false;
  lost = 0;
  late = 0;

  constructor(
    private readonly depth = 3,
    private readonly max = 50,
  ) {}

  push(sequence: number, samples: Int16Array): void {
    this.next ??= sequence;
    const ahead = sequenceDelta(sequence, this.next);
    if (ahead < 0) {
      this.late++;
      return;
    }
    if (ahead >= this.max) {
      // the far end jumped far ahead: start over from this packet
      this.reset();
      this.next = sequence;
    }
    this.frames.set(sequence, samples);
  }

  /** Forgets what is buffered: the next packet starts the sequence again. */
  reset(): void {
    this.frames.clear();
    this.next = null;
    this.playing = false;
  }

  /** The next frame in order, or null for silence (nothing due yet, or a packet that never came). */
  pop(): Int16Array | null {
    if (this.next === null) return null;
    if (!this.playing) {
      if (this.frames.size < this.depth) return null;
      this.playing = true;
    }
    if (this.frames.size === 0) {
      // ran dry: wait for `depth` frames again rather than counting the pause as loss
      this.playing = false;
      return null;
    }
    while (this.frames.size > this.depth * 4) this.skip(); // the far end's clock is faster than ours
    return this.skip();
  }

  private skip(): Int16Array | null {
    const frame = this.frames.get(this.next!) ?? null;
    this.frames.delete(this.next!);
    if (!frame) this.lost++;
    this.next = (this.next! + 1) & 0xffff;
    return frame;
  }
}
