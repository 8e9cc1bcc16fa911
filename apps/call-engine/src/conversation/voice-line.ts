import { FRAME_MS } from '../media/g711';
import type { RtpSession } from '../media/rtp-session';
import type { StreamingRecognition } from '../media/hosted-recogniser';
import { toneOf } from '../media/tone';
import type { Recognition } from '../media/transcriber';
import { VoiceActivity } from '../media/voice-activity';
import type { ToolOutcome } from '../tools/mcp-tool-runner';
import type { AnsweredBy } from '@app/calls';
import { AnsweringMachineDetector } from './answering-machine';
import type { Brain, BrainEnd, HeardTurn, ListenFor } from './brain';
import { converse, type Line } from './conversation-runtime';
import { sentencesOf } from './sentences';

/** A turn of a real call as the transcript keeps it: what was said, heard or run. */
export interface VoiceTurn {
  role: 'assistant' | 'customer' | 'tool';
  /** null: the caller's speech was heard and timed but not recognised. */
  text: string | null;
  startSec: number;
  endSec: number;
  /** The caller spoke over this line: `text` is what was played of it. */
  interrupted?: boolean;
  /** The recogniser's confidence in a customer turn's text (0–1). */
  confidence?: number;
  /** An answer to the caller: from the end of their speech to its first audio, and the parts of that wait. */
  latencyMs?: number;
  latencyParts?: { endOfTurnMs: number; recognitionMs: number; brainMs: number; synthesisMs: number };
  /** Keys pressed: by the caller (customer turn) or sent by the assistant. */
  dtmf?: string;
  tool?: Omit<ToolOutcome, 'name'> & { name: string };
}

export interface Listening {
  /** Silence that ends the caller's turn. */
  endOfTurnMs: number;
  /** A listen that hears nothing for this long moves on. */
  noSpeechMs: number;
  /** Speech of the caller this long while the assistant talks stops it (barge-in); null: never. */
  bargeInMs: number | null;
}

export interface VoiceIo {
  session: RtpSession;
  /** The line as 8 kHz samples (null: no voice available, nothing is sent). */
  speak(text: string): Promise<Int16Array | null>;
  runTool(name: string, args: Record<string, unknown>): Promise<ToolOutcome>;
  /** Blind transfer; true when the far end accepted it (the call then ends). */
  transfer(to: string): Promise<boolean>;
  /** What the caller said (8 kHz samples of their turn), biased to the phrases; null: not recognised. */
  recognise(samples: Int16Array, phrases: string[]): Promise<Recognition | null>;
  /** A hosted recogniser the turn is streamed to as it is spoken (absent: `recognise` after the turn). */
  streamTurn?(phrases: string[]): StreamingRecognition;
  /** Each answer's voice-to-voice latency (ms), for the engine's metrics. */
  observeLatency?(ms: number): void;
  /** A turn was said or heard, or changed since (grew, was recognised): its place in the transcript. */
  onTurn?(index: number, turn: VoiceTurn): void;
  listening: Listening;
  /** Aborted when the call ends from outside (far-end BYE, media timeout, an API end, max duration). */
  signal: AbortSignal;
}

/** Frames heard right after our own speech may be its echo (the far end's jitter buffer and line). */
const ECHO_GUARD_MS = 100;
/** A machine's beep this long is over, whatever the line still carries: the message starts. */
const BEEP_LONGEST_MS = 2000;
/** A caller who never stops (music on hold, a stuck line) ends their turn after this. */
const LONGEST_TURN_MS = 30_000;

const SILENT_FRAME = new Int16Array(160);

const sec = (ms: number) => Math.round(ms / 10) / 100;

/** The caller's turn being heard: its VAD, when it began, and how it ends. */
interface Hearing {
  vad: VoiceActivity;
  startedAt: number | null;
  begin: number;
}

/**
 * A real call's audio as a brain's line: `say` synthesises sentence by sentence and plays into the
 * call (the next sentence synthesised while one plays), stopping when the caller speaks over it
 * (barge-in); `listen` waits for the caller to speak and fall silent (voice activity) and recognises
 * what they said. Turns are kept as they happen, so a call cut short still has its transcript.
 */
