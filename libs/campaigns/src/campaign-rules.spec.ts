import {
  afterAttempt,
  checkRecipients,
  outcomeOfCall,
  retryProblem,
  windowOpen,
  windowProblem,
} from './campaign-rules';

describe('campaign rules', () => {
  it('checks recipient rows: normalised, duplicates collapsed and reported, problems named by row', () => {
    const ok = checkRecipients([
      { to: '+1 415 555 2671' },
      { to: '+14155552671' },
      { to: '+14155552672', timezone: 'Europe/Paris' },
    ]);
    expect(ok.problems).toEqual([]);
    expect(ok.recipients.map((r) => r.to)).toEqual(['+14155552671', '+14155552672']);
    expect(ok.duplicates).toEqual(['+14155552671']);
    const bad = checkRecipients([
      { to: '+14155552671' },
      { to: 'x' },
      { to: '+14155552673', timezone: 'Mars/Base' },
      7,
    ]);
    expect(bad.problems).toEqual([
      'recipients[1]: to must be a valid phone number in international format, e.g. +14155552671',
      'recipients[2]: timezone Mars/Base is not an IANA time zone such as America/New_York',
      'recipients[3]: must be an object {to, metadata?, timezone?}',
    ]);
    expect(checkRecipients([]).problems).toEqual(['recipients must not be empty']);
  });

  it('opens the window on the wall clock of the time zone', () => {
    const window = { days: ['mon' as const], start: '09:00', end: '17:00' };
    const monday9utc = new Date('2026-11-23T09:00:00Z');
    expect(windowOpen(window, 'UTC', monday9utc)).toBe(true);
    expect(windowOpen(window, 'America/New_York', monday9utc)).toBe(false); // 04:00 there
    expect(windowOpen(window, 'UTC', new Date('2026-11-23T17:00:00Z'))).toBe(false);
    expect(windowOpen(window, 'UTC', new Date('2026-11-24T10:00:00Z'))).toBe(false); // tuesday
    expect(windowOpen(null, 'UTC', monday9utc)).toBe(true);
    expect(windowProblem({ days: ['mon'], start: '17:00', end: '09:00' })).toMatch(/before/);
    expect(windowProblem({ days: ['funday'], start: '09:00', end: '17:00' })).toMatch(/days/);
  });

  it('ends a window at 24:00 to hold the last minute of the day, which HH:MM below 24:00 cannot', () => {
    const lateFriday = { days: ['fri' as const], start: '23:59', end: '24:00' };
    expect(windowProblem(lateFriday)).toBeNull();
    expect(windowOpen(lateFriday, 'UTC', new Date('2026-12-04T23:59:30Z'))).toBe(true);
    expect(windowOpen(lateFriday, 'UTC', new Date('2026-12-05T00:00:00Z'))).toBe(false); // saturday
    expect(windowProblem({ days: ['fri'], start: '24:00', end: '24:00' })).toMatch(/start must be HH:MM/);
    expect(windowProblem({ days: ['fri'], start: '09:00', end: '24:01' })).toMatch(/end must be HH:MM/);
  });

  it('maps a finished call to an outcome and retries what the policy names, up to maxAttempts', () => {
    expect(outcomeOfCall('completed', 'voicemail')).toBe('voicemail');
    expect(outcomeOfCall('no_answer', 'no-answer')).toBe('no-answer');
    expect(outcomeOfCall('failed', 'busy')).toBe('busy');
    expect(outcomeOfCall('failed', 'carrier-error')).toBe('failed');
    const retry = { on: ['busy' as const], maxAttempts: 2, delaySec: 30 };
    const ended = new Date('2026-11-23T09:00:00Z');
    expect(afterAttempt('busy', 1, retry, ended)).toEqual({
      outcome: 'pending',
      nextAttemptAt: new Date('2026-11-23T09:00:30Z'),
    });
    expect(afterAttempt('busy', 2, retry, ended)).toEqual({ outcome: 'busy', nextAttemptAt: null });
    expect(afterAttempt('no-answer', 1, retry, ended)).toEqual({ outcome: 'no-answer', nextAttemptAt: null });
    expect(retryProblem({ on: ['busy'], maxAttempts: 0, delaySec: 1 })).toMatch(/maxAttempts/);
  });
});
