/** A word as a speech-to-text or alignment engine reports it; times in milliseconds. */
export interface TimedWord {
  text: string;
  start: number;
  end: number;
  confidence?: number;
}

/** A subtitle cue: times in milliseconds, at most `maxLines` lines of text. */
export interface Cue {
  start: number;
  end: number;
  lines: string[];
}

/**
 * Professional reading rules (Netflix Timed Text Style Guide, BBC Subtitle Guidelines) for adult
 * programmes. Characters per second count every character of the cue including spaces and
 * punctuation, but not the line break itself (Netflix's reading-speed calculator does the same),
 * counted in Unicode code points.
 */
export interface ReadingRules {
  maxCharsPerLine: number;
  maxLines: number;
  maxCharsPerSecond: number;
  /** 5/6 s, 20 frames at 24 fps. */
  minDurationMs: number;
  maxDurationMs: number;
  /** Two frames at 25 fps, so the eye notices a new cue. */
  minGapMs: number;
}

export const READING_RULES: ReadingRules = {
  maxCharsPerLine: 42,
  maxLines: 2,
  maxCharsPerSecond: 20,
  minDurationMs: 833,
  maxDurationMs: 7000,
  minGapMs: 80,
};

/** Length as a reader counts it: code points, so an emoji or a combining-free accent is one. */
export function charCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Characters of a cue for reading speed: lines without the line breaks. */
export function cueCharCount(lines: readonly string[]): number {
  return lines.reduce((sum, line) => sum + charCount(line), 0);
}
