/**
 * Review by cue (issue #25): each cue of each language is to do, translated, reviewed or
 * approved. Stored with the cue, in the cue rows (`subtitle_cues.review`) and in the live
 * document's cue map (`review`, absent for "to do", so documents made before review existed read
 * as "to do" and a new cue starts there).
 *
 * A text edit of an approved cue takes it back to "reviewed" (TEXT_EDIT_OF_APPROVED): the
 * approval was of the words now gone, so someone must approve again, but the cue was reviewed
 * and the edit is most often the approver's own correction; other states are kept. Times and
 * speaker changes keep the state (a timing fix is not a change of what is said).
 */
export const REVIEW_STATES = ['todo', 'translated', 'reviewed', 'approved'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const REVIEW_LABELS: Record<ReviewState, string> = {
  todo: 'To do',
  translated: 'Translated',
  reviewed: 'Reviewed',
  approved: 'Approved',
};

/** What a text edit makes of an approved cue. */
export const TEXT_EDIT_OF_APPROVED: ReviewState = 'reviewed';

export const isReviewState = (value: unknown): value is ReviewState =>
  typeof value === 'string' && (REVIEW_STATES as readonly string[]).includes(value);

/** The state after the cue's text changed from `before` to `after`. */
export const reviewAfterTextEdit = (review: ReviewState, before: string, after: string): ReviewState =>
  review === 'approved' && before !== after ? TEXT_EDIT_OF_APPROVED : review;

/** Not reviewed yet: what the editor's filter "cues not reviewed" shows. */
export const isUnreviewed = (review: ReviewState | undefined) =>
  !review || review === 'todo' || review === 'translated';

/** How many cues of a language are in each state (progress lines). */
export interface ReviewProgress {
  cues: number;
  reviewed: number;
  approved: number;
}

/** "212 of 2,000 approved" */
export const progressText = ({ cues, approved }: Pick<ReviewProgress, 'cues' | 'approved'>) =>
  `${approved.toLocaleString('en-US')} of ${cues.toLocaleString('en-US')} approved`;
