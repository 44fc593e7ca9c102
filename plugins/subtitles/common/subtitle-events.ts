import { defineDomainEvent } from '../../../core/common/domain-event';
import type { ReviewState } from './cue-review';

/**
 * Domain events the subtitles plugin publishes (docs/plugins.md, "Domain events"), in the
 * transaction of the change, with the workspace as tenant.
 */

/** A person saved a subtitle's cues: in the editor, or by importing a file over them. `revision` is the subtitle's new one. */
export const SUBTITLE_SAVED = defineDomainEvent<{
  subtitleId: string;
  projectVersionId: string;
  language: string;
  revision: number;
  by: 'editor' | 'import';
}>('subtitles.saved', 1);

/**
 * Review states of a subtitle's cues changed (../common/cue-review.ts): once per action (a range
 * set in the editor, a save, an import that moved approved cues back), never once per cue.
 * `moved`: how many cues went to each state; `userId`: who acted.
 */
export const SUBTITLE_REVIEW_CHANGED = defineDomainEvent<{
  subtitleId: string;
  projectVersionId: string;
  language: string;
  moved: Partial<Record<ReviewState, number>>;
  userId: string | null;
  by: 'editor' | 'import';
}>('subtitles.reviewChanged', 1);
