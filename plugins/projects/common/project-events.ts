import { defineDomainEvent } from '../../../core/common/domain-event';

/**
 * Domain events the projects plugin publishes (docs/plugins.md, "Domain events"), in the
 * transaction of the change; the tenant (account, workspace) comes with every event.
 */

/** A project version was created: a new project (from an upload, an element or a link). */
export const PROJECT_VERSION_CREATED = defineDomainEvent<{
  projectVersionId: string;
  projectId: string;
  title: string;
  source: 'upload' | 'link';
}>('projects.versionCreated', 1);

/** Project versions were deleted (soft: they can be restored until the undo time is over). */
export const PROJECT_VERSIONS_DELETED = defineDomainEvent<{ projectVersionIds: string[] }>(
  'projects.versionsDeleted',
  1,
);

/** Deleted project versions were brought back within the undo time. */
export const PROJECT_VERSIONS_RESTORED = defineDomainEvent<{ projectVersionIds: string[] }>(
  'projects.versionsRestored',
  1,
);

/** An account admin changed the workspace's media retention (days: null is off). */
export const MEDIA_RETENTION_CHANGED = defineDomainEvent<{ before: number | null; after: number | null }>(
  'projects.retentionChanged',
  1,
);
