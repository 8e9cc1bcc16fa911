import { performance } from 'node:perf_hooks';
import { FRAME_MS } from './g711';

/** A tick this late is a stall of the process, not a late timer. */
const STALL_MS = 200;

export interface ClockListener {
  /** One 20 ms frame is due; `lateMs` is how far behind its ideal moment this tick runs. */
  onFrame(lateMs: number): void;
  /** A stall skipped `frames` frames: nothing was sent or heard in them, but the time passed. */
  onSkipped?(frames: number): void;
}

/**
 * One 20 ms clock for every call on the engine: frames are due at start + n × 20 ms on the
 * monotonic clock, so timing errors never add up (no drift over a long call). A tick that runs
 * late sends the frames it owes at once; after a stall of over 200 ms the owed frames are skipped
 * (sent at once they would overrun the far end's jitter buffer), and the listeners are told how many.
 */
export class FrameClock {
  private readonly listeners = new Set<ClockListener>();
  private timer: NodeJS.Timeout | null = null;
  private nextAt = 0;

  add(listener: ClockListener): void {
    this.listeners.add(listener);
    if (!this.timer) {
      this.nextAt = performance.now() + FRAME_MS;
      this.schedule();
    }
  }

  remove(listener: ClockListener): void {
    this.listeners.delete(listener);
    if (this.listeners.size === 0 && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private schedule(): void {
    this.timer = setTimeout(() => this.tick(), Math.max(0, this.nextAt - performance.now()));
  }

  private tick(): void {
    const now = performance.now();
    if (now - this.nextAt > STALL_MS) {
      // a stall: what was owed is gone
      const skipped = Math.floor((now - this.nextAt) / FRAME_MS);
      for (const listener of this.listeners) listener.onSkipped?.(skipped);
      this.nextAt += skipped * FRAME_MS;
    }
    while (this.nextAt <= now) {
      const late = now - this.nextAt;
      for (const listener of this.listeners) listener.onFrame(late); // a Set survives deletes while iterated
      this.nextAt += FRAME_MS;
    }
    if (this.listeners.size > 0) this.schedule();
    else this.timer = null;
  }
}
