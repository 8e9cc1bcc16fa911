import { branchOf } from './script-brain';

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
  const turn = (text: string | null) => ({ spoke: true, text });

  it('follows a key, then the first expected phrase in whole words, then otherwise, then noSpeech', () => {
    expect(branchOf(step, { spoke: false, text: null, key: '1' })).toBe('book');
    expect(branchOf(step, { ...turn('Yes, please!'), key: null })).toBe('book');
    expect(branchOf(step, { ...turn('SURE THING'), key: null })).toBe('book');
    expect(branchOf(step, { ...turn('no not now'), key: null })).toBe('decline');
    expect(branchOf(step, { ...turn('nobody knows'), key: null })).toBe('repeat'); // "no" is not a word of it
    expect(branchOf(step, { ...turn(null), key: null })).toBe('repeat');
    expect(branchOf(step, { spoke: false, text: null, key: null })).toBe('hello');
  });

  it('without branches the script simply goes on', () => {
    expect(branchOf({ hear: 'Hi' }, { ...turn('anything'), key: null })).toBeUndefined();
    expect(branchOf({ hear: 'Hi' }, { spoke: false, text: null, key: null })).toBeUndefined();
  });
});