export class VoiceLine implements Line {
  readonly turns: VoiceTurn[] = [];
  /** The caller's last turn, while the assistant's answer to it is on its way (for its latency). */
  private answering: { speechEndMs: number; recognitionMs: number; heardAt: number } | null = null;
  /** A turn the caller began over the assistant's speech: the next listen takes it. */
  private interruption: Promise<{ key: string | null; turn: VoiceTurn | null }> | null = null;
  /** Confidences still being worked out (the grammar answered before the free decode). */
  private readonly refining: Promise<unknown>[] = [];

  constructor(private readonly io: VoiceIo) {}

  get signal(): AbortSignal {
    return this.io.signal;
  }

  /** Once every turn's recognition is complete (before the transcript is stored). */
  async settled(): Promise<void> {
    await Promise.all(this.refining);
  }

  /** Runs the brain on this call until it ends the call (its end) or the call ends from outside (null). */
  async run(brain: Brain): Promise<BrainEnd | null> {
    // keys the caller presses, whenever they press them, are part of the transcript
    const stopDigits = this.io.session.onDigit((digit, atMs) =>
      this.keep({ role: 'customer', text: null, dtmf: digit, startSec: sec(atMs), endSec: sec(atMs) }),
    );
    try {
      return await converse(brain, this);
    } finally {
      stopDigits();
    }
  }

  /**
   * Voicemail detection: listens to the far end before the assistant speaks. A person's short
   * greeting or silence resolves at once; a machine's resolves after its beep (or the silence after
   * a greeting without one), so a message is left after the tone, not over the greeting.
   */
  screen(longestMs = 30_000): Promise<AnsweredBy> {
    const { session, signal } = this.io;
    const detector = new AnsweringMachineDetector();
    const begin = session.elapsedMs;
    return new Promise((resolve) => {
      let answeredBy: AnsweredBy = 'unknown';
      let greetingFrom: number | null = null;
      const finish = (by: AnsweredBy) => {
        stop();
        signal.removeEventListener('abort', aborted);
        resolve(by);
      };
      const aborted = () => finish(answeredBy);
      signal.addEventListener('abort', aborted, { once: true });
      let beepFrom: number | null = null;
      const stop = session.onHeard((frame, atMs) => {
        if (beepFrom !== null) {
          // the message starts once the tone has ended (a tone under the message would barge in on it)
          if (frame && toneOf(frame) !== null && atMs - beepFrom < BEEP_LONGEST_MS) return;
          this.heard('(beep)', beepFrom, atMs);
          return finish('machine');
        }
        const found = detector.push(frame, atMs - begin);
        if (found?.kind === 'answered-by') {
          answeredBy = found.answeredBy;
          greetingFrom = found.speechStartMs === null ? null : begin + found.speechStartMs;
          if (answeredBy !== 'machine') return finish(answeredBy);
        } else if (found) {
          // the machine's greeting, then its beep: the message goes after it
          const endMs = found.kind === 'beep' ? found.atMs + begin : atMs;
          if (greetingFrom !== null) this.heard('(voicemail greeting)', greetingFrom, endMs);
          if (found.kind !== 'beep') return finish('machine');
          beepFrom = endMs;
        }
        if (atMs - begin >= longestMs) finish(answeredBy);
      });
    });
  }

  /** Keeps a turn in the transcript and tells the live view. */
  private keep(turn: VoiceTurn): void {
    this.turns.push(turn);
    this.io.onTurn?.(this.turns.length - 1, turn);
  }

  private changed(turn: VoiceTurn): void {
    this.io.onTurn?.(this.turns.indexOf(turn), turn);
  }

  private heard(text: string, fromMs: number, toMs: number): void {
    this.keep({ role: 'customer', text, startSec: sec(fromMs), endSec: sec(toMs) });
  }

