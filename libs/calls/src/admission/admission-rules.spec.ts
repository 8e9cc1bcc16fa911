import { ceilingFor, verdict } from './admission-rules';

describe('call admission rules', () => {
  const gate = { limit: 10, reserved: 2, live: 0, listed: false };

  it('an API call is admitted below the limit, refused at it', () => {
    expect(verdict('api', { ...gate, live: 9 })).toBe('admit');
    expect(verdict('api', { ...gate, live: 10 })).toBe('limit-reached');
  });

  it('a campaign leaves the inbound reserve free', () => {
    expect(ceilingFor('campaign', gate)).toBe(8);
    expect(verdict('campaign', { ...gate, live: 7 })).toBe('admit');
    expect(verdict('campaign', { ...gate, live: 8 })).toBe('limit-reached');
  });

  it('an inbound call is never refused, above the limit or to a listed number', () => {
    expect(verdict('inbound', { ...gate, live: 50, listed: true })).toBe('admit');
    expect(ceilingFor('inbound', gate)).toBe(Infinity);
  });

  it('the do-not-call list refuses API and campaign calls first, whatever the count', () => {
    expect(verdict('api', { ...gate, listed: true })).toBe('do-not-call');
    expect(verdict('campaign', { ...gate, live: 99, listed: true })).toBe('do-not-call');
  });
});
