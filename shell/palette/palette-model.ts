import { createEffect, createEvent, createStore, sample } from 'effector';

/** A nested palette page: the command whose choices it lists. */
export interface PalettePage {
  commandId: string;
  title: string;
  placeholder?: string;
}

export const RECENT_COMMANDS_KEY = 'polycue.palette.recent';
export const MAX_RECENT = 5;

type RecentStorage = Pick<Storage, 'getItem' | 'setItem'> | null;

export function loadRecentIds(storage: RecentStorage): string[] {
  try {
    const parsed = JSON.parse(storage?.getItem(RECENT_COMMANDS_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed)
      ? parsed.filter((id): id is string => typeof id === 'string').slice(0, MAX_RECENT)
      : [];
  } catch {
    return [];
  }
}

/**
 * The palette's state: open or closed, the stack of nested pages, the search text, and the ids of
 * recently run commands (kept in localStorage so they come first next time).
 */
export function createPaletteModel({ storage }: { storage: RecentStorage }) {
  const opened = createEvent<PalettePage | void>();
  const closed = createEvent();
  const toggled = createEvent();
  const searchChanged = createEvent<string>();
  const pagePushed = createEvent<PalettePage>();
  const pagePopped = createEvent();
  /** Backspace in the search box: goes back a page only when the search is empty. */
  const backspacePressed = createEvent();
  /** Escape: goes back a page, or closes the palette on its first page. */
  const escapePressed = createEvent();
  /** A command (or a choice of its nested page) was run: it becomes the most recent one. */
  const commandRan = createEvent<string>();
  /** Keys typed before the search box had focus (palette-key-buffer.ts): added to the search. */
  const searchTyped = createEvent<string>();
  const searchErased = createEvent();
  /** Enter pressed before the results were in: the first match runs as soon as they are. */
  const enterQueued = createEvent();
  const enterConsumed = createEvent();

  const saveRecentFx = createEffect((ids: string[]) => {
    storage?.setItem(RECENT_COMMANDS_KEY, JSON.stringify(ids));
  });

  const $open = createStore(false)
    .on(opened, () => true)
    .on(closed, () => false)
    .on(toggled, (open) => !open)
    .on(commandRan, () => false);
  const $pages = createStore<PalettePage[]>([])
    .on(pagePushed, (pages, page) => [...pages, page])
    .on(pagePopped, (pages) => pages.slice(0, -1))
    .on(opened, (_, page) => (page ? [page] : []))
    .reset(closed, commandRan);
  const $search = createStore('')
    .on(searchChanged, (_, search) => search)
    .on(searchTyped, (search, text) => search + text)
    .on(searchErased, (search) => search.slice(0, -1))
    .reset(opened, closed, pagePushed, pagePopped, commandRan);
  const $recentIds = createStore<string[]>(loadRecentIds(storage)).on(commandRan, (ids, id) =>
    [id, ...ids.filter((other) => other !== id)].slice(0, MAX_RECENT),
  );
  const $currentPage = $pages.map((pages) => pages.at(-1) ?? null);
  const $enterQueued = createStore(false)
    .on(enterQueued, () => true)
    .reset(enterConsumed, opened, closed, pagePushed, pagePopped, commandRan, searchChanged);

  // Toggling shut also clears the page stack and search, as closing does.
  sample({ clock: toggled, source: $open, filter: (open) => !open, target: closed });
  sample({
    clock: backspacePressed,
    source: { search: $search, pages: $pages },
    filter: ({ search, pages }) => search === '' && pages.length > 0,
    target: pagePopped,
  });
  // Decide once from the page stack as it was, so popping the last page does not also close.
  const escapeOnNestedPage = sample({ clock: escapePressed, source: $pages, fn: (pages) => pages.length > 0 });
  sample({ clock: escapeOnNestedPage, filter: (nested) => nested, target: pagePopped });
  sample({ clock: escapeOnNestedPage, filter: (nested) => !nested, target: closed });
  sample({ clock: $recentIds.updates, target: saveRecentFx });

  return {
    opened,
    closed,
    toggled,
    searchChanged,
    pagePushed,
    pagePopped,
    backspacePressed,
    escapePressed,
    commandRan,
    searchTyped,
    searchErased,
    enterQueued,
    enterConsumed,
    saveRecentFx,
    $enterQueued,
    $open,
    $pages,
    $currentPage,
    $search,
    $recentIds,
  };
}

export type PaletteModel = ReturnType<typeof createPaletteModel>;