  async say(text: string, continues = false): Promise<{ said: string; interrupted: boolean }> {
    // a caller who interrupted is heard out before the assistant speaks again
    if (this.interruption) await this.interruption;
    const asked = performance.now();
    const sentences = sentencesOf(text);
    const audio = sentences.map(() => null as Promise<Int16Array | null> | null);
    const synthesised = (i: number) => (audio[i] ??= this.io.speak(sentences[i]));
    const first = await synthesised(0);
    const synthesisMs = Math.round(performance.now() - asked);
    if (this.io.signal.aborted || !first) return { said: '', interrupted: false };
    const stop = () => this.io.session.stopSpeaking();
    this.io.signal.addEventListener('abort', stop, { once: true });
    const bargeIn = { heard: false };
    const stopBargeIn = this.watchForBargeIn(bargeIn);
    let startMs = -1;
    let endMs = -1;
    let interrupted = false;
    const played: string[] = [];
    for (let i = 0; i < sentences.length && !interrupted; i++) {
      if (i + 1 < sentences.length) void synthesised(i + 1); // ready before this one ends
      const samples = await synthesised(i);
      if (!samples || this.io.signal.aborted) break;
      // the caller spoke up between two sentences: the rest is not said
      if (bargeIn.heard) {
        interrupted = true;
        break;
      }
      const done = await this.io.session.play(samples);
      if (startMs < 0) startMs = done.startMs;
      endMs = done.endMs;
      interrupted = done.interrupted;
      const share = (done.endMs - done.startMs) / ((samples.length / 8000) * 1000);
      played.push(interrupted ? wordsOf(sentences[i], share) : sentences[i]);
    }
    stopBargeIn();
    this.io.signal.removeEventListener('abort', stop);
    if (startMs < 0) return { said: '', interrupted: false };
    const said = played.filter(Boolean).join(' ');
    const last = this.turns.at(-1);
    if (continues && last?.role === 'assistant') {
      // the next sentence of the same answer: one turn
      Object.assign(
        last,
        { text: `${last.text} ${said}`.trim(), endSec: sec(endMs) },
        interrupted ? { interrupted } : {},
      );
      this.changed(last);
      return { said, interrupted };
    }
    this.keep({
      role: 'assistant',
      text: said,
      startSec: sec(startMs),
      endSec: sec(endMs),
      ...(interrupted ? { interrupted: true } : {}),
      ...this.latencyOf(startMs, synthesisMs, asked),
    });
    return { said, interrupted };
  }

  /** An answer to the caller: how long after their last word its first audio went out, and why. */
  private latencyOf(startMs: number, synthesisMs: number, asked: number): Partial<VoiceTurn> {
    const answered = this.answering;
    this.answering = null;
    if (!answered) return {};
    const latencyMs = Math.round(startMs - answered.speechEndMs);
    this.io.observeLatency?.(latencyMs);
    const brainMs = Math.max(0, Math.round(asked - answered.heardAt));
    const endOfTurnMs = this.io.listening.endOfTurnMs;
    return { latencyMs, latencyParts: { endOfTurnMs, recognitionMs: answered.recognitionMs, brainMs, synthesisMs } };
  }

  /** While the assistant talks: the caller's speech (not our echo) stops it and becomes their next turn. */
  private watchForBargeIn(bargeIn: { heard: boolean }): () => void {
    const { session, listening } = this.io;
    if (listening.bargeInMs === null) return () => undefined;
    const hearing: Hearing = { vad: new VoiceActivity(listening.endOfTurnMs, FRAME_MS), startedAt: null, begin: 0 };
    const stop = session.onHeard((frame, atMs) => {
      const change = hearing.vad.push(frame && session.isEcho(frame) ? null : frame);
      if (change === 'speech-started') hearing.startedAt = atMs - 3 * FRAME_MS;
      else if (change === 'speech-ended') hearing.startedAt = null;
      else if (hearing.startedAt !== null && atMs - hearing.startedAt >= listening.bargeInMs! + 3 * FRAME_MS) {
        stop();
        bargeIn.heard = true;
        session.stopSpeaking();
        this.interruption = this.hearOut(hearing);
      }
    });
    return stop;
  }

  async listen(what: ListenFor): Promise<HeardTurn> {
    const interruption = this.interruption;
    this.interruption = null;
    const phrases = what.phrases ?? [];
    // a hosted recogniser hears the turn as it is spoken (not a turn begun over our speech)
    const stream = interruption ? null : (this.io.streamTurn?.(phrases) ?? null);
    const heard = interruption
      ? { key: null, turn: (await interruption).turn }
      : await this.hearOut(this.newHearing(), new Set(what.keys ?? []), stream);
    if (!heard.turn || this.io.signal.aborted) {
      void stream?.finish();
      return { spoke: heard.turn !== null, text: null, key: heard.key };
    }
    // what was said, recognised from the far end's audio of the turn (biased to the phrases expected)
    const asked = performance.now();
    const recognised = stream ? await stream.finish() : await this.io.recognise(this.samplesOf(heard.turn), phrases);
    if (recognised) {
      const { refined, ...now } = recognised;
      const turn = Object.assign(heard.turn, now);
      this.changed(turn);
      if (refined) this.refining.push(refined.then((confidence) => (turn.confidence = confidence)));
    }
    this.answering = {
      speechEndMs: heard.turn.endSec * 1000,
      recognitionMs: Math.round(performance.now() - asked),
      heardAt: performance.now(),
    };
    return { spoke: true, text: heard.turn.text, key: heard.key };
  }

