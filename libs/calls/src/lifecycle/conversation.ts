import type { ScriptStep } from '../script-step';

export interface Turn {
  role: 'assistant' | 'customer' | 'tool';
  text: string;
  /** Seconds from the moment the call connected. */
  startSec: number;
  endSec: number;
  tool?: {
    name: string;
    arguments: Record<string, unknown>;
    server?: string | null;
    result?: unknown;
    error?: string;
    latencyMs?: number;
  };
}

/** The stored outcome of one tool step (see McpToolRunner). */
export interface ToolTurnResult {
  server?: string | null;
  result?: unknown;
  error?: string;
  latencyMs?: number;
}

export interface Conversation {
  turns: Turn[];
  /** Milliseconds from connect to the natural end of the conversation. */
  totalMs: number;
  endedBy: 'assistant' | 'customer';
  /** Set when the conversation's end has its own reason (a voicemail). */
  endedReason?: 'voicemail';
  /** The script ended by transferring the caller here. */
  transferTo?: string;
  /** The brain failed (its fallback line was said): the call fails with this reason. */
  failedReason?: 'brain-failed';
}

export interface Pace {
  msPerWord: number;
  turnGapMs: number;
}

export interface AssistantForConversation {
  name: string;
  firstMessage: string | null;
  script: unknown;
  voicemail?: unknown;
}

/** What the simulated answering machine says before its beep. */
export const MACHINE_GREETING = 'Hi, you have reached the voicemail of Sam. Please leave a message after the tone.';

/** A simulated call's exchange when the assistant has no script. */
export const DEFAULT_EXCHANGE: ScriptStep[] = [
  { hear: 'Hi, who is this?' },
  { say: 'Just a quick check-in call. Thanks for your time, goodbye!' },
  { hangup: 'assistant' },
];

const round2 = (ms: number) => Math.round(ms / 10) / 100;
const words = (text: string) => Math.max(1, text.trim().split(/\s+/).length);

/**
 * The call an answering machine took, with voicemail detection on: its greeting and beep, then the
 * assistant's message (leave-message) or nothing (hangup); the call ends as a voicemail.
 */
export function buildVoicemailConversation(assistant: AssistantForConversation, pace: Pace): Conversation {
  const setting = (assistant.voicemail ?? {}) as { action?: string; message?: string | null };
  const turns: Turn[] = [];
  let t = 0;
  const speak = (role: Turn['role'], text: string) => {
    const start = turns.length === 0 ? 0 : t + pace.turnGapMs;
    const end = start + words(text) * pace.msPerWord;
    turns.push({ role, text, startSec: round2(start), endSec: round2(end) });
    t = end;
  };
  speak('customer', MACHINE_GREETING);
  speak('customer', '(beep)');
  if (setting.action === 'leave-message') {
    speak('assistant', setting.message ?? `Hello, this is ${assistant.name}. Please call us back.`);
  }
  return { turns, totalMs: t, endedBy: 'assistant', endedReason: 'voicemail' };
}

/** The turns spoken before the call ended `elapsedMs` after connecting; the last one clipped. */
export function turnsUntil(conversation: Conversation, elapsedMs: number): Turn[] {
  const limit = round2(elapsedMs);
  return conversation.turns
    .filter((turn) => turn.startSec < limit)
    .map((turn) => (turn.endSec > limit ? { ...turn, endSec: limit } : turn));
}

/** The script's tool steps, in order. */
export function toolSteps(script: unknown): { tool: string; arguments?: Record<string, unknown> }[] {
  return Array.isArray(script)
    ? (script as ScriptStep[]).filter((s): s is Extract<ScriptStep, { tool: string }> => 'tool' in s)
    : [];
}
