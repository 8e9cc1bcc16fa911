import type { CallStatus } from '@app/db';
import type { ApiCallStatus, EndedReason } from '../call-status';
import type { Conversation } from './conversation';
import type { DialPlan } from '@app/telephony';

/** The fields of a call row the schedule is derived from. */
export interface CallState {
  status: CallStatus;
  createdAt: Date;
  connectedAt: Date | null;
  /** When it ended (the after-call steps are due then). */
  endedAt?: Date | null;
  endRequestedAt: Date | null;
  transcriptReady: boolean;
  recordingReady: boolean;
  toolsRunAt: Date | null;
  transferTo: string | null;
}

/** A live call's status, the only ones a call can fail from. */
type LiveStatus = Extract<CallStatus, 'ringing' | 'in_progress'>;

export type Step =
  | { kind: 'connect' }
  | { kind: 'fail'; from: LiveStatus; reason: EndedReason; stage: ApiCallStatus & ('ringing' | 'in-progress') }
  | { kind: 'no-answer' }
  | { kind: 'complete'; reason: EndedReason }
  | { kind: 'transfer'; to: string }
  | { kind: 'run-tools' }
  | { kind: 'store-transcript' }
  | { kind: 'store-recording' };

export interface Scheduled {
  at: Date;
  step: Step;
}

/**
 * What happens next to a call and when, derived from its row alone (plus the dial plan and the
 * conversation, themselves pure functions of the row and its assistant). This is why a lost
 * job is never a lost call: any engine can recompute the schedule at any time.
 */
export interface ToolState {
  /** The assistant's script has tool steps. */
  has: boolean;
  /** While they run: the latest moment they can still finish (after it, a crashed run is given up). */
  busyUntil: Date | null;
}

export function nextStep(
  call: CallState,
  plan: DialPlan,
  conversation: Conversation,
  maxDurationSec: number,
  now: Date,
  tools: ToolState = { has: false, busyUntil: null },
): Scheduled | null {
  const scheduled = nextStepIgnoringTools(call, plan, conversation, maxDurationSec, now, tools.has);
  // The conversation waits for running tools: nothing that ends the call or writes its transcript
  // happens before they finish (the runner then advances the call at once).
  const waits =
    scheduled && ['complete', 'fail', 'transfer', 'store-transcript', 'store-recording'].includes(scheduled.step.kind);
  if (
    waits &&
    tools.busyUntil &&
    tools.busyUntil > now &&
    !(scheduled.step.kind === 'complete' && scheduled.step.reason === 'api-ended-call')
  ) {
    return { at: new Date(Math.max(scheduled.at.getTime(), tools.busyUntil.getTime())), step: scheduled.step };
  }
  return scheduled;
}

function nextStepIgnoringTools(
  call: CallState,
  plan: DialPlan,
  conversation: Conversation,
  maxDurationSec: number,
  now: Date,
  hasTools: boolean,
): Scheduled | null {
  const ringEnds = new Date(call.createdAt.getTime() + plan.afterMs);
  switch (call.status) {
    case 'ringing':
      if (call.endRequestedAt) return { at: now, step: { kind: 'complete', reason: 'api-ended-call' } };
      if (plan.answer === 'no-answer') return { at: ringEnds, step: { kind: 'no-answer' } };
      // An inbound caller who gives up before the assistant answers.
      if (plan.answer === 'hangs-up') {
        return {
          at: ringEnds,
          step: { kind: 'fail', from: 'ringing', reason: 'customer-ended-call', stage: 'ringing' },
        };
      }
      if (plan.answer === 'busy' || plan.answer === 'unreachable') {
        return { at: ringEnds, step: { kind: 'fail', from: 'ringing', reason: plan.answer, stage: 'ringing' } };
      }
      return { at: ringEnds, step: { kind: 'connect' } };
    case 'in_progress': {
      if (call.endRequestedAt) return { at: now, step: { kind: 'complete', reason: 'api-ended-call' } };
      // A transfer asked for through the API happens at once (the simulated far end accepts it).
      if (call.transferTo) return { at: now, step: { kind: 'transfer', to: call.transferTo } };
      // The assistant's MCP tool steps run as soon as the call is connected.
      if (hasTools && !call.toolsRunAt) return { at: now, step: { kind: 'run-tools' } };
      const connected = (call.connectedAt ?? call.createdAt).getTime();
      if (plan.dropsMidCall) {
        return {
          at: new Date(connected + Math.floor(conversation.totalMs / 2)),
          step: { kind: 'fail', from: 'in_progress', reason: 'carrier-error', stage: 'in-progress' },
        };
      }
      const maxMs = maxDurationSec * 1000;
      if (conversation.totalMs > maxMs)
        return { at: new Date(connected + maxMs), step: { kind: 'complete', reason: 'max-duration-reached' } };
      if (conversation.transferTo) {
        return {
          at: new Date(connected + conversation.totalMs),
          step: { kind: 'transfer', to: conversation.transferTo },
        };
      }
      if (conversation.failedReason) {
        const at = new Date(connected + conversation.totalMs);
        return {
          at,
          step: { kind: 'fail', from: 'in_progress', reason: conversation.failedReason, stage: 'in-progress' },
        };
      }
      const byWhom = conversation.endedBy === 'customer' ? 'customer-ended-call' : 'assistant-ended-call';
      const reason: EndedReason = conversation.endedReason ?? byWhom;
      return { at: new Date(connected + conversation.totalMs), step: { kind: 'complete', reason } };
    }
    default:
      // A call that connected leaves a transcript and a recording once it ended: both due at its end
      // (one wake-up id for whoever schedules them, and their lag counts from the end).
      if (!call.connectedAt) return null;
      if (!call.transcriptReady) return { at: call.endedAt ?? now, step: { kind: 'store-transcript' } };
      if (!call.recordingReady) return { at: call.endedAt ?? now, step: { kind: 'store-recording' } };
      return null;
  }
}
