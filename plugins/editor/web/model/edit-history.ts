import type { EditorCue } from './cue-edits';

/**
 * Undo and redo as snapshots of the cue list (lists share their untouched cues, so a snapshot
 * of a 2,000-cue film costs one array). Typing in one cue is one step, not one per key: edits
 * with the same `group` in a row replace the present instead of pushing a new step.
 */
export interface EditHistory {
  past: (readonly EditorCue[])[];
  present: readonly EditorCue[];
  future: (readonly EditorCue[])[];
  /** The group of the last edit (e.g. `text:<cue id>`), null after anything that ends a run of typing. */
  group: string | null;
}

/** Steps kept; the oldest go first. */
export const HISTORY_LIMIT = 500;

export const startHistory = (cues: readonly EditorCue[]): EditHistory => ({
  past: [],
  present: cues,
  future: [],
  group: null,
});

export function record(history: EditHistory, next: readonly EditorCue[], group: string | null = null): EditHistory {
  if (next === history.present) return history;
  if (group !== null && group === history.group) return { ...history, present: next, future: [] };
  const past = [...history.past, history.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], group };
}

export function undo(history: EditHistory): EditHistory {
  if (history.past.length === 0) return history;
  return {
    past: history.past.slice(0, -1),
    present: history.past[history.past.length - 1],
    future: [history.present, ...history.future],
    group: null,
  };
}

export function redo(history: EditHistory): EditHistory {
  if (history.future.length === 0) return history;
  return {
    past: [...history.past, history.present],
    present: history.future[0],
    future: history.future.slice(1),
    group: null,
  };
}

/** Ends a run of typing (the caret left the cue), so the next keystroke starts a new step. */
export const endGroup = (history: EditHistory): EditHistory =>
  history.group === null ? history : { ...history, group: null };
