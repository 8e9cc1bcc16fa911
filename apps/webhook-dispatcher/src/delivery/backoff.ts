/**
 * Wait before attempt n+1 after attempt n failed: base × 4^(n−1), capped, with ±20% jitter so
 * retries of many deliveries do not arrive together. A Retry-After from the receiver is honoured
 * within [base, max]. Defaults (20 s base, 12 h cap, 8 attempts): 20 s, 80 s, 5 min, 21 min,
 * 85 min, 5.7 h, 12 h — about a day from first to last attempt.
 */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number, retryAfterMs: number | null, random = Math.random): number {
  if (retryAfterMs !== null) return Math.min(maxMs, Math.max(baseMs, retryAfterMs));
  const exact = Math.min(maxMs, baseMs * 4 ** (attempt - 1));
  return Math.round(exact * (0.8 + 0.4 * random()));
}
