import { branchOf } from './voice-conversation';

describe("a hear step's branch", () => {
  const step = {
    hear: 'Would you like to book?',
    onKey: { '1': 'book' },
    expect: [
      { phrases: ['yes', 'sure thing'], goto: 'book' },
      { phrases: ['no'], goto: 'decline' },
    ],
    otherwise: 'repeat',
    noSpeech: 'hello',
  };
  const turn = (text: string | null) => ({ role: 'customer' as const, text, startSec: 1, endSec: 2 });

  it('follows a key, then the first expected phrase in whole words, then otherwise, then noSpeech', () => {
    expect(branchOf(step, { key: '1', turn: null })).toBe('book');
    expect(branchOf(step, { key: null, turn: turn('Yes, please!') })).toBe('book');
    expect(branchOf(step, { key: null, turn: turn('SURE THING') })).toBe('book');
    expect(branchOf(step, { key: null, turn: turn('no not now') })).toBe('decline');
    expect(branchOf(step, { key: null, turn: turn('nobody knows') })).toBe('repeat'); // "no" is not a word of it
    expect(branchOf(step, { key: null, turn: turn(null) })).toBe('repeat');
    expect(branchOf(step, { key: null, turn: null })).toBe('hello');
  });

  it('without branches the script simply goes on', () => {
    expect(branchOf({ hear: 'Hi' }, { key: null, turn: turn('anything') })).toBeUndefined();
    expect(branchOf({ hear: 'Hi' }, { key: null, turn: null })).toBeUndefined();
  });
});
