import { useMemo, type ReactNode } from 'react';
import { DataTable, dataTableColumnHelper, type DataTableColumn } from '../../../../core/ui';
import type { ProjectVersionResource } from '../../common/projects-contract';
import type { ProjectsTableColumn } from '../extension-points';
import { formatCreated, StatusCell, ThumbnailCell, type StatusLineSource } from './project-version-cells';
import { formatDuration } from '../../../../core/common/duration';

const col = dataTableColumnHelper<ProjectVersionResource>();

const leadingColumns: DataTableColumn<ProjectVersionResource>[] = [
  col.display({
    id: 'thumbnail',
    header: () => <span className="visually-hidden">Thumbnail</span>,
    cell: ({ row }) => <ThumbnailCell row={row.original} />,
  }),
  col.accessor((r) => r.attributes.title, {
    id: 'title',
    header: 'Title',
    cell: ({ getValue }) => <span className="projects-title">{getValue()}</span>,
  }),
  col.accessor((r) => r.attributes.duration, {
    id: 'duration',
    header: 'Duration',
    cell: ({ getValue }) => formatDuration(getValue(), { unknown: '—' }),
  }),
  col.accessor((r) => r.attributes.createdAt, {
    id: 'created',
    header: 'Created',
    cell: ({ getValue }) => formatCreated(getValue()),
  }),
];
/** Built-in columns around the contributed ones (labels sit before the status, which contributors' lines fill). */
export function projectVersionColumns(
  contributed: ProjectsTableColumn[],
  statusLines: readonly StatusLineSource[] = [],
): DataTableColumn<ProjectVersionResource>[] {
  return [
    ...leadingColumns,
    ...contributed.map(({ id, header, Cell }) =>
      col.display({ id, header, cell: ({ row }) => <Cell row={row.original} /> }),
    ),
    col.display({
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <StatusCell row={row.original} lines={statusLines} />,
    }),
  ];
}

const getRowId = (row: ProjectVersionResource) => row.id;
const getRowLabel = (row: ProjectVersionResource) => row.attributes.title;

/** Matches `.projects-table .data-table-row` in projects.css: rows are never measured. */
export const PROJECT_VERSION_ROW_HEIGHT = 49;

export interface ProjectVersionsTableProps {
  rows: ProjectVersionResource[];
  contributedColumns: ProjectsTableColumn[];
  /** Contributors' lines of the Status cell (ProjectsTableParts.statusLine). */
  statusLines?: readonly StatusLineSource[];
  selection: ReadonlySet<string>;
  onSelectionChange: (next: Set<string>) => void;
  onEndReached?: () => void;
  hasMore: boolean;
  loading: boolean;
  emptyState: ReactNode;
  onRowOpen?: (row: ProjectVersionResource) => void;
  onRowMenu?: (row: ProjectVersionResource, at: { x: number; y: number }) => void;
  height?: number | string;
}

/** The project-version table: core's virtualized data table with this plugin's columns and the contributed ones. */
export function ProjectVersionsTable({ contributedColumns, statusLines, ...props }: ProjectVersionsTableProps) {
  const columns = useMemo(
    () => projectVersionColumns(contributedColumns, statusLines),
    [contributedColumns, statusLines],
  );
  return (
    <DataTable
      label="Project versions"
      columns={columns}
      getRowId={getRowId}
      getRowLabel={getRowLabel}
      rowHeight={PROJECT_VERSION_ROW_HEIGHT}
      {...props}
    />
  );
}
