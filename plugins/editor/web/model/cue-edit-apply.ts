import type { ReviewState } from '../../../subtitles/common/cue-review';
import { insertAfter, nudgeEdge, removeCue, setEdge, editText, type Edge } from './cue-edits';
import { keepApprovalHonest, setReview } from './cue-review-edits';
import { record, type EditHistory } from './edit-history';
import { replaceAll, replaceMatch, type CueMatch, type FindOptions } from './find-replace';
import type { RuleContext } from './rule-guard';
import { mergeKeepingRules, shiftKeepingGaps, splitKeepingRules } from './rule-keeping-edits';
import { setSpeaker } from './speakers';
import { toggleItalic } from './italics';

/*
 * The editor's reducer: one edit (as data) applied to the undo history, with where the active cue
 * goes and why an edit was refused. Pure, so the model (./editor-model.ts) only wires events to it.
 */

/** Every change of the cue list the editor makes, as data (the keyboard, the palette and tests send these). */
export type CueEdit =
  | { kind: 'text'; index: number; text: string }
  | { kind: 'split'; index: number; caret?: number; at?: number }
  | { kind: 'merge'; index: number }
  | { kind: 'insert'; index: number }
  | { kind: 'delete'; index: number }
  | { kind: 'set'; index: number; edge: Edge; ms: number }
  | { kind: 'nudge'; index: number; edge: Edge; frames: number }
  | { kind: 'replace'; index: number; match: CueMatch; replacement: string }
  | { kind: 'replaceAll'; index: number; query: string; replacement: string; options: FindOptions }
  /** Cues `index`..`to` (either order) moved by `ms`, cut short before a negative time or a new overlap. */
  | { kind: 'shift'; index: number; to: number; ms: number }
  | { kind: 'speaker'; index: number; to: number; speaker: string }
  /** Cues `index`..`to` (either order) into italics, or back to roman when all already are (./italics.ts). */
  | { kind: 'italic'; index: number; to: number }
  /** Cues `index`..`to` (either order) set to a review state (../../../subtitles/common/cue-review.ts). */
  | { kind: 'review'; index: number; to: number; review: ReviewState };

/** A change of the list and where the active cue goes with it. */
export interface Applied {
  history: EditHistory;
  active: number;
  /** Whether the list is another than before (an undo with nothing to undo is not). */
  changed: boolean;
  /** The server's list taken in a conflict: already saved, so no save follows. */
  adopted?: boolean;
  /** Why an edit was not made (it would have broken a reading rule), for the status line. */
  refused?: string;
}

/** Samples read stores after the clock's own updates, so whether a step changed the list is decided where it is made. */
export const step = (before: EditHistory, history: EditHistory, active: number, adopted = false): Applied => ({
  history,
  active,
  changed: history.present !== before.present,
  adopted,
});

/** Edits that change words: an approved cue they change is reviewed again (./cue-review-edits.ts). */
const TEXT_EDITS = new Set<CueEdit['kind']>(['text', 'replace', 'replaceAll']);

export function apply(history: EditHistory, edit: CueEdit, context: RuleContext): Applied {
  const next = applyEdit(history, edit, context);
  if (TEXT_EDITS.has(edit.kind) && next.history.present !== history.present) {
    const honest = keepApprovalHonest(history.present, next.history.present);
    if (honest !== next.history.present) next.history = { ...next.history, present: honest };
  }
  return { ...step(history, next.history, next.active), refused: next.refused };
}

function applyEdit(
  history: EditHistory,
  edit: CueEdit,
  context: RuleContext,
): { history: EditHistory; active: number; refused?: string } {
  const cues = history.present;
  const at = edit.index;
  switch (edit.kind) {
    case 'text':
      return { history: record(history, editText(cues, at, edit.text), `text:${cues[at]?.id}`), active: at };
    case 'split': {
      // Split, merge and shift keep the reading rules in force (./rule-keeping-edits.ts): refused, the cue stays active.
      const kept = splitKeepingRules(cues, at, edit, context);
      return { history: record(history, kept.cues), active: kept.refused ? at : at + 1, refused: kept.refused };
    }
    case 'merge': {
      const kept = mergeKeepingRules(cues, at, context);
      return { history: record(history, kept.cues), active: at, refused: kept.refused };
    }
    case 'insert':
      return { history: record(history, insertAfter(cues, at)), active: at + 1 };
    case 'delete': {
      const next = removeCue(cues, at);
      return { history: record(history, next), active: Math.max(0, Math.min(at, next.length - 1)) };
    }
    case 'set':
      return { history: record(history, setEdge(cues, at, edit.edge, edit.ms)), active: at };
    case 'nudge':
      // Nudges of one edge of one cue in a row are one step: holding the key does not fill the history.
      return {
        history: record(history, nudgeEdge(cues, at, edit.edge, edit.frames), `nudge:${edit.edge}:${cues[at]?.id}`),
        active: at,
      };
    case 'replace':
      return { history: record(history, replaceMatch(cues, edit.match, edit.replacement)), active: edit.match.index };
    case 'replaceAll':
      // Every match in one step: one undo brings them all back.
      return { history: record(history, replaceAll(cues, edit.query, edit.replacement, edit.options)), active: at };
    case 'shift':
      return { history: record(history, shiftKeepingGaps(cues, at, edit.to, edit.ms, context).cues), active: at };
    case 'speaker':
      return { history: record(history, setSpeaker(cues, at, edit.to, edit.speaker)), active: at };
    case 'italic':
      return { history: record(history, toggleItalic(cues, at, edit.to)), active: at };
    case 'review':
      return { history: record(history, setReview(cues, at, edit.to, edit.review)), active: at };
  }
}
