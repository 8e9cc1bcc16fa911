import { ADAPTIVE, capChange } from './endpoint-limiter';

describe("an endpoint's adaptive cap", () => {
  it('grows after a success within 250 ms, holds up to 1 s, halves after a slow reply or a failure', () => {
    expect(capChange({ ok: true, durationMs: ADAPTIVE.fastMs })).toBe('grow');
    expect(capChange({ ok: true, durationMs: ADAPTIVE.fastMs + 1 })).toBe('keep');
    expect(capChange({ ok: true, durationMs: ADAPTIVE.slowMs })).toBe('keep');
    expect(capChange({ ok: true, durationMs: ADAPTIVE.slowMs + 1 })).toBe('shrink');
    expect(capChange({ ok: false, durationMs: 5 })).toBe('shrink');
  });

  it('stays as it is when nothing was sent', () => {
    expect(capChange(null)).toBe('keep');
  });
});
