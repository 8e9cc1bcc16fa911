/** Where a call comes from: each source is admitted by the same gate, under its own rule. */
export type CallSource = 'api' | 'campaign' | 'inbound';

/** What the gate read, under the workspace's row lock (call_admission_gate). */
export interface GateReading {
  /** The workspace's live-call limit. */
  limit: number;
  /** Slots campaigns leave free for inbound calls. */
  reserved: number;
  /** Calls ringing or in progress, before this one. */
  live: number;
  /** The destination is on the workspace's do-not-call list. */
  listed: boolean;
}

export type Verdict = 'admit' | 'do-not-call' | 'limit-reached';

/**
 * The admission rules, one row per source (README "Concurrency"): an API start-call honours the
 * live-call limit and the do-not-call list; a campaign also leaves the inbound reserve free; an
 * inbound call is never refused (the callee is us: it may take `live` above the limit).
 */
export const ADMISSION_RULES: Record<CallSource, { honoursLimit: boolean; keepsReserve: boolean; checksDnc: boolean }> =
  {
    api: { honoursLimit: true, keepsReserve: false, checksDnc: true },
    campaign: { honoursLimit: true, keepsReserve: true, checksDnc: true },
    inbound: { honoursLimit: false, keepsReserve: false, checksDnc: false },
  };

/** The calls a source may have live at once in this workspace (Infinity when it is not limited). */
export function ceilingFor(source: CallSource, gate: Pick<GateReading, 'limit' | 'reserved'>): number {
  const rule = ADMISSION_RULES[source];
  if (!rule.honoursLimit) return Infinity;
  return rule.keepsReserve ? gate.limit - gate.reserved : gate.limit;
}

export function verdict(source: CallSource, gate: GateReading): Verdict {
  if (ADMISSION_RULES[source].checksDnc && gate.listed) return 'do-not-call';
  if (gate.live >= ceilingFor(source, gate)) return 'limit-reached';
  return 'admit';
}
