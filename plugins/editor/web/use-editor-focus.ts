import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { actionFor, type EditorAction } from './editor-keys';

const inDialog = (element: Element | null) => !!element?.closest('[role="dialog"]');
// The page's content element (<main id="main">) counts as nowhere too: it is where a dialog
// returns focus when its trigger is gone (core/ui/dialog.tsx) — the cold palette's first frame,
// replaced by its dialog, is such a trigger — and on the editor's page the list is that content.
const nowhere = (target: EventTarget | null) =>
  target === null ||
  target === document.body ||
  target === document.documentElement ||
  (target instanceof HTMLElement && target.id === 'main');
const modalOpen = () => !!document.querySelector('[role="dialog"][aria-modal="true"]');

/**
 * Focus, the editor's side of the shell's focus contract.
 * - The cue list (its current cue) has focus as soon as the editor is drawn, however it was opened
 *   (a link, the palette, a reload), so ↓, F8 and Ctrl+Z act at once.
 * - A palette or popup that closes gives focus back to where it was in the editor. Popups are to
 *   hand it back themselves, but the palette's first frame (drawn before its dialog code arrives)
 *   does not, and a dialog that notes "where focus was" after autofocusing notes itself: so while
 *   a dialog has focus the editor watches (one check a frame) for focus falling to the page body
 *   and puts it back on the element it was on (the list if that one has gone).
 * - A key the list knows, typed while focus is on the page body anyway, goes to the list, with the
 *   focus: no Tab hunting.
 */
export function useEditorFocus(
  grid: RefObject<HTMLDivElement | null>,
  run: (action: EditorAction) => void,
): (element: HTMLDivElement) => void {
  // The list gets focus the moment its element exists (Virtuoso hands it over after mounting):
  // a key pressed as the editor appears already finds the list. Once: later, focus is the user's.
  const opened = useRef(false);
  const listArrived = useCallback((element: HTMLDivElement) => {
    if (opened.current) return;
    opened.current = true;
    if (!inDialog(document.activeElement)) element.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    const editor = () => grid.current?.closest('.subtitle-editor') ?? null;
    let last: HTMLElement | null = null;
    let watching = 0;
    const watch = () => {
      watching = 0;
      if (!nowhere(document.activeElement)) {
        // Still in the dialog: look again next frame; anywhere else, someone placed focus: done.
        if (inDialog(document.activeElement)) watching = requestAnimationFrame(watch);
        return;
      }
      if (modalOpen()) {
        watching = requestAnimationFrame(watch);
        return;
      }
      (last?.isConnected ? last : grid.current)?.focus({ preventScroll: true });
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (!target) return;
      if (inDialog(target)) {
        if (!watching) watching = requestAnimationFrame(watch);
      } else if (editor()?.contains(target)) {
        last = target;
      }
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      cancelAnimationFrame(watching);
    };
  }, [grid]);

  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !nowhere(event.target) || !grid.current) return;
      // A modal open with focus outside it (still loading) gets its keys, not the list behind it.
      if (modalOpen()) return;
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
