import { decideAfterAttempt, hasAttemptsLeft, retryDelayMs, type AttemptResult } from './retry-policy';

describe('retry schedule', () => {
  const base = 20_000;
  const max = 12 * 3600_000;

  it('grows 4× per attempt up to the cap, reaching about a day over 8 attempts', () => {
    const exact = [1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n, base, max, null, () => 0.5));
    expect(exact).toEqual([20_000, 80_000, 320_000, 1_280_000, 5_120_000, 20_480_000, max]);
    const total = exact.reduce((a, b) => a + b, 0);
    expect(total / 3600_000).toBeGreaterThan(18);
    expect(total / 3600_000).toBeLessThan(30);
  });

  it('jitters by ±20%', () => {
    expect(retryDelayMs(2, base, max, null, () => 0)).toBe(64_000);
    expect(retryDelayMs(2, base, max, null, () => 1)).toBe(96_000);
  });

  it('honours Retry-After within [base, max]', () => {
    expect(retryDelayMs(1, base, max, 120_000)).toBe(120_000);
    expect(retryDelayMs(1, base, max, 10)).toBe(base);
    expect(retryDelayMs(1, base, max, 10 * max)).toBe(max);
  });
});

describe('decision after an attempt', () => {
  const policy = { baseMs: 1000, maxMs: 60_000, disableAfterMs: 3_600_000 };
  const now = Date.parse('2026-01-01T12:00:00Z');
  const failed = (over: Partial<AttemptResult> = {}): AttemptResult => ({
    ok: false,
    statusCode: 500,
    retryAfterMs: null,
    startedAt: new Date(now),
    ...over,
  });
  const decide = (result: AttemptResult, n: number, failingSince: Date | null = null) =>
    decideAfterAttempt(result, { number: n, limit: 3 }, failingSince, policy, now, () => 0.5);

  it('succeeds on a 2xx', () => {
    expect(decide({ ...failed(), ok: true, statusCode: 204 }, 1)).toEqual({ kind: 'succeeded' });
  });

  it('retries a failure with the backoff delay, and fails the last attempt', () => {
    expect(decide(failed(), 1)).toEqual({ kind: 'retry', nextAttemptAt: new Date(now + 1000) });
    expect(decide(failed(), 2)).toEqual({ kind: 'retry', nextAttemptAt: new Date(now + 4000) });
    expect(decide(failed(), 3)).toEqual({ kind: 'failed', disableWebhook: undefined });
  });

  it('honours Retry-After', () => {
    expect(decide(failed({ statusCode: 429, retryAfterMs: 30_000 }), 1)).toEqual({
      kind: 'retry',
      nextAttemptAt: new Date(now + 30_000),
    });
  });

  it('gives up at once on 410 Gone and disables the webhook', () => {
    expect(decide(failed({ statusCode: 410 }), 1)).toMatchObject({ kind: 'gone', disableWebhook: expect.any(String) });
  });

  it('disables a webhook failing for too long, keeping the delivery pending', () => {
    const since = new Date(now - policy.disableAfterMs);
    expect(decide(failed(), 1, since)).toMatchObject({
      kind: 'retry',
      nextAttemptAt: null,
      disableWebhook: expect.any(String),
    });
    expect(decide(failed(), 3, since)).toMatchObject({ kind: 'failed', disableWebhook: expect.any(String) });
  });

  it('counts attempts left from the row', () => {
    expect(hasAttemptsLeft({ attemptCount: 2, attemptLimit: 3 })).toBe(true);
    expect(hasAttemptsLeft({ attemptCount: 3, attemptLimit: 3 })).toBe(false);
  });
});
