import type { Command } from '../plugin/plugin-api';

/**
 * The commands whose title or keywords hold every word typed (case-insensitive), each given the
 * search as a keyword so the palette keeps them (docs/plugins.md, `commandProviders`).
 */
export function matchingCommands(commands: Command[], search: string): Command[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return commands
    .filter((command) => {
      const text = [command.title, ...(command.keywords ?? [])].join(' ').toLowerCase();
      return words.every((word) => text.includes(word));
    })
    .map((command) => ({ ...command, keywords: [search] }));
}
