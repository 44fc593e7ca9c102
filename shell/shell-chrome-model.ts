import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import type { ShellDialogComponent } from '../core';

export const SIDEBAR_HIDDEN_KEY = 'polycue.sidebar.hidden';

/**
 * Below this width the sidebar (232 px) would take most of the page: it is a drawer over the page
 * instead, closed until opened, and closed again by Escape, a click beside it or a followed link.
 */
export const COMPACT_QUERY = '(max-width: 760px)';

export type DialogLoader = () => Promise<{ default: ShellDialogComponent }>;

/** The viewport's width class, as the browser's MediaQueryList gives it (absent outside a browser). */
export type CompactQuery = Pick<MediaQueryList, 'matches' | 'addEventListener'>;

/**
 * Chrome state plugins may drive through ShellChrome: the sidebar and one dialog at a time. On a
 * wide window the sidebar is docked and "Toggle sidebar" hides it for good (kept in storage); on a
 * narrow one the same command opens and closes the drawer, and the stored choice is left alone.
 */
export function createShellChromeModel({
  storage,
  compactQuery = null,
}: {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  compactQuery?: CompactQuery | null;
}) {
  const sidebarToggled = createEvent();
  const drawerClosed = createEvent();
  const compactChanged = createEvent<boolean>();
  const dialogOpened = createEvent<DialogLoader>();
  const dialogClosed = createEvent();
  const dockToggled = createEvent();
  const drawerToggled = createEvent();

  const $compact = createStore(compactQuery?.matches ?? false).on(compactChanged, (_, compact) => compact);
  const $sidebarHidden = createStore(storage?.getItem(SIDEBAR_HIDDEN_KEY) === 'true').on(
    dockToggled,
    (hidden) => !hidden,
  );
  const $drawerOpen = createStore(false)
    .on(drawerToggled, (open) => !open)
    .reset(drawerClosed, compactChanged);
  sample({ clock: sidebarToggled, source: $compact, filter: (compact) => !compact, target: dockToggled });
  sample({ clock: sidebarToggled, source: $compact, filter: (compact) => compact, target: drawerToggled });
  /** Whether the sidebar is drawn: docked unless hidden, or the drawer while open. */
  const $sidebarShown = combine($compact, $sidebarHidden, $drawerOpen, (compact, hidden, open) =>
    compact ? open : !hidden,
  );

  // Stored in an object: Effector treats a bare function as an updater in `.on` results.
  const $dialog = createStore<{ load: DialogLoader } | null>(null)
    .on(dialogOpened, (_, load) => ({ load }))
    .reset(dialogClosed);
  const saveFx = createEffect((hidden: boolean) => storage?.setItem(SIDEBAR_HIDDEN_KEY, String(hidden)));
  sample({ clock: $sidebarHidden.updates, target: saveFx });
  compactQuery?.addEventListener('change', (event) => compactChanged(event.matches));
  return { sidebarToggled, drawerClosed, dialogOpened, dialogClosed, $compact, $sidebarShown, $dialog };
}

export type ShellChromeModel = ReturnType<typeof createShellChromeModel>;
