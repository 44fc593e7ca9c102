import * as Y from 'yjs';
import { readCues } from '../../common/live-cues';
import type { SubtitleStore } from '../../common/subtitle-store';
import type { LiveDocStore } from './live-doc-store';

/**
 * SubtitleStore.cueIds: the cue ids of a subtitle's live document, read from the stored updates
 * (nothing written: an open room's document is the same, every acknowledged update is stored).
 * A subtitle never opened live has no document yet, and one whose rows were replaced elsewhere
 * since (PUT …/cues, an import) lags them: it is settled first, as an editor opening it would.
 */
export function liveCueIds(store: LiveDocStore): NonNullable<SubtitleStore['cueIds']> {
  return async (workspaceId, subtitleId) => {
    const stored = await store.readAll(subtitleId);
    let doc: Y.Doc;
    if (stored.updates.length > 0 && (await store.matchesRows(subtitleId))) {
      doc = new Y.Doc();
      for (const update of stored.updates) Y.applyUpdate(doc, update);
    } else {
      const settled = await store.settle(workspaceId, subtitleId);
      if (!settled) return null;
      doc = settled.doc;
    }
    return readCues(doc).map((cue) => cue.id);
  };
}
