import { createEffect, createEvent, createStore, sample } from 'effector';
import type { ShellDialogComponent } from '../core';

export const SIDEBAR_HIDDEN_KEY = 'polycue.sidebar.hidden';

export type DialogLoader = () => Promise<{ default: ShellDialogComponent }>;

/** Chrome state plugins may drive through ShellChrome: the sidebar and one dialog at a time. */
export function createShellChromeModel({ storage }: { storage: Pick<Storage, 'getItem' | 'setItem'> | null }) {
  const sidebarToggled = createEvent();
  const dialogOpened = createEvent<DialogLoader>();
  const dialogClosed = createEvent();
  const $sidebarHidden = createStore(storage?.getItem(SIDEBAR_HIDDEN_KEY) === 'true').on(
    sidebarToggled,
    (hidden) => !hidden,
  );
  // Stored in an object: Effector treats a bare function as an updater in `.on` results.
  const $dialog = createStore<{ load: DialogLoader } | null>(null)
    .on(dialogOpened, (_, load) => ({ load }))
    .reset(dialogClosed);
  const saveFx = createEffect((hidden: boolean) => storage?.setItem(SIDEBAR_HIDDEN_KEY, String(hidden)));
  sample({ clock: $sidebarHidden.updates, target: saveFx });
  return { sidebarToggled, dialogOpened, dialogClosed, $sidebarHidden, $dialog };
}

export type ShellChromeModel = ReturnType<typeof createShellChromeModel>;
