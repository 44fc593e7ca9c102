import * as Y from 'yjs';
import { CUES_KEY, cueArrayOf } from '../../common/live-cues';
import { isReviewState, type ReviewState } from '../../common/cue-review';

/** How many cues moved to each review state. */
export type ReviewMoves = Partial<Record<ReviewState, number>>;

const stateOf = (value: unknown): ReviewState => (isReviewState(value) ? value : 'todo');

/**
 * The review states an applied change moved, read from the events of one transaction of the
 * cue array (observeDeep): a cue map whose `review` key changed value counts once for its new state.
 */
export function reviewMovesOf(events: readonly Y.YEvent<Y.AbstractType<unknown>>[], into: ReviewMoves): void {
  for (const event of events) {
    if (!(event instanceof Y.YMapEvent) || !event.keysChanged.has('review')) continue;
    const to = stateOf((event.target as Y.Map<unknown>).get('review'));
    const from = stateOf(event.changes.keys.get('review')?.oldValue);
    if (to !== from) into[to] = (into[to] ?? 0) + 1;
  }
}

/**
 * Whether `update` changes nothing of `doc` but cues' review states: what a reviewer (a member
 * limited to commenting and reviewing) may send. Tried on a copy of the document, since a Yjs
 * update cannot be taken back once applied: no cue added, removed or moved, no other field of a
 * cue, no other shared type. The copy is made here for each call: at 2,000 cues that is tens of
 * milliseconds of the server's one thread per reviewer update; a room keeps one instead
 * (ReviewGuard, below).
 */
export function changesOnlyReview(doc: Y.Doc, update: Uint8Array): boolean {
  const probe = new Y.Doc();
  Y.applyUpdate(probe, Y.encodeStateAsUpdate(doc));
  const allowed = triedOn(probe, update);
  probe.destroy();
  return allowed;
}

/** Applies `update` to `probe` and says whether it changed review states only (the probe keeps it either way). */
function triedOn(probe: Y.Doc, update: Uint8Array): boolean {
  let allowed = true;
  const check = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
    for (const event of events) {
      if (!(event instanceof Y.YMapEvent)) allowed = false;
      else for (const key of event.keysChanged) if (key !== 'review') allowed = false;
    }
  };
  const cues = cueArrayOf(probe);
  cues.observeDeep(check);
  Y.applyUpdate(probe, update);
  cues.unobserveDeep(check);
  for (const name of probe.share.keys()) if (name !== CUES_KEY) allowed = false;
  // Structs waiting for others they build on would be integrated into the real document later, unchecked.
  if (probe.store.pendingStructs || probe.store.pendingDs) allowed = false;
  return allowed;
}

/**
 * changesOnlyReview for a room: the copy of the room's document is made once, when a reviewer
 * first sends an update, and kept equal to the document after (`follow`, called with each update
 * the document takes), so a reviewer's update costs what applying it costs, not a copy of 2,000
 * cues (bench/live-editors: docs/capacity.md). An update refused has changed the copy: it is
 * dropped and made again at the next one. `release` drops it when no reviewer is left.
 */
export class ReviewGuard {
  private copy: Y.Doc | null = null;

  constructor(private readonly doc: Y.Doc) {}

  allows(update: Uint8Array): boolean {
    if (!this.copy) {
      this.copy = new Y.Doc();
      Y.applyUpdate(this.copy, Y.encodeStateAsUpdate(this.doc));
    }
    const allowed = triedOn(this.copy, update);
    if (!allowed) this.release();
    return allowed;
  }

  /** An update the room's document took (its 'update' event): the copy takes it too (one already there changes nothing). */
  follow(update: Uint8Array): void {
    if (this.copy) Y.applyUpdate(this.copy, update);
  }

  release(): void {
    this.copy?.destroy();
    this.copy = null;
  }

  destroy(): void {
    this.release();
  }
}
