import { memo } from 'react';
import type { ElementState, ProjectVersionResource } from '../../common/projects-contract';
import type { ProjectsStatusLine } from '../extension-points';

/**
 * Cells of the project-version table. They render for every visible row on every repaint, so
 * they are memoised on the row and use formatters built once.
 */

// This year's dates without the year ("Nov 25, 03:43"), older ones with it and without the time:
// short enough for the column at 1024 px, as mail clients show dates.
const thisYearFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const olderFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const dateFormat = {
  format: (date: Date) => (date.getFullYear() === new Date().getFullYear() ? thisYearFormat : olderFormat).format(date),
};

export function formatBytes(bytes: number): string {
  if (!bytes) return '—';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}

// Intl formatting is the costliest part of a cell; rows scrolled back into view reuse it.
const createdCache = new Map<string, string>();
const CREATED_CACHE_SIZE = 2000;

export function formatCreated(iso: string): string {
  let text = createdCache.get(iso);
  if (text === undefined) {
    const date = new Date(iso);
    text = Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
    if (createdCache.size >= CREATED_CACHE_SIZE) createdCache.clear();
    createdCache.set(iso, text);
  }
  return text;
}

const STATUS_LABELS: Record<ElementState, string> = { downloading: 'Downloading…', ready: 'Ready', failed: 'Failed' };

export function statusLabel(state: ElementState | null): string {
  return state ? STATUS_LABELS[state] : 'No media';
}

export const ThumbnailCell = memo(function ThumbnailCell({ row }: { row: ProjectVersionResource }) {
  const url = row.attributes.thumbnailUrl;
  return url ? (
    <img className="projects-thumbnail" src={url} alt="" loading="lazy" decoding="async" width={64} height={36} />
  ) : (
    <span className="projects-thumbnail projects-thumbnail-empty" aria-hidden="true" />
  );
});

const TONE_ORDER = { failed: 0, busy: 1, done: 2 } as const;

/**
 * What happened to the version: the media state while it is not ready, else the contributors'
 * lines (processing, failure, languages; at most two, failures and work in progress first), else
 * "Ready".
 */
export const StatusCell = memo(function StatusCell({
  row,
  lines,
}: {
  row: ProjectVersionResource;
  lines: readonly StatusLineSource[];
}) {
  const state = row.attributes.elementState;
  const shown = state === 'ready' ? collectLines(row, lines) : [];
  if (shown.length === 0)
    return <span className={`projects-status projects-status-${state ?? 'none'}`}>{statusLabel(state)}</span>;
  return (
    <span className="projects-status-lines">
      {shown.map((line, i) => (
        <span key={i} className={`projects-status-line is-${line.tone ?? 'done'}`} title={line.detail}>
          {line.text}
          {line.detail && <span className="visually-hidden">: {line.detail}</span>}
        </span>
      ))}
    </span>
  );
});

export type StatusLineSource = (row: ProjectVersionResource) => ProjectsStatusLine | null;

function collectLines(row: ProjectVersionResource, sources: readonly StatusLineSource[]): ProjectsStatusLine[] {
  const lines: ProjectsStatusLine[] = [];
  for (const source of sources) {
    try {
      const line = source(row);
      if (line) lines.push(line);
    } catch {
      // one contributor's mistake leaves the others' lines
    }
  }
  return lines.sort((a, b) => TONE_ORDER[a.tone ?? 'done'] - TONE_ORDER[b.tone ?? 'done']).slice(0, 2);
}
