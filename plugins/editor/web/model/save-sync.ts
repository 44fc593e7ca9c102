import * as effector from 'effector';
import type { ApiError } from '../../../../core';
import type { CueData, SaveCuesConflict } from '../../../subtitles/common/subtitles-contract';
import type { EditorCue } from './cue-edits';
import { toCueData } from './local-draft';

const { combine, createEffect, createEvent, createStore, sample, scopeBind } = effector;

/** The server call (PUT …/cues): resolves with the new revision, rejects with the ApiError (409 carries `theirs`). */
export type SaveCues = (params: {
  subtitleId: string;
  revision: number;
  cues: CueData[];
}) => Promise<{ revision: number }>;

export type Theirs = SaveCuesConflict['theirs'];

/** What the status line says; `conflict` also shows the banner with both versions. */
export type SaveState = 'saved' | 'unsaved' | 'saving' | 'offline' | 'failed' | 'conflict';

/** After the last edit, this long without typing before the save goes out. */
export const SAVE_DELAY_MS = 800;

interface SyncDeps {
  save: SaveCues;
  onOnline(listener: () => void): () => void;
  saveDelayMs?: number;
  $subtitleId: effector.Store<string>;
  $cues: effector.Store<readonly EditorCue[]>;
  restored: effector.Event<{ revision: number; unsaved: boolean }>;
  /** The list changed by an edit here (payload: the new list). */
  changed: effector.Event<readonly EditorCue[]>;
  /** Live editing: the shared document stores every edit, so no save goes out (a pending one neither). */
  $live?: effector.Store<boolean>;
}

/**
 * The background save: every change counts (`$editSeq`); a quiet moment after one sends the whole
 * list with the revision it was edited from. A save that comes back while newer edits wait is
 * followed by another. A 409 keeps both versions until the user chooses ("keep mine" saves mine
 * over theirs, "take theirs" adopts theirs); a network failure keeps the edits (they are in the
 * browser copy) and tries again when the browser says it is online.
 */
export function createSaveSync(deps: SyncDeps) {
  const { $subtitleId, $cues, restored, changed } = deps;
  const delay = deps.saveDelayMs ?? SAVE_DELAY_MS;
  const saveRequested = createEvent();
  const online = createEvent();
  const keepMine = createEvent();
  const takeTheirs = createEvent();

  const $editSeq = createStore(0)
    .on(restored, (_, r) => (r.unsaved ? 1 : 0))
    .on(changed, (seq) => seq + 1);
  const $savedSeq = createStore(0).on(restored, () => 0);
  const $dirty = combine($editSeq, $savedSeq, (edit, saved) => edit !== saved);
  const $revision = createStore(0).on(restored, (_, r) => r.revision);

  // Debounce in the open: each change starts a wait; only the wait of the latest change saves.
  const waitFx = createEffect((seq: number) => new Promise<number>((resolve) => setTimeout(() => resolve(seq), delay)));
  sample({ clock: $editSeq.updates, target: waitFx });
  sample({ clock: waitFx.doneData, source: $editSeq, filter: (latest, seq) => latest === seq, target: saveRequested });
  sample({ clock: restored, filter: (r) => r.unsaved, target: saveRequested });

  const saveFx = createEffect<
    { subtitleId: string; revision: number; cues: readonly EditorCue[]; seq: number },
    { revision: number; seq: number; cues: readonly EditorCue[] },
    ApiError
  >(async ({ subtitleId, revision, cues, seq }) => ({
    ...(await deps.save({ subtitleId, revision, cues: toCueData(cues) })),
    seq,
    cues,
  }));
  const $conflict = createStore<Theirs | null>(null)
    .on(saveFx.failData, (current, error) =>
      error.status === 409 && error.code === 'revision_conflict'
        ? ((error.body as SaveCuesConflict).theirs ?? null)
        : current,
    )
    .reset(restored);
  /** Why the last save did not go through (cleared by the next that does). */
  const $failure = createStore<'offline' | 'failed' | null>(null)
    .on(saveFx.failData, (_, error) => (error.status === 409 ? null : error.status === 0 ? 'offline' : 'failed'))
    .reset(saveFx.done, restored);

  sample({
    clock: saveRequested,
    source: {
      subtitleId: $subtitleId,
      revision: $revision,
      cues: $cues,
      seq: $editSeq,
      dirty: $dirty,
      pending: saveFx.pending,
      conflict: $conflict,
      live: deps.$live ?? createStore(false),
    },
    filter: ({ dirty, pending, conflict, live }) => dirty && !pending && conflict === null && !live,
    fn: ({ subtitleId, revision, cues, seq }) => ({ subtitleId, revision, cues, seq }),
    target: saveFx,
  });
  $revision.on(saveFx.doneData, (_, done) => done.revision);
  $savedSeq.on(saveFx.doneData, (_, done) => done.seq);
  /** The server has exactly what the editor shows (payload: that list and its revision). */
  const synchronized = sample({
    clock: saveFx.doneData,
    source: $editSeq,
    filter: (latest, done) => latest === done.seq,
    fn: (_, done) => ({ revision: done.revision, cues: done.cues }),
  });
  // Edits made while the save was out: save again now.
  sample({
    clock: saveFx.doneData,
    source: $editSeq,
    filter: (latest, done) => latest !== done.seq,
    target: saveRequested,
  });

  // Offline: try again when the network is back.
  sample({ clock: online, source: $failure, filter: (failure) => failure !== null, target: saveRequested });
  const listenFx = createEffect(() => {
    // Bound to the scope the editor runs in (tests fork one), as the browser calls back later.
    const fire = scopeBind(online, { safe: true });
    return deps.onOnline(() => fire());
  });
  sample({ clock: restored, target: listenFx });
  /** The editor closed: stop listening. */
  const closed = createEvent();
  const $unlisten = createStore<(() => void) | null>(null, { serialize: 'ignore' }).on(
    listenFx.doneData,
    (_, unlisten) => unlisten,
  );
  const unlistenFx = createEffect((unlisten: (() => void) | null) => unlisten?.());
  sample({ clock: closed, source: $unlisten, target: unlistenFx });

  // "Keep mine": their revision becomes the base, so my list replaces theirs knowingly.
  const mineKept = sample({
    clock: keepMine,
    source: $conflict,
    filter: (theirs): theirs is Theirs => theirs !== null,
  });
  /** "Take theirs": the editor adopts their list (payload) at their revision. */
  const theirsTaken = sample({
    clock: takeTheirs,
    source: $conflict,
    filter: (theirs): theirs is Theirs => theirs !== null,
  });
  $conflict.reset(mineKept, theirsTaken);
  $revision.on(mineKept, (_, theirs) => theirs.revision).on(theirsTaken, (_, theirs) => theirs.revision);
  sample({ clock: mineKept, target: saveRequested });
  sample({ clock: theirsTaken, source: $editSeq, target: $savedSeq });

  const $saveState = combine(
    $dirty,
    saveFx.pending,
    $failure,
    $conflict,
    (dirty, pending, failure, conflict): SaveState =>
      conflict ? 'conflict' : pending ? 'saving' : failure && dirty ? failure : dirty ? 'unsaved' : 'saved',
  );

  return {
    closed,
    saveRequested,
    online,
    keepMine,
    takeTheirs,
    theirsTaken,
    synchronized,
    saveFx,
    $revision,
    $dirty,
    $conflict,
    $saveState,
  };
}
