import parseRange from 'range-parser';

/**
 * One byte range of a Range header (RFC 9110 §14), by range-parser: "bytes=a-b", "bytes=a-",
 * "bytes=-n". 'none' when absent, malformed, of another unit or several ranges (the whole file is
 * sent); 'unsatisfiable' when it lies outside the file.
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'none' | 'unsatisfiable' {
  if (!header) return 'none';
  const ranges = parseRange(size, header.trim());
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return 'none';
  return { start: ranges[0].start, end: ranges[0].end };
}
