import type { ProjectVersionLabel, ProjectVersionResource } from '../../../projects/common/projects-contract';

type Row = ProjectVersionResource;
type RowMap = (row: Row) => Row;

const withLabels = (row: Row, labels: ProjectVersionLabel[]): Row => ({
  ...row,
  attributes: { ...row.attributes, labels },
});
const byCaption = (a: ProjectVersionLabel, b: ProjectVersionLabel) =>
  a.caption.localeCompare(b.caption, undefined, { sensitivity: 'base' });

/** Row changes after a label call, applied to the loaded rows of the projects table (no refetch). */
export function labelAdded(label: ProjectVersionLabel, projectVersionIds: string[]): RowMap {
  const ids = new Set(projectVersionIds);
  return (row) =>
    ids.has(row.id) && !row.attributes.labels.some((l) => l.id === label.id)
      ? withLabels(row, [...row.attributes.labels, label].sort(byCaption))
      : row;
}

export function labelRemoved(labelId: string, projectVersionIds: string[] | null): RowMap {
  const ids = projectVersionIds ? new Set(projectVersionIds) : null;
  return (row) =>
    (ids === null || ids.has(row.id)) && row.attributes.labels.some((l) => l.id === labelId)
      ? withLabels(
          row,
          row.attributes.labels.filter((l) => l.id !== labelId),
        )
      : row;
}

export function labelRenamed(label: ProjectVersionLabel): RowMap {
  return (row) =>
    row.attributes.labels.some((l) => l.id === label.id)
      ? withLabels(row, row.attributes.labels.map((l) => (l.id === label.id ? label : l)).sort(byCaption))
      : row;
}
