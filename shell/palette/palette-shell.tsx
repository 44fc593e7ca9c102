import { useUnit } from 'effector-react';
import type { Command, CommandContext, WhenContext } from '../../core';
import type { PaletteModel } from './palette-model';
import { buildCommandSections } from './palette-sections';
import { runCommand } from './run-command';

/** Matches the shell shows: enough to see the best one, which Enter runs. */
const SHOWN = 8;

export interface PaletteShellProps {
  palette: PaletteModel;
  commands: readonly Command[];
  whenContext: WhenContext;
  commandContext: CommandContext;
}

/**
 * What Ctrl+K shows in its very first frame while the palette's code is still arriving (a cold
 * page): the palette's frame, its search box taking keys into the same search, and the best
 * matches of the commands (the same ranking), the first highlighted: Enter runs it. The full
 * palette (nested pages, providers, mouse and arrows) replaces it in place, with what was typed.
 */
export function PaletteShell({ palette, commands, whenContext, commandContext }: PaletteShellProps) {
  const [search, recentIds, changed, closed, enterQueued] = useUnit([
    palette.$search,
    palette.$recentIds,
    palette.searchChanged,
    palette.closed,
    palette.enterQueued,
  ]);
  const matches = buildCommandSections(commands, whenContext, recentIds, search)
    .flatMap((section) => section.items)
    .slice(0, SHOWN);
  return (
    <div className="dialog-backdrop">
      <div className="dialog palette" role="dialog" aria-modal="true" aria-label="Command palette">
        <input
          className="palette-input"
          autoFocus
          value={search}
          role="combobox"
          aria-expanded="true"
          aria-controls="palette-shell-list"
          aria-label="Type a command or search"
          placeholder="Type a command or search…"
          onChange={(event) => changed(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              if (matches[0]) runCommand(matches[0], commandContext, palette, 'palette');
              else enterQueued(); // nothing here yet: the full palette (with providers) decides
            } else if (event.key === 'Escape') closed();
            else if (event.key !== 'Tab') return; // the box is the frame's one stop: Tab stays in it
            event.preventDefault();
          }}
        />
        <ul className="palette-list palette-shell-list" id="palette-shell-list" role="listbox" aria-label="Commands">
          {matches.map((command, index) => (
            <li key={command.id} role="option" aria-selected={index === 0} className="palette-shell-item">
              {command.title}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
