import type { ScriptStep } from '@app/calls';
import { FRAME_MS } from '../media/g711';
import type { RtpSession } from '../media/rtp-session';
import { VoiceActivity } from '../media/voice-activity';
import type { ToolOutcome } from '../tools/mcp-tool-runner';

/** A turn of a real call as the transcript keeps it: what was said, heard (text null) or run. */
export interface VoiceTurn {
  role: 'assistant' | 'customer' | 'tool';
  /** null for the caller's speech: heard and timed, not recognised (speech recognition comes next). */
  text: string | null;
  startSec: number;
  endSec: number;
  interrupted?: boolean;
  /** The recogniser's confidence in a customer turn's text (0–1). */
  confidence?: number;
  /** An answer to the caller: from the end of their speech to its first audio, and the parts of that wait. */
  latencyMs?: number;
  latencyParts?: { endOfTurnMs: number; recognitionMs: number; synthesisMs: number };
  /** Keys pressed: by the caller (customer turn) or sent by the assistant. */
  dtmf?: string;
  tool?: Omit<ToolOutcome, 'name'> & { name: string };
}

export interface Listening {
  /** Silence that ends the caller's turn. */
  endOfTurnMs: number;
  /** A hear step that hears nothing for this long moves on. */
  noSpeechMs: number;
}

export interface VoiceIo {
  session: RtpSession;
  /** The line as 8 kHz samples (null: no voice available, nothing is sent). */
  speak(text: string): Promise<Int16Array | null>;
  runTool(step: Extract<ScriptStep, { tool: string }>): Promise<ToolOutcome>;
  /** Blind transfer; true when the far end accepted it (the call then ends). */
  transfer(to: string): Promise<boolean>;
  /** What the caller said (8 kHz samples of their turn), biased to the phrases; null: not recognised. */
  recognise(samples: Int16Array, phrases: string[]): Promise<{ text: string; confidence: number } | null>;
  /** Each answer's voice-to-voice latency (ms), for the engine's metrics. */
  observeLatency?(ms: number): void;
  listening: Listening;
  /** Aborted when the call ends from outside (far-end BYE, media timeout, an API end, max duration). */
  signal: AbortSignal;
}

/** Frames heard right after our own speech may be its echo (the far end's jitter buffer and line). */
const ECHO_GUARD_MS = 100;
/** A caller who never stops (music on hold, a stuck line) ends their turn after this. */
const LONGEST_TURN_MS = 30_000;

const sec = (ms: number) => Math.round(ms / 10) / 100;

/**
 * Plays an assistant's script on a real call: its first message, then each step — `say` is spoken
 * into the call, `hear` waits for the caller to speak and fall silent (voice activity), `tool` runs
 * the MCP tool, `hangup` ends it (customer: waits for the far end to hang up). Turns are kept as
 * they happen, so a call cut short still has the transcript of what really happened.
 */
export class VoiceConversation {
  readonly turns: VoiceTurn[] = [];
  /** The caller's last turn, while the assistant's answer to it is on its way (for its latency). */
  private answering: { speechEndMs: number; endOfTurnMs: number; recognitionMs: number } | null = null;

  constructor(
    private readonly io: VoiceIo,
    private readonly firstMessage: string,
    private readonly steps: ScriptStep[],
  ) {}

  /** Runs until the script ends (who ends it) or the signal aborts (null). */
  async run(): Promise<'assistant' | 'customer' | null> {
    // keys the caller presses, whenever they press them, are part of the transcript
    const stopDigits = this.io.session.onDigit((digit, atMs) =>
      this.turns.push({ role: 'customer', text: null, dtmf: digit, startSec: sec(atMs), endSec: sec(atMs) }),
    );
    try {
      return await this.play();
    } finally {
      stopDigits();
    }
  }

  private async play(): Promise<'assistant' | 'customer' | null> {
    await this.say(this.firstMessage);
    for (let index = 0; index < this.steps.length; index++) {
      const step = this.steps[index];
      if (this.io.signal.aborted) return null;
      if ('say' in step) await this.say(step.say);
      else if ('hear' in step) {
        // a branch jumps to the step after its label
        const target = branchOf(step, await this.hear(step));
        if (target !== undefined) index = this.steps.findIndex((s) => 'label' in s && s.label === target);
      } else if ('tool' in step) await this.tool(step);
      else if ('dtmf' in step) await this.press(step.dtmf);
      else if ('transfer' in step) {
        // accepted: the call ends as transferred (the signal aborts); refused: the script goes on
        if (await this.io.transfer(step.transfer)) return null;
      } else if ('hangup' in step) {
        if (step.hangup === 'assistant') return 'assistant';
        // the caller is to hang up: wait for their BYE (the signal), then give up and hang up ourselves
        await this.waitFor(this.io.listening.noSpeechMs);
        return this.io.signal.aborted ? null : 'assistant';
      }
    }
    return this.io.signal.aborted ? null : 'assistant';
  }

