import { bestCorrelation, findClip } from '../support/audio';

// A 3-s clip of deterministic noise (sharp correlation, like speech's), placed 1 s into a 6-s recording.
function noise(length: number, seed: number): Int16Array {
  let state = seed;
  return Int16Array.from({ length }, () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return ((state >>> 16) % 20000) - 10000;
  });
}
const clip = noise(24000, 7);

function recording(parts: Int16Array[]): Int16Array {
  const out = new Int16Array(48000);
  let at = 8000;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

describe('findClip: a clip that crossed a jitter buffer, found a second at a time', () => {
  it('finds a clip that arrived whole where it sits', () => {
    const found = findClip(recording([clip]), clip);
    expect(found).toMatchObject({ offset: 8000, end: 32000, inOrder: true });
    expect(found.ncc).toBeCloseTo(1, 6);
  });

  it("finds a clip the buffer stretched by 60 ms in its middle, which halves the whole clip's correlation", () => {
    const stretched = recording([clip.subarray(0, 12000), new Int16Array(480), clip.subarray(12000)]);
    expect(bestCorrelation(stretched, clip).ncc).toBeLessThan(0.6);
    const found = findClip(stretched, clip);
    expect(found).toMatchObject({ offset: 8000, end: 32480, inOrder: true });
    expect(found.ncc).toBeGreaterThan(0.8);
  });

  it('finds a stretch between its pieces at full strength, and tells pieces out of order or far apart', () => {
    const between = recording([clip.subarray(0, 8000), new Int16Array(480), clip.subarray(8000)]);
    const found = findClip(between, clip);
    expect(found.inOrder).toBe(true);
    expect(found.ncc).toBeCloseTo(1, 6);
    const swapped = recording([clip.subarray(8000), clip.subarray(0, 8000)]);
    expect(findClip(swapped, clip).inOrder).toBe(false);
    const apart = recording([clip.subarray(0, 8000), new Int16Array(8000), clip.subarray(8000)]);
    expect(findClip(apart, clip).inOrder).toBe(false);
    expect(findClip(recording([]), clip).ncc).toBe(0);
    // half the clip lost is not found
    expect(findClip(recording([clip.subarray(0, 12000)]), clip).ncc).toBeLessThan(0.6);
  });
});
