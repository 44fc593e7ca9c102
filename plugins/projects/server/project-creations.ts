import { type Database, type EventPublisher, httpError, type Queryable } from '../../../server/plugin-api';
import { PROJECT_VERSION_CREATED } from '../common/project-events';
import { PROJECTS_SERVER_MESSAGES, type ElementState } from '../common/projects-contract';
import { type ElementRepository, moveProjectCount } from './element-repository';

/**
 * New projects, each with its first version: from an uploaded element, or one per link with a
 * downloading element. Each call is one transaction that also moves the workspace's project count
 * and publishes PROJECT_VERSION_CREATED per version, so a failure leaves nothing half-made.
 */
export class ProjectCreations {
  constructor(
    private readonly db: Database,
    private readonly elements: ElementRepository,
    private readonly events: EventPublisher | null,
  ) {}

  /** A project with one version, optionally from an uploaded element that is in no project yet. Count +1. */
  async createProject(
    workspaceId: string,
    userId: string,
    title: string,
    elementId: string | null,
  ): Promise<{ versionId: string; numberOfProjects: number }> {
    return this.db.transaction(async (tx) => {
      let element: { durationMs: number; thumbnailKey: string | null } | null = null;
      if (elementId) {
        const { rows } = await tx.query<{
          projectId: string | null;
          state: ElementState;
          durationMs: number;
          thumbnailKey: string | null;
        }>(
          `SELECT project_id::text AS "projectId", state, duration_ms AS "durationMs", thumbnail_key AS "thumbnailKey"
           FROM elements WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL FOR UPDATE`,
          [elementId, workspaceId],
        );
        if (rows.length === 0) throw httpError(404, 'not_found', PROJECTS_SERVER_MESSAGES.elementNotFound, 'elementId');
        if (rows[0].projectId)
          throw httpError(422, 'invalid', PROJECTS_SERVER_MESSAGES.elementAlreadyUsed, 'elementId');
        if (rows[0].state !== 'ready')
          throw httpError(422, 'invalid', PROJECTS_SERVER_MESSAGES.elementNotReady, 'elementId');
        element = rows[0];
      }
      const projectId = await this.insertProject(tx, workspaceId, userId, title);
      if (elementId)
        await tx.query('UPDATE elements SET project_id = $2, updated_at = now() WHERE id = $1', [elementId, projectId]);
      const versionId = await this.insertVersion(tx, {
        projectId,
        workspaceId,
        elementId,
        title,
        durationMs: element?.durationMs ?? 0,
        thumbnailKey: element?.thumbnailKey ?? null,
      });
      await this.events?.publish(
        tx,
        PROJECT_VERSION_CREATED,
        { projectVersionId: versionId, projectId, title, source: 'upload' },
        { workspaceId },
      );
      return { versionId, numberOfProjects: await moveProjectCount(tx, workspaceId, 1) };
    });
  }

  /** One project + version + downloading element per link, all in one transaction; count + links. */
  async createFromLinks(workspaceId: string, userId: string, urls: string[], submitUrlIdentifier: string) {
    return this.db.transaction(async (tx) => {
      const created: { versionId: string; elementId: string }[] = [];
      for (const url of urls) {
        // The link is the title until the import knows the media's own title.
        const projectId = await this.insertProject(tx, workspaceId, userId, url);
        const elementId = await this.elements.insert(tx, {
          workspaceId,
          userId,
          title: url,
          state: 'downloading',
          projectId,
          sourceUrl: url,
          submitUrlIdentifier,
        });
        const versionId = await this.insertVersion(tx, {
          projectId,
          workspaceId,
          elementId,
          title: url,
          durationMs: 0,
          thumbnailKey: null,
        });
        await this.events?.publish(
          tx,
          PROJECT_VERSION_CREATED,
          { projectVersionId: versionId, projectId, title: url, source: 'link' },
          { workspaceId },
        );
        created.push({ versionId, elementId });
      }
      return { created, numberOfProjects: await moveProjectCount(tx, workspaceId, urls.length) };
    });
  }

  private async insertProject(tx: Queryable, workspaceId: string, userId: string, title: string): Promise<string> {
    const { rows } = await tx.query<{ id: string }>(
      'INSERT INTO projects (workspace_id, title, created_by) VALUES ($1, $2, $3) RETURNING id::text AS id',
      [workspaceId, title, userId],
    );
    return rows[0].id;
  }

  private async insertVersion(
    tx: Queryable,
    v: {
      projectId: string;
      workspaceId: string;
      elementId: string | null;
      title: string;
      durationMs: number;
      thumbnailKey: string | null;
    },
  ): Promise<string> {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO project_versions (project_id, workspace_id, element_id, title, duration_ms, thumbnail_key)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id`,
      [v.projectId, v.workspaceId, v.elementId, v.title, v.durationMs, v.thumbnailKey],
    );
    return rows[0].id;
  }
}
