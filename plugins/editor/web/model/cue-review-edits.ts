import { reviewAfterTextEdit, type ReviewState } from '../../../subtitles/common/cue-review';
import type { EditorCue } from './cue-edits';

/** Cues `from`..`to` (either order) set to `review`; the same list when none changes (no empty undo step). */
export function setReview(
  cues: readonly EditorCue[],
  from: number,
  to: number,
  review: ReviewState,
): readonly EditorCue[] {
  const first = Math.max(0, Math.min(from, to));
  const last = Math.min(cues.length - 1, Math.max(from, to));
  let next: EditorCue[] | null = null;
  for (let i = first; i <= last; i++) {
    const cue = cues[i];
    if ((cue.review ?? 'todo') === review) continue;
    next ??= [...cues];
    const { review: _old, ...rest } = cue;
    next[i] = review === 'todo' ? rest : { ...rest, review };
  }
  return next ?? cues;
}

/**
 * The text rule of review (../../../subtitles/common/cue-review.ts): a cue approved before an
 * edit and whose text it changed is "reviewed" after it. Only cues the edit replaced are looked
 * at (the same object is the same cue), so a keystroke costs one comparison per cue at most.
 */
export function keepApprovalHonest(before: readonly EditorCue[], after: readonly EditorCue[]): readonly EditorCue[] {
  if (before === after || before.length !== after.length) return after;
  let next: EditorCue[] | null = null;
  for (let i = 0; i < after.length; i++) {
    const was = before[i];
    const cue = after[i];
    if (was === cue || was.review !== 'approved' || cue.review !== 'approved' || was.id !== cue.id) continue;
    const review = reviewAfterTextEdit('approved', was.text, cue.text);
    if (review === 'approved') continue;
    next ??= [...after];
    next[i] = { ...cue, review: review as Exclude<ReviewState, 'todo'> };
  }
  return next ?? after;
}
