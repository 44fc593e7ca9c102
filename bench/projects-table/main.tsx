/**
 * The projects table bench page: the projects plugin's table (core's data table with the
 * thumbnail, title, duration, created, labels and status columns) over 100,000 synthetic project
 * versions, all loaded, with the selection held in an Effector store as on `/`. No server.
 * Built and driven by bench/projects-table.bench.mjs; the page-side probes are in measure.ts.
 */
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createEvent, createStore } from 'effector';
import { useUnit } from 'effector-react';
import type { ProjectVersionResource } from '../../plugins/projects/common/projects-contract';
import { ProjectVersionsTable } from '../../plugins/projects/web/components/project-versions-table';
import { LabelsCell } from '../../plugins/labels/web/components/label-chips';
import type { ProjectsTableColumn } from '../../plugins/projects/web/extension-points';
import { installTableProbes } from './measure';
import '../../core/ui/data-table/data-table.css';
import '../../plugins/projects/web/components/projects.css';
import '../../plugins/labels/web/components/labels.css';

import.meta.glob('../../shell/theme.css', { eager: true });

export const ROW_COUNT = 100_000;
const LABELS = [
  { id: '1', caption: 'Interviews' },
  { id: '2', caption: 'B-roll' },
  { id: '3', caption: 'Approved' },
];
const STATES = ['ready', 'ready', 'ready', 'downloading'] as const;

function syntheticRows(count: number): ProjectVersionResource[] {
  const start = Date.UTC(2024, 0, 1);
  return Array.from({ length: count }, (_, i) => ({
    id: String(i + 1),
    type: 'project_version' as const,
    attributes: {
      projectId: String(i + 1),
      workspaceId: '1',
      title: `Episode ${i + 1} — harbour interview take ${i % 7}`,
      createdAt: new Date(start + i * 60_000).toISOString(),
      duration: 30 + (i % 3600),
      thumbnailUrl: null,
      elementId: String(i + 1),
      elementState: STATES[i % STATES.length],
      labels: i % 3 === 0 ? [LABELS[i % 2]] : i % 5 === 0 ? [LABELS[1], LABELS[2]] : [],
      subtitles: [],
    },
  }));
}

const rows = syntheticRows(ROW_COUNT);
const labelsColumn: ProjectsTableColumn[] = [{ id: 'labels', header: 'Labels', Cell: LabelsCell }];
const selectionChanged = createEvent<ReadonlySet<string>>();
const $selection = createStore<ReadonlySet<string>>(new Set()).on(selectionChanged, (_, next) => next);

declare global {
  interface Window {
    __tableBenchReady: boolean;
    __tableBenchRowCount: number;
  }
}

function BenchPage() {
  const [selection, select] = useUnit([$selection, selectionChanged]);
  useEffect(() => {
    window.__tableBenchRowCount = rows.length;
    window.__tableBenchReady = true;
  }, []);
  return (
    <div className="projects-table" style={{ height: 'calc(100vh - 32px)', margin: 16 }}>
      <ProjectVersionsTable
        rows={rows}
        contributedColumns={labelsColumn}
        selection={selection}
        onSelectionChange={select}
        hasMore={false}
        loading={false}
        emptyState="No rows"
        height="100%"
      />
    </div>
  );
}

installTableProbes();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BenchPage />
  </StrictMode>,
);
