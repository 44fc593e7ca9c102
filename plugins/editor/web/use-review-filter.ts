import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import type { VirtuosoHandle } from 'react-virtuoso';
import { isUnreviewed } from '../../subtitles/common/cue-review';
import type { EditorCue } from './model/cue-edits';

/**
 * The editor's filter "cues not reviewed": the list shows the cues still to do or translated,
 * and the active cue whatever its state (approving it does not pull it from under the reviewer's
 * eyes; it goes once they move on). Everything else keeps the full list's indices: the rows say
 * their own index, and `list` / `neighbour` translate for scrolling and the arrow keys.
 * Off, it costs nothing: no list is made.
 */
export function useReviewFilter(
  cues: readonly EditorCue[],
  activeId: string | undefined,
  list: RefObject<VirtuosoHandle | null>,
) {
  const [on, setOn] = useState(false);
  const shown = useMemo(
    () => (on ? cues.flatMap((cue, index) => (isUnreviewed(cue.review) || cue.id === activeId ? [index] : [])) : null),
    [on, cues, activeId],
  );
  const shownNow = useRef(shown);
  shownNow.current = shown;
  /** The list's handle, taking the full list's indices (a cue filtered out is not scrolled to). */
  const handle = useMemo(
    () =>
      ({
        scrollIntoView: ({ index, ...rest }: Parameters<VirtuosoHandle['scrollIntoView']>[0]) => {
          const at = shownNow.current ? shownNow.current.indexOf(index) : index;
          if (at >= 0) list.current?.scrollIntoView({ index: at, ...rest });
        },
      }) as VirtuosoHandle,
    [list],
  );
  /** The cue shown `by` rows from `index` (the full list's indices; -1 past either end). */
  const neighbour = useCallback((index: number, by: 1 | -1) => {
    const current = shownNow.current;
    if (!current) return index + by;
    const at = current.indexOf(index);
    return current[at + by] ?? -1;
  }, []);
  const toggle = useCallback(() => setOn((value) => !value), []);
  const data = useMemo(() => (shown ? shown.map((index) => cues[index]) : cues), [shown, cues]);
  return { on, toggle, shown, data, handle, neighbour };
}
