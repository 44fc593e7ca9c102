import * as effector from 'effector';
import * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
import { cueArrayOf, readCues, writeCues, writeRows } from '../../../subtitles/common/live-cues';
import type { LivePresence } from '../../../subtitles/common/live-contract';
import { newCueId, type EditorCue } from '../model/cue-edits';
import type { EditorModel } from '../model/editor-model';
import type { LiveSocketStatus } from './live-socket';

const { createEffect, createEvent, createStore, sample } = effector;

/** The origin of my edits in the document: the undo manager tracks these only (never a colleague's). */
export const LOCAL_ORIGIN = 'editor';

/** Someone else in the subtitle, as the cue list shows them. */
export interface Colleague {
  clientId: number;
  name: string;
  initials: string;
  color: string;
  cue: string | null;
}

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

const FIELDS = ['start', 'end', 'text', 'speaker', 'italic', 'review'] as const;

/** Into the document, cue by position: the fields that differ between `base` and `next` (same lengths). */
function writeChangedFields(doc: Y.Doc, base: readonly EditorCue[], next: readonly EditorCue[], origin: unknown) {
  const cues = cueArrayOf(doc);
  doc.transact(() => {
    next.forEach((cue, i) => {
      if (cue === base[i]) return;
      const map = cues.get(i);
      for (const field of FIELDS) {
        if (cue[field] === base[i][field]) continue;
        if (cue[field] === undefined) map.delete(field);
        else map.set(field, cue[field]);
      }
    });
  }, origin);
}

/**
 * Which run of edits a change continues, as the editor's own history groups them
 * (../model/edit-history.ts): the text of one cue, or one edge of one cue; null for anything else.
 */
export function groupOf(before: readonly EditorCue[], after: readonly EditorCue[]): string | null {
  if (before.length !== after.length) return null;
  let changed = -1;
  for (let i = 0; i < after.length; i++) {
    if (before[i] === after[i]) continue;
    if (changed >= 0 || before[i].id !== after[i].id) return null;
    changed = i;
  }
  if (changed < 0) return null;
  const a = before[changed];
  const b = after[changed];
  const differs = (['text', 'start', 'end', 'speaker'] as const).filter((field) => a[field] !== b[field]);
  return differs.length === 1 && differs[0] !== 'speaker' ? `${differs[0]}:${b.id}` : null;
}

/**
 * The editor on a shared document (issue #25). My edits (the editor model's `localChanged`) are
 * written into the document as changes of the cues they touch; every change of the document that
 * is not mine (a colleague's, an undo, a save elsewhere) becomes the model's list (`replaced`).
 * Undo and redo go to a Y.UndoManager that tracks my origin only: Ctrl+Z takes back my last
 * edit, not the colleague's made since. Typing in one cue is one undo step, as without live.
 *
 * The socket (./live-socket.ts) is made by the view; this model only needs the document.
 */
