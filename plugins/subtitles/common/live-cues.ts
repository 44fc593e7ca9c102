import * as Y from 'yjs';
import { isReviewState, type ReviewState } from './cue-review';

/**
 * A subtitle's cues as a Yjs document, the shape both the server (persistence, the cue rows kept
 * in sync) and the editor (live co-editing) read and write: a Y.Array `cues` of Y.Maps, each with
 * a stable `id` and the fields `start`, `end`, `text`, `speaker`, `italic` (true, or absent for
 * roman), `review` (./cue-review.ts; absent for "to do").
 *
 * Each field is a plain value, last writer wins per field: two people typing in the same cue end
 * with the same text in both editors (one of the two), and edits to different cues, or to different
 * fields of one cue, all survive. A Y.Text per cue would merge characters too, at the cost of a far
 * bigger document for 2,000 cues; the issue asks for convergence, not character merging.
 */
export interface LiveCue {
  id: string;
  start: number;
  end: number;
  text: string;
  speaker?: string;
  /** Absent: roman. */
  italic?: true;
  /** Absent: "to do". */
  review?: Exclude<ReviewState, 'todo'>;
}

/** A cue as stored in the rows: no id, its italic and review state always said. */
export type LiveRow = Omit<LiveCue, 'id' | 'italic' | 'review'> & { italic?: boolean; review?: ReviewState };

export const CUES_KEY = 'cues';
const FIELDS = ['start', 'end', 'text', 'speaker', 'italic', 'review'] as const;

export const cueArrayOf = (doc: Y.Doc): Y.Array<Y.Map<unknown>> => doc.getArray<Y.Map<unknown>>(CUES_KEY);

function cueOf(map: Y.Map<unknown>): LiveCue {
  const speaker = map.get('speaker');
  const cue: LiveCue = {
    id: String(map.get('id') ?? ''),
    start: Number(map.get('start') ?? 0),
    end: Number(map.get('end') ?? 0),
    text: String(map.get('text') ?? ''),
  };
  if (typeof speaker === 'string' && speaker) cue.speaker = speaker;
  if (map.get('italic') === true) cue.italic = true;
  const review = map.get('review');
  if (isReviewState(review) && review !== 'todo') cue.review = review;
  return cue;
}

const sameCue = (a: LiveCue, b: LiveCue) =>
  a.id === b.id &&
  a.start === b.start &&
  a.end === b.end &&
  a.text === b.text &&
  (a.speaker ?? '') === (b.speaker ?? '') &&
  a.italic === b.italic &&
  a.review === b.review;

/**
 * The document's cues as a list. `previous` (the last list read) lends its unchanged objects, so
 * a remote keystroke in one cue makes one new object and the other rows of the list skip their render.
 */
export function readCues<C extends LiveCue>(doc: Y.Doc, previous: readonly C[] = []): (C | LiveCue)[] {
  const byId = new Map(previous.map((cue) => [cue.id, cue]));
  return cueArrayOf(doc)
    .toArray()
    .map((map) => {
      const cue = cueOf(map);
      const known = byId.get(cue.id);
      return known && sameCue(known, cue) ? known : cue;
    });
}

function newCueMap(cue: LiveCue): Y.Map<unknown> {
  const map = new Y.Map<unknown>();
  map.set('id', cue.id);
  for (const field of FIELDS) if (cue[field] !== undefined) map.set(field, cue[field]);
  return map;
}

function updateFields(map: Y.Map<unknown>, cue: LiveCue): void {
  for (const field of FIELDS) {
    const value = cue[field];
    if (value === undefined) {
      if (map.has(field)) map.delete(field);
    } else if (map.get(field) !== value) map.set(field, value);
  }
}

/**
 * Makes the document's list equal to `next` with the fewest changes, matched by cue id: cues
 * gone are deleted, new ones inserted where they stand, changed fields set (only those, so a
 * concurrent edit of another field of the same cue survives). One transaction with `origin`
 * (the editor's undo manager tracks its own origin only).
 */
export function writeCues(
  doc: Y.Doc,
  next: readonly LiveCue[],
  origin: unknown,
  /** The list the document held (the same objects where unchanged): a keystroke then touches one cue, not 2,000. */
  previous?: readonly LiveCue[],
): void {
  const array = cueArrayOf(doc);
  if (previous && previous.length === next.length && previous.length === array.length) {
    const changed: number[] = [];
    for (let i = 0; i < next.length; i++) if (previous[i] !== next[i]) changed.push(i);
    if (changed.every((i) => previous[i].id === next[i].id && array.get(i).get('id') === next[i].id)) {
      if (changed.length > 0) doc.transact(() => changed.forEach((i) => updateFields(array.get(i), next[i])), origin);
      return;
    }
  }
  doc.transact(() => {
    const wanted = new Set(next.map((cue) => cue.id));
    const present = array.toArray();
    for (let i = present.length - 1; i >= 0; i--) {
      if (!wanted.has(String(present[i].get('id')))) array.delete(i, 1);
    }
    let index = 0;
    for (const cue of next) {
      const here = index < array.length ? array.get(index) : undefined;
      if (here && here.get('id') === cue.id) {
        updateFields(here, cue);
      } else {
        // A cue placed elsewhere (never made by the editor's edits, which keep the order) moves here.
        const elsewhere = array.toArray().findIndex((map, at) => at > index && map.get('id') === cue.id);
        if (elsewhere >= 0) array.delete(elsewhere, 1);
        array.insert(index, [newCueMap(cue)]);
      }
      index++;
    }
    if (array.length > index) array.delete(index, array.length - index);
  }, origin);
}

/**
 * Cue rows (no ids, by position) written into the document: cue i of the rows becomes cue i of
 * the document, only its changed fields set. How a save through `PUT …/cues`, an import or a
 * pipeline run reaches the editors open on the subtitle.
 */
export function writeRows(doc: Y.Doc, rows: readonly LiveRow[], newId: () => string, origin: unknown): void {
  const array = cueArrayOf(doc);
  doc.transact(() => {
    const shared = Math.min(array.length, rows.length);
    for (let i = 0; i < shared; i++) {
      const map = array.get(i);
      updateFields(map, liveCueOf(rows[i], String(map.get('id'))));
    }
    if (array.length > rows.length) array.delete(rows.length, array.length - rows.length);
    if (rows.length > shared) array.push(rows.slice(shared).map((row) => newCueMap(liveCueOf(row, newId()))));
  }, origin);
}

function liveCueOf(row: LiveRow, id: string): LiveCue {
  const { review, italic, ...rest } = row;
  const cue: LiveCue = { ...rest, id };
  if (italic) cue.italic = true;
  if (review && review !== 'todo') cue.review = review;
  return cue;
}

/**
 * The document's cues as stored rows (no ids, keys in the rows' order). Italic and review state
 * are always said: a replacement naming neither would keep the old rows' by position.
 */
export const rowsOf = (doc: Y.Doc): LiveRow[] =>
  readCues(doc).map(({ id: _id, start, end, text, speaker, italic, review }): LiveRow => {
    const said: { italic: boolean; review: ReviewState } = { italic: italic === true, review: review ?? 'todo' };
    return speaker ? { start, end, text, speaker, ...said } : { start, end, text, ...said };
  });
