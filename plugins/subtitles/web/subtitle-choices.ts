import { languageName, TOKENS, type CommandChoice, type CommandContext } from '../../../core';
import { SUBTITLES_PATHS, type SubtitlesResponse } from '../common/subtitles-contract';

/**
 * The version's subtitles by language, as palette choices that open each one (the current one
 * says so). Loaded with the first such page, so the contract stays out of the initial JavaScript.
 */
export async function subtitleChoices(
  ctx: CommandContext,
  target: { projectVersionIds: string[]; subtitleId?: string },
): Promise<CommandChoice[]> {
  if (target.projectVersionIds.length !== 1) return [];
  const { data } = await ctx.container
    .get(TOKENS.ApiClient)
    .get<SubtitlesResponse>(SUBTITLES_PATHS.subtitles(target.projectVersionIds[0]));
  return data.data.map((subtitle) => ({
    id: subtitle.id,
    title: languageName(subtitle.attributes.language),
    subtitle: [
      subtitle.attributes.kind === 'transcript' ? 'Transcript' : 'Translation',
      subtitle.id === target.subtitleId ? 'open now' : null,
    ]
      .filter(Boolean)
      .join(' · '),
    keywords: [subtitle.attributes.language],
    run: (c) => c.navigate(subtitle.attributes.editorUrl),
  }));
}