  private newHearing(): Hearing {
    const vad = new VoiceActivity(this.io.listening.endOfTurnMs, FRAME_MS);
    return { vad, startedAt: null, begin: this.io.session.elapsedMs };
  }

  private samplesOf(turn: VoiceTurn): Int16Array {
    return this.io.session.heardBetween(turn.startSec * 1000, turn.endSec * 1000);
  }

  /**
   * Follows the caller's turn: speech, then `endOfTurnMs` of silence; nothing heard before the
   * no-speech time-out is no turn; a key it listens for ends it (the key is a turn of its own, as
   * every key is); so do the longest turn and the call's end.
   */
  private hearOut(
    hearing: Hearing,
    keys = new Set<string>(),
    stream: StreamingRecognition | null = null,
  ): Promise<{ key: string | null; turn: VoiceTurn | null }> {
    const { session, listening, signal } = this.io;
    return new Promise((resolve) => {
      const finish = (endMs: number | null, key: string | null = null) => {
        stopListening();
        stopKeys();
        signal.removeEventListener('abort', aborted);
        let turn: VoiceTurn | null = null;
        if (hearing.startedAt !== null && endMs !== null) {
          turn = { role: 'customer', text: null, startSec: sec(hearing.startedAt), endSec: sec(endMs) };
          this.keep(turn);
        }
        resolve({ key, turn });
      };
      const stopKeys = session.onDigit((digit, atMs) => {
        if (keys.has(digit)) finish(hearing.startedAt === null ? null : atMs, digit);
      });
      const aborted = () => finish(hearing.startedAt === null ? null : session.elapsedMs);
      signal.addEventListener('abort', aborted, { once: true });
      const stopListening = session.onHeard((frame, atMs) => {
        if (atMs - hearing.begin <= ECHO_GUARD_MS) return;
        stream?.push(frame ?? SILENT_FRAME);
        const change = hearing.vad.push(frame && session.isEcho(frame) ? null : frame);
        if (change === 'speech-started') hearing.startedAt = atMs - 3 * FRAME_MS;
        else if (change === 'speech-ended') finish(atMs - listening.endOfTurnMs);
        else if (hearing.startedAt === null && !hearing.vad.inOnset && atMs - hearing.begin >= listening.noSpeechMs)
          finish(null);
        else if (hearing.startedAt !== null && atMs - hearing.startedAt >= LONGEST_TURN_MS) finish(atMs);
      });
    });
  }

  /** Presses keys (RFC 4733); a far end that takes no telephone-events gets none, and the turn says so. */
  async press(digits: string): Promise<boolean> {
    const startMs = this.io.session.elapsedMs;
    const sent = await this.io.session.sendDigits(digits);
    this.keep({
      role: 'assistant',
      text: sent ? null : '(keys not sent: the far end takes no telephone-events)',
      dtmf: digits,
      startSec: sec(startMs),
      endSec: sec(this.io.session.elapsedMs),
    });
    return sent;
  }

  async runTool(name: string, args: Record<string, unknown>): Promise<ToolOutcome> {
    const startMs = this.io.session.elapsedMs;
    const outcome = await this.io.runTool(name, args);
    const text = outcome.error
      ? `${name} failed: ${outcome.error}`
      : `${name} → ${JSON.stringify(outcome.result ?? null)}`;
    this.keep({
      role: 'tool',
      text,
      startSec: sec(startMs),
      endSec: sec(this.io.session.elapsedMs),
      tool: outcome,
    });
    return outcome;
  }

  transfer(to: string): Promise<boolean> {
    return this.io.transfer(to);
  }

  /** The caller is to hang up: wait for their BYE (the signal), then give up (the assistant hangs up). */
  awaitCallerHangup(): Promise<void> {
    const { signal } = this.io;
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.io.listening.noSpeechMs);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    });
  }
}

/** The first share (0–1) of a sentence's words: what was played of a line cut short. */
function wordsOf(sentence: string, share: number): string {
  const words = sentence.split(/\s+/).filter(Boolean);
  return words.slice(0, Math.floor(words.length * Math.max(0, Math.min(1, share)))).join(' ');
}
