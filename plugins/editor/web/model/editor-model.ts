import * as effector from 'effector';
import type { CueData } from '../../../subtitles/common/subtitles-contract';
import { insertAfter, nudgeEdge, removeCue, setEdge, editText, withIds, type Edge, type EditorCue } from './cue-edits';
import { replaceAll, replaceMatch, type CueMatch, type FindOptions } from './find-replace';
import { mergeKeepingRules, shiftKeepingGaps, splitKeepingRules } from './rule-keeping-edits';
import { ruleContext, type RuleContext } from './rule-guard';
import { setSpeaker } from './speakers';
import { keepApprovalHonest, setReview } from './cue-review-edits';
import type { ReviewState } from '../../../subtitles/common/cue-review';
import { endGroup, record, redo, startHistory, undo, type EditHistory } from './edit-history';
import { readDraft, writeDraft, type DraftStorage } from './local-draft';
import type { ReadingRules } from '../../../pipeline/common/craft/cue-types';
import { readingProblems, updatedProblems } from './reading-problems';
import { createSaveSync, type SaveCues } from './save-sync';

const { combine, createEffect, createEvent, createStore, sample } = effector;

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
  /** Cues `index`..`to` (either order) set to a review state (../../../subtitles/common/cue-review.ts). */
  | { kind: 'review'; index: number; to: number; review: ReviewState };

export interface EditorModelDeps {
  storage: DraftStorage;
  save: SaveCues;
  /** Subscribes to the browser's `online` event; returns the unsubscribe. */
  onOnline(listener: () => void): () => void;
  saveDelayMs?: number;
  /** After the last edit, this long before the browser copy is written (DRAFT_DELAY_MS). */
  draftDelayMs?: number;
}

export const DRAFT_DELAY_MS = 250;

export interface EditorOpened {
  subtitleId: string;
  language: string;
  /** What the server has now. */
  revision: number;
  cues: CueData[];
}

/** A change of the list and where the active cue goes with it. */
interface Applied {
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
const step = (before: EditHistory, history: EditHistory, active: number, adopted = false): Applied => ({
  history,
  active,
  changed: history.present !== before.present,
  adopted,
});

/** Edits that change words: an approved cue they change is reviewed again (./cue-review-edits.ts). */
const TEXT_EDITS = new Set<CueEdit['kind']>(['text', 'replace', 'replaceAll']);

function apply(history: EditHistory, edit: CueEdit, context: RuleContext): Applied {
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
    case 'review':
      return { history: record(history, setReview(cues, at, edit.to, edit.review)), active: at };
  }
}

/**
 * One open subtitle in the editor: the cue list with undo/redo, the active cue, the reading
 * problems as typed, the browser copy (written on every change) and the background save
 * (./save-sync.ts). Flow: an event (edited, undone…) -> sample -> the history store -> the view;
 * each change of the list -> the local copy and a debounced save.
 */
