import { retryDelayMs } from './backoff';

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
