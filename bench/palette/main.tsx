/**
 * The palette bench page: the shell's CommandPalette with 500 synthetic commands in 10 groups,
 * bound to Ctrl/Cmd+K through the core keyboard service as in the app, with the app's theme.
 * Built and driven by bench/palette.bench.mjs.
 */
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import type { Command, CommandContext, WhenContext } from '../../core';
import { DocumentKeyboardShortcuts } from '../../core/services/keyboard-shortcuts';
import { CommandPalette } from '../../shell/palette/command-palette';
import { createPaletteModel } from '../../shell/palette/palette-model';
import { installOpenLatencyProbe } from './measure-open';

declare global {
  interface Window {
    __paletteBenchReady: boolean;
    __paletteBenchCommandCount: number;
  }
}

// The app's styles, when the shell has them: layout cost is part of opening.
import.meta.glob('../../shell/theme.css', { eager: true });

const COMMAND_COUNT = 500;
const GROUPS = [
  'Projects',
  'Labels',
  'Subtitles',
  'Voice-over',
  'Vocabularies',
  'Term bases',
  'Guidelines',
  'Workspaces',
  'Account',
  'Help',
];
const VERBS = ['Open', 'Create', 'Rename', 'Delete', 'Export', 'Import', 'Apply', 'Show'];

const commands: Command[] = Array.from({ length: COMMAND_COUNT }, (_, i) => {
  const group = GROUPS[i % GROUPS.length];
  return {
    id: `bench.command-${i}`,
    title: `${VERBS[i % VERBS.length]} ${group.toLowerCase()} item ${i}`,
    group,
    keywords: [group.toLowerCase(), `item${i}`],
    shortcut: i % 50 === 0 ? `mod+shift+${String.fromCharCode(97 + i / 50)}` : undefined,
    run: () => {},
  };
});

const whenContext: WhenContext = {
  isAuthenticated: true,
  isMember: true,
  path: '/',
  accountId: '1',
  workspaceId: '1',
  isAccountAdmin: true,
};
// The synthetic commands never use their context.
const commandContext = {} as CommandContext;

installOpenLatencyProbe(COMMAND_COUNT);
const palette = createPaletteModel({ storage: null });
const keyboard = new DocumentKeyboardShortcuts(document);
keyboard.bind('mod+k', () => palette.toggled());

function BenchPage() {
  useEffect(() => {
    window.__paletteBenchCommandCount = COMMAND_COUNT;
    window.__paletteBenchReady = true;
  }, []);
  return (
    <CommandPalette
      model={palette}
      commands={commands}
      whenContext={whenContext}
      commandContext={commandContext}
      formatShortcut={(chord) => keyboard.format(chord)}
    />
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BenchPage />
  </StrictMode>,
);
