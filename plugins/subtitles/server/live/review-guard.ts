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
 * cue, no other shared type. The copy costs a few milliseconds for 2,000 cues, paid by a
 * reviewer's changes only.
 */
export function changesOnlyReview(doc: Y.Doc, update: Uint8Array): boolean {
  const probe = new Y.Doc();
  Y.applyUpdate(probe, Y.encodeStateAsUpdate(doc));
  let allowed = true;
  cueArrayOf(probe).observeDeep((events) => {
    for (const event of events) {
      if (!(event instanceof Y.YMapEvent)) allowed = false;
      else for (const key of event.keysChanged) if (key !== 'review') allowed = false;
    }
  });
  Y.applyUpdate(probe, update);
  for (const name of probe.share.keys()) if (name !== CUES_KEY) allowed = false;
  // Structs waiting for others they build on would be integrated into the real document later, unchecked.
  if (probe.store.pendingStructs || probe.store.pendingDs) allowed = false;
  probe.destroy();
  return allowed;
}
