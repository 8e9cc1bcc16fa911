import type { ScriptStep } from '@app/calls';
import type { ToolOutcome } from '../tools/mcp-tool-runner';

/** What the assistant's brain asks the call to do next. */
export type BrainAction =
  /** `continues`: the next sentence of the same answer (one turn in the transcript). */
  | { say: string; continues?: boolean }
  | { listen: ListenFor }
  | { tool: string; arguments?: Record<string, unknown> }
  | { dtmf: string }
  | { transfer: string };

/** What a listen waits for: keys that end it at once, and phrases that bias recognition. */
export interface ListenFor {
  keys?: string[];
  phrases?: string[];
  /** The simulated caller's line when the call is simulated and no caller lines were given. */
  scripted?: string;
}

/** The caller's turn as the brain learns it: what they said (null: nothing recognised), a key, or nothing. */
export interface HeardTurn {
  /** False when the caller said nothing before the no-speech time-out. */
  spoke: boolean;
  text: string | null;
  key: string | null;
}

/** What happened to an action, handed back to the brain. */
export type ActionOutcome =
  | { said: string; interrupted: boolean }
  | { heard: HeardTurn }
  | { tool: ToolOutcome }
  | { transferred: boolean }
  | { pressed: boolean };

/** How the brain ended the conversation: who hangs up, and a reason when the brain failed. */
export interface BrainEnd {
  by: 'assistant' | 'customer';
  reason?: 'brain-failed';
  /** What went wrong, for the engine's log (never shown to the caller). */
  error?: string;
}

/**
 * An assistant's brain: a generator of actions that receives each action's outcome (the caller's turn
 * after a listen, a tool's result, whether a transfer was accepted) and returns how the call ends.
 */
export type Brain = AsyncGenerator<BrainAction, BrainEnd, ActionOutcome | undefined>;

export type HearStep = Extract<ScriptStep, { hear: string }>;
