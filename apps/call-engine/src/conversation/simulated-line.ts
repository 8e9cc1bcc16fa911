import type { Conversation, Pace, Turn } from '@app/calls/lifecycle';
import type { ToolOutcome } from '../tools/mcp-tool-runner';
import type { Brain, HeardTurn, ListenFor } from './brain';
import { converse, type Line } from './conversation-runtime';

const round2 = (ms: number) => Math.round(ms / 10) / 100;
const words = (text: string) => Math.max(1, text.trim().split(/\s+/).length);

/**
 * A simulated call as a brain's line: the simulated caller says its lines in turn (or, without
 * lines, what each hear step expects) and hangs up when they run out; every turn is timed at the
 * simulator's pace, so the call plays in simulated time whatever the brain took in wall time.
 */
export class SimulatedLine implements Line {
  readonly turns: Turn[] = [];
  private t = 0;
  private transferTo: string | undefined;
  private readonly hangUp = new AbortController();
  private readonly lines: string[] | null;

  constructor(
    private readonly pace: Pace,
    callerLines: string[] | null,
    private readonly tools: (name: string, args: Record<string, unknown>) => Promise<ToolOutcome>,
  ) {
    this.lines = callerLines ? [...callerLines] : null;
  }

  get signal(): AbortSignal {
    return this.hangUp.signal;
  }

  /** Plays the brain's conversation to its end, as the timeline the simulated call follows. */
  async play(brain: Brain): Promise<Conversation> {
    const end = await converse(brain, this);
    const base = { turns: this.turns, totalMs: this.t };
    if (this.transferTo) return { ...base, endedBy: 'assistant', transferTo: this.transferTo };
    if (!end) return { ...base, endedBy: 'customer' };
    return { ...base, endedBy: end.by, ...(end.reason ? { failedReason: end.reason } : {}) };
  }

  private speak(role: Turn['role'], text: string, extra: Partial<Turn> = {}): void {
    const start = this.turns.length === 0 ? 0 : this.t + this.pace.turnGapMs;
    const end = start + words(text) * this.pace.msPerWord;
    this.turns.push({ role, text, startSec: round2(start), endSec: round2(end), ...extra });
    this.t = end;
  }

  async say(text: string, continues = false): Promise<{ said: string; interrupted: boolean }> {
    const last = this.turns.at(-1);
    if (continues && last?.role === 'assistant') {
      // the next sentence of the same answer: the same turn, right after
      this.t += words(text) * this.pace.msPerWord;
      Object.assign(last, { text: `${last.text} ${text}`, endSec: round2(this.t) });
    } else this.speak('assistant', text);
    return { said: text, interrupted: false };
  }

  async listen(what: ListenFor): Promise<HeardTurn> {
    const line = this.lines ? this.lines.shift() : what.scripted;
    if (line === undefined) {
      // the caller has nothing more to say: they hang up
      this.hangUp.abort();
      return { spoke: false, text: null, key: null };
    }
    if (line.trim() === '') {
      this.t += this.pace.turnGapMs;
      return { spoke: false, text: null, key: null };
    }
    this.speak('customer', line);
    return { spoke: true, text: line, key: null };
  }

  async runTool(name: string, args: Record<string, unknown>): Promise<ToolOutcome> {
    const outcome = await this.tools(name, args);
    const { name: _, ...tool } = outcome;
    const text = outcome.error
      ? `${name} failed: ${outcome.error}`
      : `${name} → ${JSON.stringify(outcome.result ?? null)}`;
    this.speak('tool', text, { tool: { name, ...tool } });
    return outcome;
  }

  async press(): Promise<boolean> {
    return true; // keys are silent in a simulated call
  }

  async transfer(to: string): Promise<boolean> {
    this.transferTo = to; // the simulated far end takes every transfer
    return true;
  }

  async awaitCallerHangup(): Promise<void> {
    this.hangUp.abort();
  }
}
