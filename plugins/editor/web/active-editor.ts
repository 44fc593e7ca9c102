import type { EditorAction } from './editor-keys';

/**
 * The editor open on the page, for the palette: its commands run the same actions as its keys.
 * One at a time (one subtitle page); the view sets it on mount and clears it on unmount.
 */
export interface ActiveEditor {
  subtitleId: string;
  run(action: EditorAction): void;
}

let active: ActiveEditor | null = null;

export function setActiveEditor(editor: ActiveEditor | null): void {
  active = editor;
}

export const activeEditor = (): ActiveEditor | null => active;
