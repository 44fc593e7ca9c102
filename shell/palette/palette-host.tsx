import { Suspense, lazy, type ComponentType, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { buildWhenContext, useShell } from '../shell-context';
import { isVisible } from './palette-sections';
import { runCommand } from './run-command';
import { appPaletteKeyBuffer } from './palette-key-buffer';
import { PaletteShell } from './palette-shell';
import type { CommandPaletteProps } from './command-palette';

// The palette UI (cmdk) is its own chunk: fetched right after the first render, so it is ready at
// the first Ctrl+K without weighing on the initial JavaScript. Once it has arrived it is drawn
// directly: `lazy` alone suspends at its first render even when the chunk is already here, which
// showed the first-frame shell and swapped it for the full palette a moment later (300 ms on a busy
// machine) — keys pressed across that swap landed in a box that was then taken away.
let loadedPalette: ComponentType<CommandPaletteProps> | null = null;
const loadPalette = () =>
  import('./command-palette').then((module) => {
    loadedPalette = module.CommandPalette;
    return module;
  });
const LazyCommandPalette = lazy(loadPalette);

/** Ctrl/Cmd+K, every command's global shortcut, and the palette itself. */
export function PaletteHost() {
  const shell = useShell();
  const { registry, palette, keyboard, app, commandContext } = shell;
  const { pathname } = useLocation();
  const [open, user, accountId, workspaceId, isAccountAdmin] = useUnit([
    palette.$open,
    app.$user,
    app.$currentAccountId,
    app.$currentWorkspaceId,
    app.$isAccountAdmin,
  ]);
  const version = useSyncExternalStore(
    (listener) => registry.subscribe(listener),
    () => registry.getVersion(),
  );
  const commands = useMemo(() => registry.commands(), [registry, version]);
  const providers = useMemo(() => registry.commandProviders(), [registry]);
  const keys = useUnit(shell.contextKeys.$keys);
  const whenContext = useMemo(
    () => buildWhenContext({ user, accountId, workspaceId, isAccountAdmin }, pathname, keys),
    [user, accountId, workspaceId, isAccountAdmin, pathname, keys],
  );
  const runContext = useMemo(() => ({ ...commandContext, when: whenContext }), [commandContext, whenContext]);
  // Shortcut handlers read the context at key time, not at bind time.
  const whenRef = useRef(whenContext);
  whenRef.current = whenContext;

  useEffect(() => keyboard.bind('mod+k', () => palette.toggled()), [keyboard, palette]);

  // Keys typed before the palette's input has focus (or before this host was drawn) are its own.
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(
    () =>
      appPaletteKeyBuffer()?.connect({
        isOpen: () => openRef.current,
        open: () => palette.opened(),
        typed: (text) => palette.searchTyped(text),
        erased: () => palette.searchErased(),
        entered: () => palette.enterQueued(),
        escaped: () => palette.escapePressed(),
      }),
    [palette],
  );

  useEffect(() => {
    const unbind = commands
      .filter((command) => command.shortcut)
      .map((command) =>
        keyboard.bind(command.shortcut!, () => {
          // Not available here: the key keeps its default (Ctrl+Z elsewhere still undoes typing).
          if (!isVisible(command, whenRef.current)) return false;
          runCommand(command, { ...commandContext, when: whenRef.current }, palette, 'shortcut');
        }),
      );
    return () => unbind.forEach((dispose) => dispose());
  }, [commands, keyboard, palette, commandContext]);

  const [everOpened, setEverOpened] = useState(false);
  useEffect(() => {
    if (open) setEverOpened(true);
  }, [open]);
  // Fetched as soon as the app has drawn, not when the browser is idle: the first Ctrl+K often
  // comes right after a page load (measured: waiting for idle left it ~300 ms to open).
  useEffect(() => void loadPalette().catch(() => {}), []);

  // Chosen when the palette opens and kept while it is open: another component would draw it anew.
  const chosen = useRef<ComponentType<CommandPaletteProps> | null>(null);
  const wasOpen = useRef(false);
  // What had focus when it opened: on a cold page the first frame's search box takes focus before
  // the full palette is drawn, and closing must go back here, not to that box (gone by then).
  const opener = useRef<HTMLElement | null>(null);
  if (open && !wasOpen.current) {
    chosen.current = loadedPalette ?? LazyCommandPalette;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  chosen.current ??= loadedPalette ?? LazyCommandPalette;
  wasOpen.current = open;
  const CommandPalette = chosen.current!;

  if (!open && !everOpened) return null;
  return (
    <Suspense
      fallback={
        open ? (
          <PaletteShell palette={palette} commands={commands} whenContext={whenContext} commandContext={runContext} />
        ) : null
      }
    >
      <CommandPalette
        model={palette}
        commands={commands}
        providers={providers}
        whenContext={whenContext}
        commandContext={runContext}
        formatShortcut={(chord) => keyboard.format(chord)}
        returnFocusTo={opener.current}
      />
    </Suspense>
  );
}
