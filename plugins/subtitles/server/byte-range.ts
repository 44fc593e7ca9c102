/**
 * HTTP Range requests for media (RFC 9110 section 14): what a <video> element sends to seek.
 * One range only; a multi-range request is answered with the whole file (allowed by the RFC and
 * what browsers never send for media anyway).
 */
export type RangeAnswer = { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

export function parseByteRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  if (size === 0) return { kind: 'unsatisfiable' };
  if (match[1] === '') {
    // Suffix range: the last N bytes.
    const length = Number(match[2]);
    if (length === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}
