/**
 * One byte range of a Range header (RFC 9110 §14): "bytes=a-b", "bytes=a-", "bytes=-n".
 * 'none' when absent, of another unit or several ranges (the whole file is sent);
 * 'unsatisfiable' when it lies outside the file.
 */
export function parseByteRange(header: string | undefined, size: number): { start: number; end: number } | 'none' | 'unsatisfiable' {
  if (!header) return 'none';
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'none';
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
