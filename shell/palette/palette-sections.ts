import type { Command, CommandChoice, WhenContext } from '../../core';

export interface PaletteSection<T> {
  heading: string;
  items: T[];
}

export const RECENT_HEADING = 'Recent';

interface Searchable {
  title: string;
  keywords?: string[];
}

/**
 * How well an entry matches the search: every word must appear in the title or the keywords.
 * The whole title typed ranks first, then a title the search begins; per word, title prefixes
 * rank above word starts, word starts above substrings, keywords last. 0 = hidden.
 */
export function matchScore(entry: Searchable, search: string): number {
  // "Apply label" and "Apply label…" (or "...") are the same whole title.
  const bare = (text: string) => text.replace(/(…|\.\.\.)$/, '').trimEnd();
  const query = search.trim().toLowerCase().replace(/\s+/g, ' ');
  const words = bare(query).split(' ').filter(Boolean);
  if (words.length === 0) return query ? 0 : 1;
  const title = entry.title.toLowerCase();
  const keywords = (entry.keywords ?? []).join(' ').toLowerCase();
  let score = bare(title) === bare(query) ? 100 : title.startsWith(query) ? 50 : 0;
  for (const word of words) {
    if (title.startsWith(word)) score += 4;
    else if (title.includes(` ${word}`)) score += 3;
    else if (title.includes(word)) score += 2;
    else if (keywords.includes(word)) score += 1;
    else return 0;
  }
  return score;
}

export function isVisible(command: { when?: (ctx: WhenContext) => boolean }, ctx: WhenContext): boolean {
  try {
    return command.when ? command.when(ctx) : true;
  } catch {
    return false; // a broken `when` hides its command instead of breaking the palette
  }
}

/**
 * A command of the page you are on: its `when` holds here but not on no page at all (no path, no
 * context keys), e.g. the editor's commands. It outranks global commands with the same words.
 */
const PAGE_BONUS = 20;
const elsewhere = (ctx: WhenContext): WhenContext => ({ ...ctx, path: '', keys: {} });

/**
 * The first palette page: commands whose `when` holds, matching the search, grouped by `group`
 * in the order groups first appear. Without a search, recently run commands come first in their
 * own "Recent" group; with one, the best match comes first and recency only breaks ties (a recent
 * "Open profile" never outranks "Open account settings" typed in full). A command of this page
 * ranks above a global one unless that one's whole title (or its start) was typed. `provided`
 * (the providers' answers, found by their own search) are ranked among the others, never hidden.
 */
export function buildCommandSections(
  commands: readonly Command[],
  ctx: WhenContext,
  recentIds: readonly string[],
  search: string,
  provided: readonly Command[] = [],
): PaletteSection<Command>[] {
  const away = elsewhere(ctx);
  const scored = [...commands, ...provided]
    .filter((command) => isVisible(command, ctx))
    .map((command, index) => {
      const score = index < commands.length ? matchScore(command, search) : Math.max(1, matchScore(command, search));
      return { command, score: score && score + (command.when && !isVisible(command, away) ? PAGE_BONUS : 0) };
    })
    .filter(({ score }) => score > 0);
  const searching = search.trim() !== '';
  const recency = (id: string) => {
    const at = recentIds.indexOf(id);
    return at < 0 ? recentIds.length : at;
  };
  if (searching) scored.sort((a, b) => b.score - a.score || recency(a.command.id) - recency(b.command.id));

  const byId = new Map(scored.map(({ command }) => [command.id, command]));
  const recent = searching ? [] : recentIds.map((id) => byId.get(id)).filter((c): c is Command => c !== undefined);
  const recentSet = new Set(recent.map((c) => c.id));

  const groups = new Map<string, Command[]>();
  for (const { command } of scored) {
    if (recentSet.has(command.id)) continue;
    const list = groups.get(command.group) ?? [];
    list.push(command);
    groups.set(command.group, list);
  }
  const sections: PaletteSection<Command>[] = [];
  if (recent.length) sections.push({ heading: RECENT_HEADING, items: recent });
  for (const [heading, items] of groups) sections.push({ heading, items });
  return sections;
}

/** A nested page lists its command's choices, filtered by the search and best match first. */
export function filterChoices(choices: readonly CommandChoice[], search: string): CommandChoice[] {
  if (!search.trim()) return [...choices];
  return choices
    .map((choice) => ({ choice, score: matchScore(choice, search) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score)
    .map(({ choice }) => choice);
}
