/**
 * The seam to the telephone network. The engine asks it how the far end of a call behaves; the
 * gateway asks it for numbers to provision. A real carrier adapter would answer from the carrier's
 * status callbacks and its number inventory instead of tables, and announce inbound calls to the
 * one admission writer (CallAdmission, source inbound) as the simulator's testing route does.
 */
export interface DialPlan {
  /**
   * How the far end reacts: an outbound callee answers or not; an inbound caller stays on the line
   * until the assistant answers (answers) or gives up first (hangs-up).
   */
  answer: 'answers' | 'no-answer' | 'busy' | 'unreachable' | 'hangs-up';
  /** After how long ringing ends in that reaction (for no-answer: the ring timeout). */
  afterMs: number;
  /** The line drops (carrier-error) halfway through the conversation. */
  dropsMidCall: boolean;
  /** An answering machine picks up (greeting, then a beep) instead of a person. */
  machine?: boolean;
}

/** The two ends of a call as the provider sees them. */
export interface CallEnds {
  /** web: a browser, which no provider carries (the engine answers it itself). */
  direction: 'outbound' | 'inbound' | 'web';
  to: string;
  from: string | null;
}

export interface NumberRequest {
  /** ISO 3166 alpha-2, e.g. US. */
  country?: string;
  /** A national area code, e.g. 415 (where the country has them). */
  areaCode?: string;
}

export interface TelephonyProvider {
  /** True for the deterministic simulator, which offers a testing route that rings a number. */
  readonly simulated: boolean;
  /** How the far end of this call behaves: the callee of an outbound call, the caller of an inbound one. */
  planOf(call: CallEnds): DialPlan;
  /**
   * Numbers the provider can hand out for the request, best first (the caller takes the first one no
   * workspace holds), or why it cannot serve the request.
   */
  availableNumbers(request: NumberRequest): { numbers: string[] } | { problem: string };
}

export const TELEPHONY_PROVIDER = Symbol('TelephonyProvider');
