import { localCueKeys, type CueData } from '../../../subtitles/common/subtitles-contract';
import type { EditorCue } from './cue-edits';

/**
 * The browser's copy of a subtitle being edited (docs/product-contract.md#entities-and-fields: "cues stored locally under per-subtitle
 * keys for cues, synchronized and updated-at"; the key names are the subtitles contract's, which
 * an import clears, docs/product-contract.md#states-and-transitions). `cues` holds the list with the server revision it was edited from,
 * so a reload can send it again and a conflict can be told from a plain save.
 */
export interface LocalDraft {
  revision: number;
  cues: CueData[];
  synchronized: boolean;
  updatedAt: string | null;
}

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The cues as the server takes them; every cue names its italic (false too) and review state ("to
 * do" too), so a save never falls back to the italics or states by position.
 */
export const toCueData = (cues: readonly EditorCue[]): CueData[] =>
  cues.map(({ start, end, text, speaker, italic, review }): CueData => {
    const said: Pick<CueData, 'italic' | 'review'> = { italic: italic === true, review: review ?? 'todo' };
    return speaker ? { start, end, text, speaker, ...said } : { start, end, text, ...said };
  });

export function readDraft(storage: DraftStorage, subtitleId: string): LocalDraft | null {
  const keys = localCueKeys(subtitleId);
  try {
    const raw = storage.getItem(keys.cues);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { revision?: unknown; cues?: unknown };
    if (typeof parsed.revision !== 'number' || !Array.isArray(parsed.cues)) return null;
    return {
      revision: parsed.revision,
      cues: parsed.cues as CueData[],
      synchronized: storage.getItem(keys.synchronized) !== 'false',
      updatedAt: storage.getItem(keys.updatedAt),
    };
  } catch {
    // A damaged entry (another version of the app, a hand edit) is no draft: the server's copy opens.
    return null;
  }
}

export function writeDraft(
  storage: DraftStorage,
  subtitleId: string,
  draft: { revision: number; cues: readonly EditorCue[]; synchronized: boolean },
  now = new Date(),
): void {
  const keys = localCueKeys(subtitleId);
  try {
    storage.setItem(keys.cues, JSON.stringify({ revision: draft.revision, cues: toCueData(draft.cues) }));
    storage.setItem(keys.synchronized, String(draft.synchronized));
    storage.setItem(keys.updatedAt, now.toISOString());
  } catch {
    // Quota exceeded or storage disabled: the server save still runs; nothing else to do here.
  }
}

export function markSynchronized(
  storage: DraftStorage,
  subtitleId: string,
  revision: number,
  cues: readonly EditorCue[],
): void {
  writeDraft(storage, subtitleId, { revision, cues, synchronized: true });
}
