import * as effector from 'effector';
import type { CueData } from '../../../subtitles/common/subtitles-contract';
import { withIds, type EditorCue } from './cue-edits';
import { apply, step, type Applied, type CueEdit } from './cue-edit-apply';
import { ruleContext } from './rule-guard';
import { endGroup, record, redo, startHistory, undo, type EditHistory } from './edit-history';
import { readDraft, writeDraft, type DraftStorage } from './local-draft';
import type { ReadingRules } from '../../../pipeline/common/craft/cue-types';
import { readingProblems, updatedProblems } from './reading-problems';
import { createSaveSync, type SaveCues } from './save-sync';

const { combine, createEffect, createEvent, createStore, sample } = effector;

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
