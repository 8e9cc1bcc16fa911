/** Where a call comes from: each source is admitted by the same statement, under its own rule. */
export type CallSource = 'api' | 'campaign' | 'inbound' | 'web';

/** What the admission statement read (call-admission.ts, call-slots.sql). */
export interface GateReading {
  /** The workspace's live-call limit. */
  limit: number;
  /** Slots campaigns leave free for inbound calls. */
  reserved: number;
  /** A live-call slot this source may take was free (and is now the call's, if it was admitted). */
  slotFree: boolean;
  /** The destination is on the workspace's do-not-call list. */
  listed: boolean;
}

export type Verdict = 'admit' | 'do-not-call' | 'limit-reached';

/**
 * The admission rules, one row per source (README "Concurrency"): an API start-call honours the
 * live-call limit and the do-not-call list; a campaign also leaves the inbound reserve free; an
 * inbound call is never refused (the callee is us: past the limit it takes an overflow slot); a web
 * call honours the limit and has no number for the do-not-call list. A campaign
 * claims only slots at or above the reserve (call-slots.sql says why that is live < limit - reserve).
 */
export const ADMISSION_RULES: Record<CallSource, { honoursLimit: boolean; keepsReserve: boolean; checksDnc: boolean }> =
  {
    api: { honoursLimit: true, keepsReserve: false, checksDnc: true },
    campaign: { honoursLimit: true, keepsReserve: true, checksDnc: true },
    inbound: { honoursLimit: false, keepsReserve: false, checksDnc: false },
    // a person talking to an assistant from a browser: a live call like any other, but no number to list
    web: { honoursLimit: true, keepsReserve: false, checksDnc: false },
  };

export function verdict(source: CallSource, gate: Pick<GateReading, 'slotFree' | 'listed'>): Verdict {
  const rule = ADMISSION_RULES[source];
  if (rule.checksDnc && gate.listed) return 'do-not-call';
  if (rule.honoursLimit && !gate.slotFree) return 'limit-reached';
  return 'admit';
}
