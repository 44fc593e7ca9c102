import { languageName } from '../../../core';
import type { ProjectVersionResource, ProjectsStatusLine } from '../../projects/web/extension-points';

/** The subtitles' line in a row's Status cell: the languages it has subtitles in, named in full. */
export function subtitlesStatusLine(row: ProjectVersionResource): ProjectsStatusLine | null {
  const subtitles = row.attributes.subtitles as { attributes: { language?: string } }[] | undefined;
  const languages = (subtitles ?? [])
    .map((subtitle) => subtitle.attributes.language)
    .filter((code): code is string => Boolean(code));
  if (languages.length === 0) return null;
  const names = languages.map(languageName).join(', ');
  return { text: names, tone: 'done', detail: `Subtitles in ${names}` };
}
