import { describe, expect, it } from 'vitest';
import { createShellChromeModel, SIDEBAR_HIDDEN_KEY, type CompactQuery } from './shell-chrome-model';

/** A MediaQueryList stand-in whose width class the test changes. */
function viewport(compact: boolean) {
  const listeners: ((event: MediaQueryListEvent) => void)[] = [];
  const query: { -readonly [K in keyof CompactQuery]: CompactQuery[K] } & { change(compact: boolean): void } = {
    matches: compact,
    addEventListener: ((_: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.push(listener)) as CompactQuery['addEventListener'],
    change(next) {
      query.matches = next;
      for (const listener of listeners) listener({ matches: next } as MediaQueryListEvent);
    },
  };
  return query;
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('shell chrome: the sidebar on wide and narrow windows', () => {
  it('on a wide window "Toggle sidebar" hides the docked sidebar and remembers it', () => {
    const storage = memoryStorage();
    const chrome = createShellChromeModel({ storage, compactQuery: viewport(false) });
    expect(chrome.$sidebarShown.getState()).toBe(true);
    chrome.sidebarToggled();
    expect(chrome.$sidebarShown.getState()).toBe(false);
    expect(storage.getItem(SIDEBAR_HIDDEN_KEY)).toBe('true');
    expect(createShellChromeModel({ storage, compactQuery: viewport(false) }).$sidebarShown.getState()).toBe(false);
  });

  it('on a narrow window the sidebar starts closed, the command opens and closes the drawer, and the wide choice is left alone', () => {
    const storage = memoryStorage();
    const query = viewport(true);
    const chrome = createShellChromeModel({ storage, compactQuery: query });
    expect(chrome.$sidebarShown.getState()).toBe(false);
    chrome.sidebarToggled();
    expect(chrome.$sidebarShown.getState()).toBe(true);
    expect(storage.getItem(SIDEBAR_HIDDEN_KEY)).toBeNull();
    chrome.drawerClosed();
    expect(chrome.$sidebarShown.getState()).toBe(false);

    // Open, then the window grows: docked again (as it was), and a drawer never reopens by itself.
    chrome.sidebarToggled();
    query.change(false);
    expect(chrome.$compact.getState()).toBe(false);
    expect(chrome.$sidebarShown.getState()).toBe(true);
    query.change(true);
    expect(chrome.$sidebarShown.getState()).toBe(false);
  });
});
