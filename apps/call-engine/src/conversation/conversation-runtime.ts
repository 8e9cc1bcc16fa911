import type { ToolOutcome } from '../tools/mcp-tool-runner';
import type { ActionOutcome, Brain, BrainEnd, HeardTurn, ListenFor } from './brain';

/**
 * The call a brain talks through: a real call's audio (speech out, recognition in) or a simulated
 * caller's text. Each line keeps its own transcript of what really happened.
 */
export interface Line {
  /** Speaks the text; interrupted when the caller spoke over it (barge-in), `said` what was played. */
  say(text: string, continues?: boolean): Promise<{ said: string; interrupted: boolean }>;
  /** The caller's next turn: speech, a key the brain listens for, or nothing before the time-out. */
  listen(what: ListenFor): Promise<HeardTurn>;
  runTool(name: string, args: Record<string, unknown>): Promise<ToolOutcome>;
  press(digits: string): Promise<boolean>;
  /** Blind transfer; true when the far end took it (the call then ends as transferred). */
  transfer(to: string): Promise<boolean>;
  /** The brain left the hanging up to the caller: wait a while for it. */
  awaitCallerHangup(): Promise<void>;
  /** Aborted when the call ends from outside (the far end, an API end, max duration, the engine). */
  readonly signal: AbortSignal;
}

/**
 * Runs a conversation: asks the brain for each action, has the line carry it out and hands the
 * outcome back, until the brain ends the call (its end) or the call ends from outside (null).
 * A brain that throws ends the call as brain-failed: never silence forever.
 */
export async function converse(brain: Brain, line: Line): Promise<BrainEnd | null> {
  let outcome: ActionOutcome | undefined;
  try {
    for (;;) {
      if (line.signal.aborted) return null;
      const next = await brain.next(outcome);
      if (next.done) return line.signal.aborted ? null : next.value;
      if (line.signal.aborted) return null;
      const action = next.value;
      if ('say' in action) outcome = await line.say(action.say, action.continues);
      else if ('listen' in action) outcome = { heard: await line.listen(action.listen) };
      else if ('tool' in action) outcome = { tool: await line.runTool(action.tool, action.arguments ?? {}) };
      else if ('dtmf' in action) outcome = { pressed: await line.press(action.dtmf) };
      else outcome = { transferred: await line.transfer(action.transfer) };
      // an accepted transfer ends the call from outside (the line's signal)
    }
  } catch (e) {
    return line.signal.aborted ? null : { by: 'assistant', reason: 'brain-failed', error: (e as Error).message };
  } finally {
    await brain.return({ by: 'assistant' }).catch(() => undefined);
  }
}
