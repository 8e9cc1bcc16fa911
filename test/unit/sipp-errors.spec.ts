import { sippErrors } from '../support/sip-peers';

// What sipp wrote in CI beside the browser suites (the e2e suite then failed on a call that went well).
const WATCHDOG =
  '2026-12-04\t07:53:38.243279\t1796370818.243279: Overload warning: the minor watchdog timer 500ms has been ' +
  'tripped (612), 119 trips remaining.';

describe("sipp's error log, as the SIP suites read it", () => {
  it('is empty when sipp only warned that its own process ran late', () => {
    expect(sippErrors('')).toBe('');
    expect(sippErrors(`The following events occurred:\n${WATCHDOG}\n`)).toBe('');
  });

  it('keeps what went wrong with the call, and the watchdog giving up', () => {
    const unexpected = '2026-12-04\t07:53:39.1\t1796370819.1: Aborting call on unexpected message for Call-Id ...';
    expect(sippErrors(`The following events occurred:\n${WATCHDOG}\n${unexpected}\n`)).toContain(unexpected);
    const gaveUp = '2026-12-04\t07:53:40.1\t1796370820.1: Overload error: the minor watchdog timer has been tripped';
    expect(sippErrors(`The following events occurred:\n${gaveUp}\n`)).toContain(gaveUp);
  });
});
