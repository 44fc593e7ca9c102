import { charCount, READING_RULES, type ReadingRules } from '../../../pipeline/common/craft/cue-types';
import { breakLines } from '../../../pipeline/common/craft/line-breaking';
import { noBreakWordsFor } from '../../../pipeline/common/craft/no-break-words';
import type { ReviewState } from '../../../subtitles/common/cue-review';

/**
 * The subtitle editor's edits as pure functions over the cue list: each returns a new list (or
 * the same one when there is nothing to do, so the history records no empty step). Times are
 * whole milliseconds; a cue may briefly break the reading rules (the problems column says so),
 * but never starts below zero.
 */

export interface EditorCue {
  /** Stable within the editing session (React keys, undo coalescing); never sent to the server. */
  id: string;
  start: number;
  end: number;
  text: string;
  speaker?: string;
  /** The whole cue in italics (./italics.ts); absent: roman. */
  italic?: true;
  /** Review by cue (../../../subtitles/common/cue-review.ts): absent for "to do". */
  review?: Exclude<ReviewState, 'todo'>;
}

/** One frame at 25 fps: what a nudge moves a boundary by. */
export const FRAME_MS = 40;
/** The gap a new cue keeps from its neighbours (the reading rules' minimum, 2 frames). */
const GAP_MS = READING_RULES.minGapMs;
const NEW_CUE_MS = 2000;
const MIN_NEW_CUE_MS = 500;

let counter = 0;
/** Ids for cues made in this session; a random part too, as colleagues editing live make cues at the same moment. */
export const newCueId = () =>
  `c${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export const withIds = (
  cues: readonly (Omit<EditorCue, 'id' | 'italic' | 'review'> & { italic?: boolean; review?: ReviewState })[],
): EditorCue[] =>
  cues.map(({ italic, review, ...rest }) => {
    const cue: EditorCue = { ...rest, id: newCueId() };
    if (italic) cue.italic = true;
    if (review && review !== 'todo') cue.review = review;
    return cue;
  });

const replaceAt = (cues: readonly EditorCue[], index: number, ...items: EditorCue[]) => [
  ...cues.slice(0, index),
  ...items,
  ...cues.slice(index + 1),
];

export function editText(cues: readonly EditorCue[], index: number, text: string): readonly EditorCue[] {
  const cue = cues[index];
  if (!cue || cue.text === text) return cues;
  return replaceAt(cues, index, { ...cue, text });
}

/**
 * Splits a cue at `caret` (a character offset into its text). The time is cut where the caret
 * is, in proportion to the characters on each side (reading time follows characters), unless
 * `at` (the playhead) falls inside the cue. Without a caret the text is cut at the space nearest
 * to the time's share of it. The two parts keep the rules' minimum gap between them, and the cut
 * moves (when the cue is long enough) so each part is shown for the minimum duration.
 */
export function splitCue(
  cues: readonly EditorCue[],
  index: number,
  options: { caret?: number; at?: number } = {},
  rules: Pick<ReadingRules, 'minGapMs' | 'minDurationMs'> = READING_RULES,
): readonly EditorCue[] {
  const cue = cues[index];
  if (!cue) return cues;
  const gap = rules.minGapMs;
  if (cue.end - cue.start <= gap) return cues;
  const inside = options.at !== undefined && options.at > cue.start && options.at < cue.end;
  let caret = options.caret;
  if (caret === undefined) {
    const share = inside ? (options.at! - cue.start) / (cue.end - cue.start) : 0.5;
    caret = nearestSpace(cue.text, Math.round(cue.text.length * share));
  }
  const before = cue.text.slice(0, caret).trim();
  const after = cue.text.slice(caret).trim();
  const chars = before.length + after.length;
  // The playing time less the gap, shared by characters (or cut at the playhead, half the gap each side).
  const shown = cue.end - cue.start - gap;
  let end =
    inside && options.caret === undefined
      ? options.at! - Math.floor(gap / 2)
      : cue.start + Math.round(shown * (chars === 0 ? 0.5 : before.length / chars));
  const earliest = cue.start + rules.minDurationMs;
  const latest = cue.end - gap - rules.minDurationMs;
  end =
    earliest <= latest
      ? Math.min(latest, Math.max(earliest, end))
      : Math.min(cue.end - gap - 1, Math.max(cue.start + 1, end));
  const first = { ...cue, end, text: before };
  const second = { ...cue, id: newCueId(), start: end + gap, text: after };
  return replaceAt(cues, index, first, second);
}

function nearestSpace(text: string, target: number): number {
  let best = target;
  let distance = Infinity;
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i]) && Math.abs(i - target) < distance) {
      best = i;
      distance = Math.abs(i - target);
    }
  }
  return best;
}

/**
 * Joins a cue with the next. Their lines stay as they are when they fit the rules (two one-line
 * cues become one two-line cue); otherwise the words are laid out again as the pipeline lays
 * them out (breakLines: within the line limit, never after an article, balanced).
 */
export function mergeWithNext(
  cues: readonly EditorCue[],
  index: number,
  rules: Pick<ReadingRules, 'maxCharsPerLine' | 'maxLines'> = READING_RULES,
  language = 'en',
): readonly EditorCue[] {
  const cue = cues[index];
  const next = cues[index + 1];
  if (!cue || !next) return cues;
  const lines = [...cue.text.split('\n'), ...next.text.split('\n')].map((line) => line.trim()).filter(Boolean);
  const fits = lines.length <= rules.maxLines && lines.every((line) => charCount(line) <= rules.maxCharsPerLine);
  const text = fits
    ? lines.join('\n')
    : breakLines(lines.join(' ').split(/\s+/), rules.maxCharsPerLine, noBreakWordsFor(language)).lines.join('\n');
  const merged = { ...cue, start: Math.min(cue.start, next.start), end: Math.max(cue.end, next.end), text };
  return [...cues.slice(0, index), merged, ...cues.slice(index + 2)];
}

/** An empty cue after `index` (at the start for -1), in the free time up to the next cue when there is enough. */
export function insertAfter(cues: readonly EditorCue[], index: number, id = newCueId()): readonly EditorCue[] {
  const previous = cues[index];
  const next = cues[index + 1];
  const start = previous ? previous.end + GAP_MS : 0;
  const room = next ? next.start - GAP_MS - start : Infinity;
  const end = start + Math.max(MIN_NEW_CUE_MS, Math.min(NEW_CUE_MS, room));
  return [...cues.slice(0, index + 1), { id, start, end, text: '' }, ...cues.slice(index + 1)];
}

export function removeCue(cues: readonly EditorCue[], index: number): readonly EditorCue[] {
  return cues[index] ? [...cues.slice(0, index), ...cues.slice(index + 1)] : cues;
}

export type Edge = 'start' | 'end';

export function setEdge(cues: readonly EditorCue[], index: number, edge: Edge, ms: number): readonly EditorCue[] {
  const cue = cues[index];
  const value = Math.max(0, Math.round(ms));
  if (!cue || cue[edge] === value) return cues;
  return replaceAt(cues, index, { ...cue, [edge]: value });
}

export const nudgeEdge = (
  cues: readonly EditorCue[],
  index: number,
  edge: Edge,
  frames: number,
): readonly EditorCue[] => (cues[index] ? setEdge(cues, index, edge, cues[index][edge] + frames * FRAME_MS) : cues);
