import { DISABLED_REASONS } from '../webhook-settings';

/**
 * The one place that decides, after an attempt, whether a delivery succeeded, is retried (and
 * when) or has failed, and whether its webhook is disabled. Attempts are counted in PostgreSQL
 * (the delivery row); the queue only carries the next attempt.
 */
export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
  /** A webhook whose deliveries all failed this long is disabled. */
  disableAfterMs: number;
}

export type AttemptOutcome =
  | { kind: 'succeeded' }
  | { kind: 'retry'; nextAttemptAt: Date | null; disableWebhook?: string }
  | { kind: 'failed'; disableWebhook?: string }
  | { kind: 'gone'; disableWebhook: string };

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  retryAfterMs: number | null;
  startedAt: Date;
}

/**
 * Wait before attempt n+1 after attempt n failed: base × 4^(n−1), capped, with ±20% jitter so
 * retries of many deliveries do not arrive together. A Retry-After from the receiver is honoured
 * within [base, max]. Defaults (20 s base, 12 h cap, 8 attempts): 20 s, 80 s, 5 min, 21 min,
 * 85 min, 5.7 h, 12 h — about a day from first to last attempt.
 */
export function retryDelayMs(
  attempt: number,
  baseMs: number,
  maxMs: number,
  retryAfterMs: number | null,
  random = Math.random,
): number {
  if (retryAfterMs !== null) return Math.min(maxMs, Math.max(baseMs, retryAfterMs));
  const exact = Math.min(maxMs, baseMs * 4 ** (attempt - 1));
  return Math.round(exact * (0.8 + 0.4 * random()));
}

/** Whether a delivery with this many attempts may be tried again in its current round. */
export function hasAttemptsLeft(delivery: { attemptCount: number; attemptLimit: number }): boolean {
  return delivery.attemptCount < delivery.attemptLimit;
}

/**
 * What follows attempt number `attempt.number` (of `attempt.limit`): 2xx succeeds; 410 fails at
 * once and disables the webhook; the last attempt fails; a webhook failing for longer than
 * disableAfterMs is disabled (its delivery stays pending until it is enabled); else a retry.
 */
export function decideAfterAttempt(
  result: AttemptResult,
  attempt: { number: number; limit: number },
  webhookFailingSince: Date | null,
  policy: RetryPolicy,
  now = Date.now(),
  random = Math.random,
): AttemptOutcome {
  if (result.ok) return { kind: 'succeeded' };
  if (result.statusCode === 410) return { kind: 'gone', disableWebhook: DISABLED_REASONS.gone };
  const failingSince = webhookFailingSince ?? result.startedAt;
  const disable =
    now - failingSince.getTime() >= policy.disableAfterMs ? DISABLED_REASONS.failing(failingSince) : undefined;
  if (attempt.number >= attempt.limit) return { kind: 'failed', disableWebhook: disable };
  if (disable) return { kind: 'retry', nextAttemptAt: null, disableWebhook: disable };
  const delayMs = retryDelayMs(attempt.number, policy.baseMs, policy.maxMs, result.retryAfterMs, random);
  return { kind: 'retry', nextAttemptAt: new Date(now + delayMs) };
}

/** What an attempt changes on its webhook's row (null: nothing, so deliveries never queue on it). */
export interface WebhookHealthChange {
  failingSince: Date | null;
  enabled?: false;
  disabledReason?: string;
}

/**
 * The webhook's side of an attempt's outcome: a success clears a failing streak; the first
 * failure starts one (at the attempt's start); a disabling outcome disables it with its reason.
 * A failure while already failing, and a success while healthy, change nothing.
 */
export function webhookHealthChange(
  outcome: AttemptOutcome,
  failingSince: Date | null,
  attemptStartedAt: Date,
): WebhookHealthChange | null {
  if (outcome.kind === 'succeeded') return failingSince ? { failingSince: null } : null;
  const disable = 'disableWebhook' in outcome ? outcome.disableWebhook : undefined;
  if (disable) return { failingSince: failingSince ?? attemptStartedAt, enabled: false, disabledReason: disable };
  return failingSince ? null : { failingSince: attemptStartedAt };
}
