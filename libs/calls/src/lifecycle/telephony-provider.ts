/**
 * The seam to the telephone network. The engine asks it what dialling a number leads to; a real
 * carrier adapter would answer from the carrier's status callbacks instead of a table.
 */
export interface DialPlan {
  /** How the far end reacts to the dial. */
  answer: 'answers' | 'no-answer' | 'busy' | 'unreachable';
  /** After how long ringing ends in that reaction (for no-answer: the ring timeout). */
  afterMs: number;
  /** The line drops (carrier-error) halfway through the conversation. */
  dropsMidCall: boolean;
}

export interface TelephonyProvider {
  dialPlan(to: string): DialPlan;
}

export const TELEPHONY_PROVIDER = Symbol('TelephonyProvider');
