import { namedStatement } from '../../../server/plugin-api';
import type { ProjectVersionListContribution } from '../../projects/server/extension-points';

/** Of the labels a list filters by, those the workspace still has (every filtered list request: prepared). */
const LIVE_LABELS = namedStatement(
  'labels_live_labels',
  'SELECT array_agg(id::text) AS ids FROM labels WHERE workspace_id = $1 AND id = ANY($2::bigint[])',
);

/**
 * What labels add to the projects list: each row's labels, and the spec's label filter. Both read
 * `project_versions.label_ids`, the array this plugin's migration added and its triggers keep in
 * step with project_version_labels: a denormalised copy on the row, because the filter must test
 * the row itself to stay fast at a million versions (a join per candidate row was 10x slower).
 */
export const labelsListContribution: ProjectVersionListContribution = {
  id: 'labels',
  // Resolved against labels (a deleted label's id may linger in the array); computed after
  // ORDER BY/LIMIT (PostgreSQL evaluates such sub-selects on the final rows only).
  column: {
    attribute: 'labels',
    sql: `CASE WHEN v.label_ids = '{}' THEN '[]'::json ELSE (SELECT coalesce(json_agg(json_build_object('id', l.id::text, 'caption', l.caption) ORDER BY lower(l.caption), l.id), '[]')
   FROM labels l WHERE l.id = ANY(v.label_ids)) END`,
  },
  async filter({ workspaceId, labelIds }, { db, add }) {
    if (labelIds.length === 0) return null;
    // Only this workspace's existing labels count. Resolved first, so the planner sees the ids
    // themselves and can tell a rare label (its GIN index) from a common one (filter while
    // walking): behind a sub-select it guessed and chose badly.
    const { rows } = await db.query<{ ids: string[] | null }>(LIVE_LABELS, [workspaceId, labelIds]);
    if (!rows[0].ids) return 'nothing';
    return `v.label_ids && ${add(rows[0].ids)}::bigint[]`;
  },
};
