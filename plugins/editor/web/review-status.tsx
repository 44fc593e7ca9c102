import { useMemo } from 'react';
import { progressText, REVIEW_LABELS } from '../../subtitles/common/cue-review';
import type { EditorCue } from './model/cue-edits';

/** How far review is in the language shown: "212 of 2,000 approved · 300 reviewed". Counted from the list as it is now (live too). */
export function ReviewProgress({ cues }: { cues: readonly EditorCue[] }) {
  const { approved, reviewed } = useMemo(() => {
    let approvedCount = 0;
    let reviewedCount = 0;
    for (const cue of cues) {
      if (cue.review === 'approved') approvedCount++;
      else if (cue.review === 'reviewed') reviewedCount++;
    }
    return { approved: approvedCount, reviewed: reviewedCount };
  }, [cues]);
  return (
    <p data-testid="editor-review-progress">
      {progressText({ cues: cues.length, approved })}
      {reviewed > 0 && ` · ${reviewed.toLocaleString('en-US')} reviewed`}
    </p>
  );
}

/** Why a reviewer cannot type: said once above the list, not discovered by a key that does nothing. */
export function ReviewerNote() {
  return (
    <p className="editor-reviewer-note" role="note" data-testid="editor-reviewer-note">
      You are a reviewer here: the text and times are read only. Mark cues with Alt+1 (to do), Alt+2 (translated), Alt+3
      (reviewed) or Alt+4 (approved); F9 goes to the next cue not reviewed.
    </p>
  );
}

/** A cue's review state as its row shows it. */
export function ReviewBadge({ review }: { review: EditorCue['review'] }) {
  const state = review ?? 'todo';
  return <span className={`cue-review cue-review-${state}`}>{REVIEW_LABELS[state]}</span>;
}
