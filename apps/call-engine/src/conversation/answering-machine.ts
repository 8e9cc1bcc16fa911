import type { AnsweredBy } from '@app/calls';
import { FRAME_MS } from '../media/g711';
import { BeepDetector } from '../media/tone';
import { VoiceActivity } from '../media/voice-activity';

export type Detection =
  | { kind: 'answered-by'; answeredBy: AnsweredBy; speechStartMs: number | null }
  | { kind: 'beep'; atMs: number }
  | { kind: 'greeting-over'; atMs: number };

/** A person's greeting ("Hello?", "Hi, this is Sam") is short; a machine's goes on. */
const HUMAN_GREETING_MAX_MS = 1800;
const MACHINE_GREETING_MIN_MS = 2500;
/** The silence that ends a greeting. */
const GREETING_END_SILENCE_MS = 800;
/** Nothing said for this long after the answer: nobody to tell apart, the assistant speaks. */
const NO_GREETING_MS = 4000;
/** A machine whose greeting ended without a beep takes the message after this much silence. */
const NO_BEEP_SILENCE_MS = 2000;

/**
 * Answering-machine detection from the far end's audio, frame by frame (pure): a short greeting
 * then silence is a person, a long one a machine, nothing at all unknown; then, for a machine, the
 * beep (a steady tone, Goertzel) or, for one that has none, the silence after its greeting.
 */
export class AnsweringMachineDetector {
  private readonly vad = new VoiceActivity(GREETING_END_SILENCE_MS, FRAME_MS);
  private readonly beep = new BeepDetector();
  private startedAt: number | null = null;
  private endedAt: number | null = null;
  private verdict: AnsweredBy | null = null;
  private over = false;

  /** Feeds one frame at `atMs` since the answer; returns what it settled, if anything. */
  push(frame: Int16Array | null, atMs: number): Detection | null {
    if (this.beep.push(frame)) {
      const at = atMs - 4 * FRAME_MS;
      if (this.verdict === null) {
        // a beep before any verdict: a machine whose greeting was short (or absent)
        this.verdict = 'machine';
        return { kind: 'answered-by', answeredBy: 'machine', speechStartMs: this.startedAt };
      }
      return this.verdict === 'machine' ? { kind: 'beep', atMs: at } : null;
    }
    const change = this.vad.push(frame);
    if (change === 'speech-started') {
      this.startedAt ??= atMs - 3 * FRAME_MS;
      this.endedAt = null;
    } else if (change === 'speech-ended') this.endedAt = atMs - GREETING_END_SILENCE_MS;
    if (this.verdict === null) return this.decide(atMs);
    if (
      this.verdict === 'machine' &&
      !this.over &&
      this.endedAt !== null &&
      atMs - this.endedAt >= NO_BEEP_SILENCE_MS
    ) {
      this.over = true;
      return { kind: 'greeting-over', atMs };
    }
    return null;
  }

  private decide(atMs: number): Detection | null {
    const settle = (answeredBy: AnsweredBy): Detection => {
      this.verdict = answeredBy;
      return { kind: 'answered-by', answeredBy, speechStartMs: this.startedAt };
    };
    if (this.startedAt === null) return atMs >= NO_GREETING_MS ? settle('unknown') : null;
    const spokenMs = (this.endedAt ?? atMs) - this.startedAt;
    if (spokenMs >= MACHINE_GREETING_MIN_MS) return settle('machine');
    if (this.endedAt !== null) return settle(spokenMs <= HUMAN_GREETING_MAX_MS ? 'human' : 'machine');
    return null;
  }
}
