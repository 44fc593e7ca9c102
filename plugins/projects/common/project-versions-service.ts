import { serviceRef } from '../../../core/common/service-token';

/** What the service needs of a database or a transaction (common/ cannot name the host's types). */
export interface VersionsQueryable {
  query<T = any>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** A project version with its element's media, as the pipeline needs it. */
export interface VersionMedia {
  id: string;
  projectId: string;
  title: string;
  durationMs: number;
  elementId: string | null;
  elementState: 'downloading' | 'ready' | 'failed' | null;
  storageKey: string | null;
  sizeBytes: number;
  elementDurationMs: number;
}

/** Where a version is in processing, as the projects list shows it. */
export type ProcessingState = 'queued' | 'running' | 'done' | 'failed';

/**
 * The projects plugin's project versions for other plugins (the pipeline), provided in
 * `app.services` under PROJECT_VERSIONS: they read and mark versions through it, never through
 * the projects plugin's tables. Every method takes the database or the caller's transaction, so a
 * step can mark its version in the same transaction that records its outputs.
 */
export interface ProjectVersionsService {
  /** The workspace's live versions among `ids`, ordered by id, with their element's media. */
  mediaInWorkspace(db: VersionsQueryable, workspaceId: string, ids: string[]): Promise<VersionMedia[]>;
  /** Title, project and duration of a version (null when it is gone). */
  summary(
    db: VersionsQueryable,
    versionId: string,
  ): Promise<{ title: string; projectId: string; durationMs: number } | null>;
  /** The stored file of the version's element and its state (null without one). */
  sourceOf(db: VersionsQueryable, versionId: string): Promise<{ storageKey: string | null; state: string } | null>;
  setProcessing(db: VersionsQueryable, versionId: string, step: string, state: ProcessingState): Promise<void>;
}

export const PROJECT_VERSIONS = serviceRef<ProjectVersionsService>('projects.versions');
