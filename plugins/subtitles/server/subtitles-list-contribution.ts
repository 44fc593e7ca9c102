import type { ProjectVersionListContribution } from '../../projects/server/extension-points';

/**
 * The spec's `subtitles` of each project version in the projects list ("each id and
 * attributes"): its subtitles' languages and kinds, transcript first, through the
 * (project_version_id, language) unique index, for the page's rows only. The review progress of
 * each language comes along from the same rows (counts kept on the subtitle row by every write of
 * its cues): the projects table's Review column costs no query of its own.
 */
export const subtitlesListContribution: ProjectVersionListContribution = {
  id: 'subtitles',
  column: {
    attribute: 'subtitles',
    sql: `(SELECT coalesce(json_agg(json_build_object('id', s.id::text, 'type', 'subtitle', 'attributes', json_build_object('language', s.language, 'kind', s.kind, 'cuesCount', s.cues_count, 'reviewedCount', s.reviewed_count, 'approvedCount', s.approved_count)) ORDER BY s.kind = 'transcript' DESC, s.language), '[]')
   FROM subtitles s WHERE s.project_version_id = v.id)`,
  },
};
