import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { actionFor, type EditorAction } from './editor-keys';

const inDialog = (element: Element | null) => !!element?.closest('[role="dialog"]');
const nowhere = (target: EventTarget | null) => target === null || target === document.body || target === document.documentElement;

/**
 * Focus, the editor's side of the shell's focus contract. The cue list (its current cue) has focus
 * as soon as the editor is drawn, however it was opened (a link, the palette, a reload), so ↓,
 * F8 and Ctrl+Z act at once. A palette or popup hands focus back to where it was when it closes;
 * when nothing does (the palette's first frame is drawn before its dialog code arrives, or the
 * element it came from has gone), focus is on the page body, and a key the cue list knows typed
 * there goes to the list, with the focus: no Tab hunting.
 */
export function useEditorFocus(grid: RefObject<HTMLDivElement | null>, run: (action: EditorAction) => void): (element: HTMLDivElement) => void {
  // The list gets focus the moment its element exists (Virtuoso hands it over after mounting):
  // a key pressed as the editor appears already finds the list. Once: later, focus is the user's.
  const opened = useRef(false);
  const listArrived = useCallback((element: HTMLDivElement) => {
    if (opened.current) return;
    opened.current = true;
    if (!inDialog(document.activeElement)) element.focus({ preventScroll: true });
  }, []);
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !nowhere(event.target) || !grid.current) return;
      // A modal open with focus outside it (still loading) gets its keys, not the list behind it.
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      const action = actionFor(event, false);
      if (!action) return;
      event.preventDefault();
      grid.current.focus({ preventScroll: true });
      latest.current(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [grid]);
  return listArrived;
}