  private async say(text: string): Promise<void> {
    const asked = performance.now();
    const samples = await this.io.speak(text);
    const synthesisMs = Math.round(performance.now() - asked);
    if (this.io.signal.aborted || !samples) return;
    const stop = () => this.io.session.stopSpeaking();
    this.io.signal.addEventListener('abort', stop, { once: true });
    const played = await this.io.session.play(samples);
    this.io.signal.removeEventListener('abort', stop);
    // an answer to the caller: how long after their last word its first audio went out, and why
    const answered = this.answering;
    this.answering = null;
    const latency = answered && {
      latencyMs: Math.round(played.startMs - answered.speechEndMs),
      latencyParts: { endOfTurnMs: answered.endOfTurnMs, recognitionMs: answered.recognitionMs, synthesisMs },
    };
    if (latency) this.io.observeLatency?.(latency.latencyMs);
    this.turns.push({
      role: 'assistant',
      text,
      startSec: sec(played.startMs),
      endSec: sec(played.endMs),
      ...(played.interrupted ? { interrupted: true } : {}),
      ...(latency ?? {}),
    });
  }

  /**
   * Waits for the caller's turn: speech, then `endOfTurnMs` of silence (nothing heard: no turn), or a
   * key that `onKey` branches on (answered; the key itself is a turn as every key is).
   */
  private async hear(step: HearStep): Promise<Heard> {
    const heard = await this.listen(step.onKey ?? {});
    if (heard.turn && !this.io.signal.aborted) {
      // what was said, recognised from the far end's audio of the turn (biased to the phrases expected)
      const phrases = [step.hear, ...(step.expect ?? []).flatMap((e) => e.phrases)];
      const samples = this.io.session.heardBetween(heard.turn.startSec * 1000, heard.turn.endSec * 1000);
      const asked = performance.now();
      const recognised = await this.io.recognise(samples, phrases);
      if (recognised) Object.assign(heard.turn, recognised);
      this.answering = {
        speechEndMs: heard.turn.endSec * 1000,
        endOfTurnMs: this.io.listening.endOfTurnMs,
        recognitionMs: Math.round(performance.now() - asked),
      };
    }
    return heard;
  }

  private listen(onKey: Record<string, string>): Promise<Heard> {
    const { session, listening, signal } = this.io;
    const vad = new VoiceActivity(listening.endOfTurnMs, FRAME_MS);
    const begin = session.elapsedMs;
    let startedAt: number | null = null;
    return new Promise((resolve) => {
      const finish = (endMs: number | null, key: string | null = null) => {
        stopListening();
        stopKeys();
        signal.removeEventListener('abort', aborted);
        let turn: VoiceTurn | null = null;
        if (startedAt !== null && endMs !== null) {
          turn = { role: 'customer', text: null, startSec: sec(startedAt), endSec: sec(endMs) };
          this.turns.push(turn);
        }
        resolve({ key, turn });
      };
      const stopKeys = session.onDigit((digit, atMs) => {
        if (digit in onKey) finish(startedAt === null ? null : atMs, digit);
      });
      const aborted = () => finish(startedAt === null ? null : session.elapsedMs);
      signal.addEventListener('abort', aborted, { once: true });
      const stopListening = session.onHeard((frame, atMs) => {
        if (atMs - begin <= ECHO_GUARD_MS) return;
        const change = vad.push(frame);
        if (change === 'speech-started') startedAt = atMs - 3 * FRAME_MS;
        else if (change === 'speech-ended') finish(atMs - listening.endOfTurnMs);
        else if (startedAt === null && !vad.inOnset && atMs - begin >= listening.noSpeechMs) finish(null);
        else if (startedAt !== null && atMs - startedAt >= LONGEST_TURN_MS) finish(atMs);
      });
    });
  }

  /** Presses keys (RFC 4733); a far end that takes no telephone-events gets none, and the turn says so. */
  private async press(digits: string): Promise<void> {
    const startMs = this.io.session.elapsedMs;
    const sent = await this.io.session.sendDigits(digits);
    this.turns.push({
      role: 'assistant',
      text: sent ? null : '(keys not sent: the far end takes no telephone-events)',
      dtmf: digits,
      startSec: sec(startMs),
      endSec: sec(this.io.session.elapsedMs),
    });
  }

  private async tool(step: Extract<ScriptStep, { tool: string }>): Promise<void> {
    const startMs = this.io.session.elapsedMs;
    const outcome = await this.io.runTool(step);
    const text = outcome.error
      ? `${step.tool} failed: ${outcome.error}`
      : `${step.tool} → ${JSON.stringify(outcome.result ?? null)}`;
    this.turns.push({
      role: 'tool',
      text,
      startSec: sec(startMs),
      endSec: sec(this.io.session.elapsedMs),
      tool: outcome,
    });
  }

  private waitFor(ms: number): Promise<void> {
    const { signal } = this.io;
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    });
  }
}

type HearStep = Extract<ScriptStep, { hear: string }>;

/** How a hear step ended: a key it branches on, and the caller's turn if they spoke. */
interface Heard {
  key: string | null;
  turn: VoiceTurn | null;
}

/**
 * The label a hear step jumps to: the key's (onKey), the first `expect` whose phrase the recognised
 * text contains (whole words, any case), `otherwise` for other speech, `noSpeech` for none.
 */
export function branchOf(step: HearStep, heard: Heard): string | undefined {
  if (heard.key) return step.onKey?.[heard.key];
  if (!heard.turn) return step.noSpeech;
  const said = ` ${normalised(heard.turn.text ?? '')} `;
  const match = step.expect?.find((e) => e.phrases.some((p) => normalised(p) && said.includes(` ${normalised(p)} `)));
  return match?.goto ?? (step.expect || step.otherwise ? step.otherwise : undefined);
}

const normalised = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
