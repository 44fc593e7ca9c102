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
    // Each subtitle written by `to_json` of a row, not json_build_object (pipeline-list-contribution.ts says why).
    sql: `(SELECT coalesce(json_agg(x ORDER BY s.kind = 'transcript' DESC, s.language), '[]')
   FROM subtitles s
   CROSS JOIN LATERAL (SELECT s.language, s.kind, s.cues_count AS "cuesCount", s.reviewed_count AS "reviewedCount",
                              s.approved_count AS "approvedCount") a
   CROSS JOIN LATERAL (SELECT s.id::text AS id, 'subtitle'::text AS type, a AS attributes) x
   WHERE s.project_version_id = v.id)`,
  },
};
