import type { EndedReason } from '@app/calls';

/** How a call that never connected ended, by the final SIP response to its INVITE (README table). */
export interface NotConnected {
  status: 'failed' | 'no-answer';
  reason: EndedReason;
}

export function outcomeOfFinalResponse(code: number): NotConnected {
  if (code === 486 || code === 600) return { status: 'failed', reason: 'busy' };
  if (code === 603) return { status: 'failed', reason: 'declined' };
  if (code === 408 || code === 480 || code === 487) return { status: 'no-answer', reason: 'no-answer' };
  // challenges we could not answer (no credentials, or refused again), and a plain refusal
  if (code === 401 || code === 407 || code === 403) return { status: 'failed', reason: 'sip-auth-failed' };
  if (code === 404 || code === 484 || code === 604) return { status: 'failed', reason: 'invalid-number' };
  return { status: 'failed', reason: 'carrier-error' };
}
