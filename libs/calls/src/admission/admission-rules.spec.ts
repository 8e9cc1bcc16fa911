import { verdict } from './admission-rules';

describe('admission rules', () => {
  it('an API start-call needs a free slot and a number off the do-not-call list', () => {
    expect(verdict('api', { slotFree: true, listed: false })).toBe('admit');
    expect(verdict('api', { slotFree: false, listed: false })).toBe('limit-reached');
    expect(verdict('api', { slotFree: true, listed: true })).toBe('do-not-call');
  });

  it('a campaign needs a free slot above the inbound reserve', () => {
    expect(verdict('campaign', { slotFree: false, listed: false })).toBe('limit-reached');
    expect(verdict('campaign', { slotFree: true, listed: true })).toBe('do-not-call');
  });

  it('an inbound call is never refused', () => {
    expect(verdict('inbound', { slotFree: false, listed: true })).toBe('admit');
  });
});
