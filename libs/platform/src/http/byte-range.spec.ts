import { parseByteRange } from './byte-range';

describe('parseByteRange', () => {
  it.each([
    [undefined, 'none'],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-10', { start: 990, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=5-2', 'unsatisfiable'],
    ['bytes=0-1,5-6', 'none'],
    ['items=0-1', 'none'],
  ])('%s of 1000 bytes → %j', (header, expected) => {
    expect(parseByteRange(header, 1000)).toEqual(expected);
  });
});
