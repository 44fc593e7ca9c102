import { languageName, TOKENS, type Command, type CommandContext } from '../../../core';
import { PROJECTS_PATHS, type ProjectVersionsResponse } from '../../projects/common/projects-contract';
import { versionSubtitlePage } from '../../projects/common/project-version-page';

/** Versions searched per query; each brings its subtitles (the list's `subtitles` attribute). */
const VERSIONS = 5;
/** Searches per palette query at most: the whole text, then without its last word or two (a language). */
const ATTEMPTS = 3;
/** Words that join a title and a language: "harbour in spanish". */
const JOINERS = new Set(['in', 'into']);

type SubtitleItem = { id: string; attributes: { language: string } };

/**
 * Does `word` name this language? A short word is a code ("es"), a longer one the start of its
 * English name ("span", "spanish"): "es" must not also mean Estonian.
 */
function namesLanguage(word: string, code: string): boolean {
  if (word.length <= 3 && word === code.toLowerCase()) return true;
  return word.length >= 3 && languageName(code).toLowerCase().startsWith(word);
}

/**
 * "Open “…” in Spanish": the subtitles of project versions whose title matches what is typed in
 * the palette (the projects list's own search, which carries each version's subtitles). The
 * search may end with a language, by code or name ("harbour es", "harbour spanish", "harbour in
 * spanish"): when the whole text finds no title, the trailing words are taken as the language
 * and only those subtitles are offered.
 */
export async function openSubtitleCommands(ctx: CommandContext, search: string): Promise<Command[]> {
  const text = search.trim();
  const workspaceId = ctx.when.workspaceId;
  if (text.length < 2 || !workspaceId || !ctx.when.isMember) return [];
  const words = text.toLowerCase().split(/\s+/);
  const api = ctx.container.get(TOKENS.ApiClient);
  for (let titleWords = words.length; titleWords >= Math.max(1, words.length - ATTEMPTS + 1); titleWords--) {
    const language = words.slice(titleWords).filter((word) => !JOINERS.has(word));
    const title = words.slice(0, titleWords).join(' ');
    if (language.length === 0 && titleWords < words.length) continue; // only joiners dropped: same search
    if (title.length < 2) break;
    const params = { workspaceId, search: title, page: 1, perPage: VERSIONS };
    const { data } = await api.get<ProjectVersionsResponse>(PROJECTS_PATHS.projectVersions, { params });
    const found = data.data.flatMap((version) =>
      (version.attributes.subtitles as unknown as SubtitleItem[])
        .filter((subtitle) => language.every((word) => namesLanguage(word, subtitle.attributes.language)))
        .map((subtitle) => ({
          id: `subtitles.open:${subtitle.id}`,
          title: `Open “${version.attributes.title}” in ${languageName(subtitle.attributes.language)}`,
          group: 'Open subtitles',
          keywords: [text],
          run: (c: CommandContext) =>
            c.navigate(versionSubtitlePage(version.attributes.projectId, version.id, subtitle.id)),
        })),
    );
    if (found.length > 0) return found;
  }
  return [];
}
