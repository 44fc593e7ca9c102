/**
 * What a reader throws when a file cannot be read as a whole. Readers are all-or-nothing: they
 * either return every cue or throw, so an import never half-replaces a subtitle. The message is
 * meant for people ("Line 14: the timing '…' is not a valid time range") and `line` is 1-based.
 */
export class SubtitleParseError extends Error {
  readonly line: number;
  /** The message without the "Line N: " prefix, for callers that show the line separately. */
  readonly reason: string;

  constructor(line: number, reason: string) {
    super(`Line ${line}: ${reason}`);
    this.name = 'SubtitleParseError';
    this.line = line;
    this.reason = reason;
  }
}

/** Shortens a line quoted in a message so a garbage file does not produce a megabyte error. */
export function quoteLine(line: string): string {
  const trimmed = line.trim();
  return `'${trimmed.length > 80 ? `${trimmed.slice(0, 77)}...` : trimmed}'`;
}
