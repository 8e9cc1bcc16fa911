/** Audio checks for real calls: where a known signal sits in a recording, and how alike the two are. */

/** In-place radix-2 FFT (re, im of a power-of-two length); inverse when `inverse`. */
function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j], re[i]];
      [im[i], im[j]] = [im[j], im[i]];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const angle = ((inverse ? 2 : -2) * Math.PI) / len;
    const wr = Math.cos(angle);
    const wi = Math.sin(angle);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k;
        const b = a + len / 2;
        const tr = re[b] * cr - im[b] * ci;
        const ti = re[b] * ci + im[b] * cr;
        re[b] = re[a] - tr;
        im[b] = im[a] - ti;
        re[a] += tr;
        im[a] += ti;
        [cr, ci] = [cr * wr - ci * wi, cr * wi + ci * wr];
      }
    }
  }
  if (!inverse) return;
  for (let i = 0; i < n; i++) {
    re[i] /= n;
    im[i] /= n;
  }
}

type Fit = { offset: number; ncc: number; energy: number };

/**
 * Finds needles of up to `longest` samples in one haystack, whose transform and running energy are computed once:
 * for each needle, the offset where it fits best and the normalised cross-correlation there (1: the same waveform
 * up to gain; 0: unrelated), normalised per offset by the energy of the window it covers and of the whole needle
 * (a needle cut off at the end scores lower); `energy` is the needle's.
 */
function correlator(haystack: Int16Array, longest: number): (needle: Int16Array) => Fit {
  // a needle may run past the haystack's end (a recording stopped by the hang-up): zeros there
  let size = 1;
  while (size < haystack.length + 2 * longest) size <<= 1;
  const hr = new Float64Array(size);
  const hi = new Float64Array(size);
  haystack.forEach((v, i) => (hr[i] = v));
  fft(hr, hi);
  const prefix = new Float64Array(haystack.length + 1);
  haystack.forEach((v, i) => (prefix[i + 1] = prefix[i] + v * v));
  return (needle) => {
    const nr = new Float64Array(size);
    const ni = new Float64Array(size);
    needle.forEach((v, i) => (nr[i] = v));
    fft(nr, ni);
    // haystack × conj(needle) → correlation at each offset
    for (let i = 0; i < size; i++) {
      const r = hr[i] * nr[i] + hi[i] * ni[i];
      ni[i] = hi[i] * nr[i] - hr[i] * ni[i];
      nr[i] = r;
    }
    fft(nr, ni, true);
    const energy = needle.reduce((sum, v) => sum + v * v, 0);
    let best = { offset: 0, ncc: 0, energy };
    for (let offset = 0; offset < haystack.length; offset++) {
      const window = prefix[Math.min(haystack.length, offset + needle.length)] - prefix[offset];
      if (window <= 0) continue;
      const ncc = nr[offset] / Math.sqrt(window * energy);
      if (ncc > best.ncc) best = { offset, ncc, energy };
    }
    return best;
  };
}

/** The offset in `haystack` where `needle` fits best and how well (`correlator`). */
export function bestCorrelation(haystack: Int16Array, needle: Int16Array): Fit {
  return correlator(haystack, needle.length)(needle);
}

/**
 * Where a clip that crossed a network sits in a recording, found a second at a time: a stall of the sender or the
 * receiver makes the receiving jitter buffer refill, which puts a few frames of silence into the clip. One such gap
 * in the middle of a 3-s clip halves the whole clip's correlation (0.53 once, on a loaded machine) though every word
 * arrived. Each 1-s piece (the last one takes the remainder) is found on its own; `ncc` is their mean weighted by
 * each piece's energy (a gap costs the piece it cuts at most half, so the 3-s clip keeps about 0.8 of it);
 * `inOrder` says each piece starts where the one before ended, or up to `stretchSec` later; `end` is the clip's end.
 */
export function findClip(
  haystack: Int16Array,
  needle: Int16Array,
  stretchSec = 0.7,
  rate = 8000,
): { offset: number; end: number; ncc: number; inOrder: boolean } {
  const count = Math.max(1, Math.floor(needle.length / rate));
  const find = correlator(haystack, needle.length - (count - 1) * rate); // the last piece is the longest
  const pieces = Array.from({ length: count }, (_, i) => {
    const piece = needle.subarray(i * rate, i === count - 1 ? needle.length : (i + 1) * rate);
    return { ...find(piece), length: piece.length };
  });
  const inOrder = pieces.slice(1).every((piece, i) => {
    const gap = piece.offset - (pieces[i].offset + pieces[i].length);
    return gap >= -0.02 * rate && gap <= stretchSec * rate;
  });
  const energy = pieces.reduce((sum, piece) => sum + piece.energy, 0);
  const last = pieces[count - 1];
  return {
    offset: pieces[0].offset,
    end: last.offset + last.length,
    ncc: energy > 0 ? pieces.reduce((sum, piece) => sum + piece.ncc * piece.energy, 0) / energy : 0,
    inOrder,
  };
}

/** Mean absolute level of the samples in [fromSec, toSec). */
export function levelBetween(samples: Int16Array, fromSec: number, toSec: number, rate = 8000): number {
  const part = samples.subarray(Math.floor(fromSec * rate), Math.floor(toSec * rate));
  return part.reduce((sum, v) => sum + Math.abs(v), 0) / Math.max(1, part.length);
}
