/**
 * The one cue shape every subtitle format reads into and writes from. Kept small on purpose:
 * what a subtitle editor, a translation and a dubbing step need, nothing about pixel layout.
 */
export interface Cue {
  /** Start, in whole milliseconds from the beginning of the media. */
  start: number;
  /** End, in whole milliseconds; never before `start` (equal is allowed: a zero-length cue). */
  end: number;
  /** Plain text without markup; lines are joined by "\n", no empty lines, each line trimmed. */
  text: string;
  /** Who speaks, when the format carries it (WebVTT `<v Name>`, ASS Name field, TTML agent). */
  speaker?: string;
  /** The whole cue is in italics (songs, off-screen voices): the one style worth keeping. */
  italic?: boolean;
}

/** Readers produce these; writers accept both names for ASS/SSA. */
export type SubtitleFormat = 'srt' | 'vtt' | 'ass' | 'sbv' | 'ttml';

/** Formats the writers can produce: the readable ones plus plain text. */
export type SubtitleWriteFormat = SubtitleFormat | 'txt';

/**
 * Copies the cues in playback order: by start, then by end, keeping file order for ties (a stable
 * sort), so overlapping cues survive and two writes of the same cues give the same bytes.
 */
export function sortCues(cues: readonly Cue[]): Cue[] {
  const sorted = cues.slice();
  let ordered = true;
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1];
    const current = sorted[i];
    if (current.start < previous.start || (current.start === previous.start && current.end < previous.end)) {
      ordered = false;
      break;
    }
  }
  if (!ordered) sorted.sort((a, b) => a.start - b.start || a.end - b.end);
  return sorted;
}

/**
 * Writers are strict: a cue a reader could never have produced is a programming error upstream,
 * better reported than written as a file players reject.
 */
export function assertWritableCue(cue: Cue, index: number): void {
  if (!Number.isFinite(cue.start) || !Number.isFinite(cue.end) || cue.start < 0 || cue.end < cue.start) {
    throw new RangeError(`Cue ${index + 1} has an invalid time range (${cue.start} to ${cue.end} ms)`);
  }
  if (typeof cue.text !== 'string') throw new TypeError(`Cue ${index + 1} has no text`);
}

/** Splits cue text into its non-empty, trimmed lines (what every writer puts on separate lines). */
export function cueLines(text: string): string[] {
  const lines = text.split('\n');
  const kept: string[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed !== '') kept.push(trimmed);
  }
  return kept;
}