export function createLiveModel(model: EditorModel) {
  const doc = new Y.Doc();
  const awareness = new Awareness(doc);
  const cues = cueArrayOf(doc);
  // captureTimeout: one step per run of typing, ended by stopCapturing (below), not by a pause.
  const undoManager = new Y.UndoManager(cues, { trackedOrigins: new Set([LOCAL_ORIGIN]), captureTimeout: 1e9 });

  /** The document arrived from the server (first sync): the editor goes live on it. */
  const synced = createEvent();
  const docChanged = createEvent<readonly EditorCue[]>();
  const statusChanged = createEvent<LiveSocketStatus>();
  const presenceChanged = createEvent<Colleague[]>();
  const $colleagues = createStore<Colleague[]>([]).on(presenceChanged, (_, list) => list);
  const $started = createStore(false).on(model.liveStarted, () => true);

  /** The last list read from or written to the document: lends unchanged cue objects to the next read. */
  let known: readonly EditorCue[] = [];
  let lastGroup: string | null = null;

  const writeFx = createEffect((next: readonly EditorCue[]) => {
    // A new undo step unless this continues the last edit (typing in one cue, nudging one edge).
    const group = groupOf(known, next);
    if (group === null || group !== lastGroup) undoManager.stopCapturing();
    lastGroup = group;
    const before = known;
    known = next;
    writeCues(doc, next, LOCAL_ORIGIN, before);
  });
  const undoFx = createEffect((direction: 'undo' | 'redo') => {
    lastGroup = null;
    undoManager.stopCapturing();
    if (direction === 'undo') undoManager.undo();
    else undoManager.redo();
  });
  const stopCapturingFx = createEffect(() => {
    lastGroup = null;
    undoManager.stopCapturing();
  });
  const presentFx = createEffect(({ cue }: { cue: string | null }) => {
    const state = awareness.getLocalState() as LivePresence | null;
    if (state && state.cue !== cue) awareness.setLocalStateField('cue', cue);
  });

  sample({ clock: model.localChanged, filter: $started, target: writeFx });
  sample({ clock: model.undone, filter: $started, fn: () => 'undo' as const, target: undoFx });
  sample({ clock: model.redone, filter: $started, fn: () => 'redo' as const, target: undoFx });
  sample({ clock: model.typingEnded, target: stopCapturingFx });
  /** The list as loaded from the server; null when it came from an unsaved browser copy (its base is unknown). */
  const $base = createStore<readonly EditorCue[] | null>(null).on(model.restored, (_, r) =>
    r.unsaved ? null : r.cues,
  );
  // Going live: edits made before the document arrived (typed while it connected, or a browser
  // copy of an earlier visit never saved) are written into it, cue by position, then the editor
  // shows the document. Until then the document's changes wait: the editor's list is the base.
  // Typed while it connected: only the fields I changed since the list was loaded go in, so the
  // colleagues' edits the document holds meanwhile (in cues I did not touch) are not taken back.
  const adoptFx = createEffect(
    ({ list, dirty, base }: { list: readonly EditorCue[]; dirty: boolean; base: readonly EditorCue[] | null }) => {
      if (dirty && base && base.length === list.length && cues.length === list.length)
        writeChangedFields(doc, base, list, LOCAL_ORIGIN);
      else if (dirty)
        writeRows(
          doc,
          list.map(({ id: _id, ...row }) => row),
          newCueId,
          LOCAL_ORIGIN,
        );
      known = readCues(doc, []) as EditorCue[];
      return known;
    },
  );
  // A save through PUT …/cues still on its way when the document arrives waits: the server writes
  // those rows into the document itself, and writing them here too would insert a split's new cue
  // twice (two concurrent inserts are two cues). Once it is answered the edits are no longer unsaved.
  const $syncedOnce = createStore(false).on(synced, () => true);
  sample({
    clock: [synced, model.saveFx.pending],
    source: {
      list: model.$cues,
      dirty: model.$dirty,
      started: $started,
      syncedOnce: $syncedOnce,
      saving: model.saveFx.pending,
      reviewOnly: model.$reviewOnly,
      base: $base,
    },
    // A reconnection's sync needs nothing: the document kept my edits made meanwhile and sends them.
    filter: ({ started, syncedOnce, saving }) => syncedOnce && !started && !saving,
    // A reviewer's browser copy (say, from before the role changed) is not written in: the server
    // would refuse its text and close the socket, again at every reconnection.
    fn: ({ list, dirty, reviewOnly, base }) => ({ list, dirty: dirty && !reviewOnly, base }),
    target: adoptFx,
  });
  sample({ clock: adoptFx.doneData, target: model.replaced });
  sample({ clock: adoptFx.done, target: model.liveStarted });
  sample({ clock: docChanged, filter: $started, target: model.replaced });
  sample({ clock: statusChanged, fn: (s) => (s === 'connecting' ? 'saving' : s), target: model.liveStatusSet });
  sample({
    clock: [model.$active, model.$cues],
    source: { active: model.$active, cues: model.$cues },
    fn: ({ active, cues: list }) => ({ cue: list[active]?.id ?? null }),
    target: presentFx,
  });

  /** Called by the view with its scope-bound units: subscribes the document and awareness; returns the unsubscribe. */
  function attach(units: {
    docChanged(cues: readonly EditorCue[]): void;
    presenceChanged(list: Colleague[]): void;
    undoChanged(can: { canUndo: boolean; canRedo: boolean }): void;
  }) {
    const onChange = (_events: unknown, transaction: Y.Transaction) => {
      if (transaction.origin === LOCAL_ORIGIN) return;
      known = readCues(doc, known) as EditorCue[];
      units.docChanged(known);
    };
    const onStack = () =>
      units.undoChanged({ canUndo: undoManager.undoStack.length > 0, canRedo: undoManager.redoStack.length > 0 });
    const onPresence = () => {
      const list: Colleague[] = [];
      for (const [clientId, state] of awareness.getStates()) {
        const presence = state as Partial<LivePresence>;
        if (clientId === doc.clientID || !presence.user) continue;
        const name = String(presence.user.name || 'Someone');
        list.push({
          clientId,
          name,
          initials: initialsOf(name),
          color: presence.user.color,
          cue: presence.cue ?? null,
        });
      }
      units.presenceChanged(list);
    };
    cues.observeDeep(onChange);
    undoManager.on('stack-item-added', onStack);
    undoManager.on('stack-item-popped', onStack);
    awareness.on('change', onPresence);
    return () => {
      cues.unobserveDeep(onChange);
      undoManager.off('stack-item-added', onStack);
      undoManager.off('stack-item-popped', onStack);
      awareness.off('change', onPresence);
    };
  }

  return {
    doc,
    awareness,
    undoManager,
    synced,
    docChanged,
    statusChanged,
    presenceChanged,
    $colleagues,
    $started,
    attach,
  };
}

export type LiveModel = ReturnType<typeof createLiveModel>;