export function createEditorModel(deps: EditorModelDeps) {
  const opened = createEvent<EditorOpened>();
  const edited = createEvent<CueEdit>();
  const undone = createEvent();
  const redone = createEvent();
  const activeSet = createEvent<number>();
  /** The caret left the cue: the next keystroke starts a new undo step. */
  const typingEnded = createEvent();

  const restoreFx = createEffect((params: EditorOpened) => {
    const draft = readDraft(deps.storage, params.subtitleId);
    // Unsynced edits of an earlier visit win over the server's copy; the save then tells whether
    // someone changed it meanwhile (a conflict shown with both versions, never an overwrite).
    if (draft && !draft.synchronized)
      return {
        subtitleId: params.subtitleId,
        language: params.language,
        revision: draft.revision,
        cues: withIds(draft.cues),
        unsaved: true,
      };
    return {
      subtitleId: params.subtitleId,
      language: params.language,
      revision: params.revision,
      cues: withIds(params.cues),
      unsaved: false,
    };
  });
  sample({ clock: opened, target: restoreFx });

  const $subtitleId = createStore('').on(restoreFx.doneData, (_, r) => r.subtitleId);
  const $language = createStore('en').on(restoreFx.doneData, (_, r) => r.language);
  const $history = createStore<EditHistory>(startHistory([])).on(restoreFx.doneData, (_, r) => startHistory(r.cues));
  const $cues = $history.map((h) => h.present);
  const $ready = createStore(false).on(restoreFx.done, () => true);
  const $active = createStore(0).on(restoreFx.done, () => 0);
  /** The limits checked (a guideline's, ./rules-model.ts); empty: the pipeline's defaults. */
  const rulesSet = createEvent<Partial<ReadingRules>>();
  const $rules = createStore<Partial<ReadingRules>>({}).on(rulesSet, (_, rules) => rules);
  /** The video's cuts (ms, ascending), once the server has found them: edges near one are flagged too. */
  const shotChangesSet = createEvent<readonly number[]>();
  const $cuts = createStore<readonly number[]>([]).on(shotChangesSet, (_, cuts) => cuts);
  // Checked again on every change, incrementally: a keystroke re-checks the cue typed in, not the film.
  const $checked = createStore({
    cues: [] as readonly EditorCue[],
    language: '',
    rules: {} as Partial<ReadingRules>,
    cuts: [] as readonly number[],
    problems: readingProblems([]),
  });
  sample({
    clock: [$cues, $language, $rules, $cuts],
    source: { checked: $checked, cues: $cues, language: $language, rules: $rules, cuts: $cuts },
    fn: ({ checked, cues, language, rules, cuts }) => ({
      cues,
      language,
      rules,
      cuts,
      problems:
        checked.language === language && checked.rules === rules && checked.cuts === cuts
          ? updatedProblems(checked, cues, language, rules, cuts)
          : readingProblems(cues, language, rules, cuts),
    }),
    target: $checked,
  });
  const $problems = $checked.map((checked) => checked.problems);

  /** A change of the list made here (an edit, undo, redo, taking the server's copy). */
  const applied = createEvent<Applied>();
  /** A reviewer (docs/roles.md) sets review states only: any other edit (a key, the timeline, the text box) is dropped here. */
  const reviewOnlySet = createEvent<boolean>();
  const $reviewOnly = createStore(false).on(reviewOnlySet, (_, reviewOnly) => reviewOnly);
  sample({
    clock: edited,
    source: { history: $history, rules: $rules, language: $language, reviewOnly: $reviewOnly },
    filter: ({ reviewOnly }, edit) => !reviewOnly || edit.kind === 'review',
    fn: ({ history, rules, language }, edit) => apply(history, edit, ruleContext(rules, language)),
    target: applied,
  });
  /** Why the last edit was not made (null once another is). */
  const $refusal = createStore<string | null>(null).on(applied, (_, a) => a.refused ?? null);
  // Live (../live/live-model.ts): the shared document's undo manager undoes my edits only, never
  // a colleague's; the snapshots here would bring theirs back too.
  const liveStarted = createEvent();
  const $live = createStore(false).on(liveStarted, () => true);
  sample({
    clock: undone,
    source: { history: $history, active: $active, live: $live },
    filter: ({ live }) => !live,
    fn: ({ history, active }) => step(history, undo(history), active),
    target: applied,
  });
  sample({
    clock: redone,
    source: { history: $history, active: $active, live: $live },
    filter: ({ live }) => !live,
    fn: ({ history, active }) => step(history, redo(history), active),
    target: applied,
  });
  /** Every change of the list made here, live or not (the live document takes them from this). */
  const localChanged = applied.filterMap((a) => (a.changed && !a.adopted ? a.history.present : undefined));
  /** Changes the background save and the browser copy take: live, the document does both. */
  const changed = sample({ clock: localChanged, source: $live, filter: (live) => !live, fn: (_, cues) => cues });
  $history.on(applied, (_, a) => a.history).on(typingEnded, endGroup);
  /**
   * The shared document changed (a colleague, my undo, a save elsewhere): its list becomes the
   * present without a step of my history, the active cue stays the same cue.
   */
  const replaced = createEvent<readonly EditorCue[]>();
  const activeKept = sample({
    clock: replaced,
    source: { cues: $cues, active: $active },
    fn: ({ cues, active }, next) => {
      const id = cues[active]?.id;
      const at = next.findIndex((cue) => cue.id === id);
      return at >= 0 ? at : Math.max(0, Math.min(active, next.length - 1));
    },
  });
  $history.on(replaced, (history, cues) => ({ ...history, present: cues }));
  $active.on(activeKept, (_, index) => index);
  /** What the live document's undo manager can do (live only). */
  const liveUndoSet = createEvent<{ canUndo: boolean; canRedo: boolean }>();
  const $liveUndo = createStore({ canUndo: false, canRedo: false }).on(liveUndoSet, (_, can) => can);
  const $canUndo = combine($live, $history, $liveUndo, (live, h, can) => (live ? can.canUndo : h.past.length > 0));
  const $canRedo = combine($live, $history, $liveUndo, (live, h, can) => (live ? can.canRedo : h.future.length > 0));
  $active
    .on(applied, (_, a) => Math.max(0, Math.min(a.active, a.history.present.length - 1)))
    .on(activeSet, (_, index) => index);
  sample({ clock: activeSet, target: typingEnded });

  // A range of cues for the tools that act on several (shift, speaker): Shift+arrows grow it from
  // the active cue, like a file list; moving without Shift drops it, and so does an edit leaving it past the end.
  const selectionExtended = createEvent<-1 | 1>();
  const allSelected = createEvent();
  const $selection = createStore<{ anchor: number; focus: number } | null>(null).reset(activeSet, restoreFx.done);
  const extended = sample({
    clock: selectionExtended,
    source: { selection: $selection, active: $active, cues: $cues },
    fn: ({ selection, active, cues }, by) => ({
      anchor: selection?.anchor ?? active,
      focus: Math.max(0, Math.min(cues.length - 1, (selection?.focus ?? active) + by)),
    }),
  });
  $selection.on(extended, (_, selection) => selection);
  $active.on(extended, (_, selection) => selection.focus);
  sample({
    clock: allSelected,
    source: $cues,
    filter: (cues) => cues.length > 0,
    fn: (cues) => ({ anchor: 0, focus: cues.length - 1 }),
    target: $selection,
  });
  $selection.on(applied, (selection, a) =>
    selection && Math.max(selection.anchor, selection.focus) < a.history.present.length ? selection : null,
  );
  /** The cues the range tools act on: the selection, or the active cue alone. */
  const $range = combine($selection, $active, (selection, active) =>
    selection
      ? { from: Math.min(selection.anchor, selection.focus), to: Math.max(selection.anchor, selection.focus) }
      : { from: active, to: active },
  );

  const sync = createSaveSync({ ...deps, $subtitleId, $cues, restored: restoreFx.doneData, changed, $live });
  /** Live, what the status line says comes from the socket: every edit of mine stored, or not yet. */
  const liveStatusSet = createEvent<'saved' | 'saving' | 'offline'>();
  const $liveStatus = createStore<'saved' | 'saving' | 'offline'>('saving').on(liveStatusSet, (_, status) => status);
  const $saveState = combine($live, $liveStatus, sync.$saveState, (live, status, saveState) =>
    live ? status : saveState,
  );

  // "Take theirs": their list becomes the present, one undo step away from mine.
  sample({
    clock: sync.theirsTaken,
    source: { history: $history, active: $active },
    fn: ({ history, active }, theirs) => step(history, record(history, withIds(theirs.cues)), active, true),
    target: applied,
  });

  // The browser copy of every change, written once typing pauses (DRAFT_DELAY_MS) and at once when
  // the page is hidden or closed (draftFlushed): writing 2,000 cues to localStorage on each key
  // would cost the typist a frame. At most the last quarter second is lost in a crash.
  const writeDraftFx = createEffect(
    (draft: { subtitleId: string; revision: number; cues: readonly EditorCue[]; synchronized: boolean }) => {
      writeDraft(deps.storage, draft.subtitleId, draft);
    },
  );
  const draftFlushed = createEvent();
  const $draftSeq = createStore(0).on(changed, (seq) => seq + 1);
  const $draftWritten = createStore(0);
  const draftWaitFx = createEffect(
    (seq: number) =>
      new Promise<number>((resolve) => setTimeout(() => resolve(seq), deps.draftDelayMs ?? DRAFT_DELAY_MS)),
  );
  sample({ clock: $draftSeq.updates, target: draftWaitFx });
  const draftDue = sample({
    clock: [draftWaitFx.doneData.map(() => undefined), draftFlushed],
    source: { seq: $draftSeq, written: $draftWritten },
    filter: ({ seq, written }) => seq !== written,
  });
  // Unsaved edits only: once the server has them, the synchronized copy below is already written.
  sample({
    clock: draftDue,
    source: { subtitleId: $subtitleId, revision: sync.$revision, cues: $cues, dirty: sync.$dirty },
    filter: ({ dirty }) => dirty,
    fn: ({ subtitleId, revision, cues }) => ({ subtitleId, revision, cues, synchronized: false }),
    target: writeDraftFx,
  });
  $draftWritten.on(draftDue, (_, due) => due.seq);
  sample({
    clock: [
      sync.synchronized,
      sync.theirsTaken.map((theirs) => ({ revision: theirs.revision, cues: withIds(theirs.cues) })),
    ],
    source: $subtitleId,
    fn: (subtitleId, saved) => ({ subtitleId, revision: saved.revision, cues: saved.cues, synchronized: true }),
    target: writeDraftFx,
  });

  // Live, the browser copy of this visit is the server's (the document has every edit): a reload
  // must not bring an older unsaved copy back over it.
  sample({
    clock: liveStarted,
    source: { subtitleId: $subtitleId, revision: sync.$revision, cues: $cues },
    fn: ({ subtitleId, revision, cues }) => ({ subtitleId, revision, cues, synchronized: true }),
    target: writeDraftFx,
  });

  return {
    opened,
    /** The list as opened: from the server, or (unsaved) from an earlier visit's browser copy. */
    restored: restoreFx.doneData,
    edited,
    liveStarted,
    replaced,
    localChanged,
    liveUndoSet,
    $live,
    $subtitleId,
    undone,
    redone,
    activeSet,
    typingEnded,
    selectionExtended,
    allSelected,
    rulesSet,
    reviewOnlySet,
    $reviewOnly,
    draftFlushed,
    $selection,
    $range,
    $ready,
    $cues,
    $active,
    $canUndo,
    $canRedo,
    $problems,
    $refusal,
    shotChangesSet,
    ...sync,
    liveStatusSet,
    $saveState,
  };
}

export type EditorModel = ReturnType<typeof createEditorModel>;
