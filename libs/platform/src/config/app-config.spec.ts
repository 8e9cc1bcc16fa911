import { loadConfig, parseDuration } from './app-config';

describe('configuration', () => {
  it('applies documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      QUEUE_PREFIX: 'voice',
      WEBHOOK_MAX_ATTEMPTS: 8,
      WEBHOOK_DISABLE_AFTER: 5 * 86_400_000,
      WEBHOOK_ALLOW_HTTP: false,
    });
  });

  it('converts numbers, booleans and durations from the environment', () => {
    const c = loadConfig({ PORT: '8080', WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_DISABLE_AFTER: '12h' });
    expect(c).toMatchObject({ PORT: 8080, WEBHOOK_ALLOW_HTTP: true, WEBHOOK_DISABLE_AFTER: 12 * 3600_000 });
  });

  it('refuses to boot on invalid values, naming them', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ WEBHOOK_DISABLE_AFTER: 'soon' })).toThrow(/WEBHOOK_DISABLE_AFTER/);
  });

  it('parses durations', () => {
    expect([
      parseDuration('5d'),
      parseDuration('30m'),
      parseDuration('10s'),
      parseDuration('250ms'),
      parseDuration('42'),
    ]).toEqual([432_000_000, 1_800_000, 10_000, 250, 42]);
  });
});
