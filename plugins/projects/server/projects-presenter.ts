import { PROJECTS_PATHS, type ElementResource, type ProjectVersionResource } from '../common/projects-contract';
import type { ElementRecord } from './element-repository';
import type { ProjectVersionRecord } from './project-version-repository';
import { ID_DIGITS } from '../../../core/common/resource-id';

/** A page cursor: the sort value, a dot, the last row's id. */
const CURSOR = new RegExp(String.raw`^(-?\d{1,19})\.(${ID_DIGITS})$`);

/** Rows to the `{ id, type, attributes }` resources of ../common/projects-contract.ts (durations in seconds). */
const seconds = (ms: number) => Math.round(ms) / 1000;
/** A Date as it is (no copy: the list formats 50 a page), a string through Date. */
const iso = (date: Date | string) => (typeof date === 'string' ? new Date(date) : date).toISOString();

export function elementResource(row: ElementRecord): ElementResource {
  return {
    id: row.id,
    type: 'element',
    attributes: {
      title: row.title,
      state: row.state,
      unformattedSize: Number(row.sizeBytes),
      unformattedDuration: seconds(row.durationMs),
      projectVersionIds: row.projectVersionIds ?? [],
      workspaceId: row.workspaceId,
      sourceUrl: row.sourceUrl,
      submitUrlIdentifier: row.submitUrlIdentifier,
      thumbnailUrl: row.thumbnailKey ? PROJECTS_PATHS.elementThumbnail(row.id) : null,
      failure: row.failure,
      failureKind: row.failureKind,
      description: row.description,
      createdAt: iso(row.createdAt),
    },
  };
}

export function projectVersionResource(row: ProjectVersionRecord): ProjectVersionResource {
  return versionResource(row, true) as ProjectVersionResource;
}

/**
 * The list's part of a resource: the attributes in `servedApart` (the columns the list passes
 * through as text, list-page-lines.ts) are written beside it, so their defaults are left out here
 * and no key is written twice.
 */
export function projectVersionListPart(row: ProjectVersionRecord, servedApart: ReadonlySet<string>) {
  return versionResource(row, !servedApart.has('subtitles'));
}

function versionResource(row: ProjectVersionRecord, defaultSubtitles: boolean) {
  return {
    id: row.id,
    type: 'project_version' as const,
    attributes: {
      projectId: row.projectId,
      workspaceId: row.workspaceId,
      title: row.title,
      createdAt: iso(row.createdAt),
      duration: seconds(row.durationMs),
      thumbnailUrl: row.thumbnailKey && row.elementId ? PROJECTS_PATHS.elementThumbnail(row.elementId) : null,
      elementId: row.elementId,
      elementState: row.elementState,
      mediaRemovedAfterDays: row.mediaRemovedAfterDays ?? null,
      labels: row.labels ?? [],
      // The spec's `subtitles` (each id and attributes) come from the subtitles plugin's column.
      ...(defaultSubtitles ? { subtitles: [] } : {}),
      ...row.contributed,
    },
  };
}

/** Keyset cursor: the last row's exact position, opaque to the client. */
export function cursorOf(row: ProjectVersionRecord): string {
  return Buffer.from(`${row.positionMicros}.${row.id}`).toString('base64url');
}

export function parseCursor(cursor: string): [string, string] | null {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString());
  return match ? [match[1], match[2]] : null;
}
