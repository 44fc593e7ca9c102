import type { ProjectVersionListContribution } from '../../projects/server/extension-points';
import { labelsOfIds, WorkspaceLabelsCache } from './workspace-labels';

/**
 * What labels add to the projects list: each row's labels, and the spec's label filter. Both read
 * `project_versions.label_ids`, the array this plugin's migration added and its triggers keep in
 * step with project_version_labels: a denormalised copy on the row, because the filter must test
 * the row itself to stay fast at a million versions (a join per candidate row was 10x slower).
 * The ids become labels (and the filter's ids are checked) against the workspace's labels kept
 * under the workspace revision (workspace-labels.ts), not by a sub-select per row.
 */
export const labelsListContribution: ProjectVersionListContribution = {
  id: 'labels',
  column: {
    attribute: 'labels',
    // Text, not numbers: JSON numbers lose the digits of an id past 2^53.
    sql: 'v.label_ids::text[]',
    async resolve(values, { workspaceId, workspaceRevision }, { db }) {
      const named = values.flatMap((ids) => (ids as string[] | null) ?? []);
      const labels = await WorkspaceLabelsCache.of(db).labels(workspaceId, workspaceRevision, named);
      return values.map((ids) => labelsOfIds(ids as string[] | null, labels));
    },
  },
  async filter({ workspaceId, labelIds, workspaceRevision }, { db, add }) {
    if (labelIds.length === 0) return null;
    // Only this workspace's existing labels count (a deleted label's id may linger in the arrays).
    // Placed as values, so the planner sees the ids themselves and can tell a rare label (its GIN
    // index) from a common one (filter while walking): behind a sub-select it guessed and chose badly.
    const labels = await WorkspaceLabelsCache.of(db).labels(workspaceId, workspaceRevision ?? null, labelIds);
    const live = labelIds.filter((id) => labels.has(id));
    if (live.length === 0) return 'nothing';
    return `v.label_ids && ${add(live)}::bigint[]`;
  },
};
