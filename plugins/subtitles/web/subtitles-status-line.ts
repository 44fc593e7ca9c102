import { languageName } from '../../../core';
import type { ProjectVersionResource, ProjectsStatusLine } from '../../projects/web/extension-points';

/**
 * The subtitles' line in a row's Status cell: "Subtitles: English, Spanish", the languages named in
 * full and the line saying what they are (beside the pipeline's "Dubbed: …" and the Review column's
 * per-language counts, a bare list of languages read like a status of its own).
 */
export function subtitlesStatusLine(row: ProjectVersionResource): ProjectsStatusLine | null {
  const subtitles = row.attributes.subtitles as { attributes: { language?: string } }[] | undefined;
  const languages = (subtitles ?? [])
    .map((subtitle) => subtitle.attributes.language)
    .filter((code): code is string => Boolean(code));
  if (languages.length === 0) return null;
  const names = languages.map(languageName).join(', ');
  return { text: `Subtitles: ${names}`, tone: 'done' };
}
