import type { FastifyInstance } from 'fastify';
import { tenantOf, httpError } from '../../../server/plugin-api';
import {
  PROJECTS_PATHS,
  PROJECTS_SERVER_MESSAGES,
  type CreateProjectRequest,
  type CreateProjectResponse,
  type DeleteProjectVersionsRequest,
  type DeleteProjectVersionsResponse,
  type ProjectVersionsResponse,
  type ProjectVersionUpdatesRequest,
  type RestoreProjectVersionsRequest,
} from '../common/projects-contract';
import type { ProjectVersionRepository } from './project-version-repository';
import { ProjectVersionListPages } from './project-version-list-pages';
import { cursorOf, parseCursor, projectVersionResource } from './projects-presenter';
import { PURGE_DELETED_JOB } from './projects-jobs';
import { cleanTitle } from './title-text';
import {
  createProjectBody,
  createProjectResponse,
  deleteProjectVersionsResponse,
  projectVersionIdsBody,
  projectVersionsQuery,
  projectVersionsResponse,
  splitIds,
} from './projects-schemas';

const inWorkspace = (location: 'body.workspaceId' | 'query.workspaceId') =>
  ({ access: 'member', tenant: { workspace: location } }) as const;
/** 100,000 ids of up to 18 digits in JSON. */
const BULK_BODY_LIMIT = 4 * 1024 * 1024;

interface ListQuerystring {
  workspaceId: string;
  page: number;
  perPage: number;
  labels?: string[];
  search: string;
  after?: string;
}

/** `POST /api/v1/projects/` and `/api/v1/project_versions…`: create, list by page, refresh, bulk delete. */
export function registerProjectVersionRoutes(app: FastifyInstance, versions: ProjectVersionRepository): void {
  const listPages = new ProjectVersionListPages(app.config.listCacheMb * 1024 * 1024);
  app.post<{ Body: CreateProjectRequest }>(
    PROJECTS_PATHS.projects,
    {
      config: inWorkspace('body.workspaceId'),
      schema: {
        summary: 'Create a project (its first version), optionally from an uploaded element',
        body: createProjectBody,
        response: { 201: createProjectResponse },
      },
    },
    async (request, reply): Promise<CreateProjectResponse> => {
      const workspaceId = tenantOf(request).workspaceId!;
      const title = cleanTitle(request.body.title);
      if (!title) throw httpError(422, 'invalid', PROJECTS_SERVER_MESSAGES.titleBlank, 'title');
      const created = await versions.creations.createProject(
        workspaceId,
        request.currentUser!.id,
        title,
        request.body.elementId ?? null,
      );
      const rows = await versions.byIds(workspaceId, [created.versionId]);
      reply.code(201);
      return { data: rows.map(projectVersionResource), meta: { numberOfProjects: created.numberOfProjects } };
    },
  );

  // Page-numbered (spec: page 1 replaces, the next page appends). `after` (the previous page's
  // meta.nextCursor) turns page n+1 into a keyset seek, as fast at row 900,000 as at row 1.
  //
  // Pages are kept in memory under the workspace revision (server/identity/workspace-revision.ts),
  // which server/authz reads with the membership check: an unchanged workspace answers a repeated
  // request without touching project_versions. Why: a word search at a million versions reads
  // ~1,000 rows scattered over as many pages to order them (~1.5 ms of database time, measured),
  // while people ask for the same page again and again (reloads, filter toggles, teammates, the
  // refresh after an import). The key holds everything the answer depends on but the user, whose
  // access was checked before; label ids as asked (a deleted label moves the revision too).
  app.get<{ Querystring: ListQuerystring }>(
    PROJECTS_PATHS.projectVersions,
    {
      config: inWorkspace('query.workspaceId'),
      schema: {
        summary: "List a workspace's project versions, a page at a time (search, labels, sort)",
        querystring: projectVersionsQuery,
        response: { 200: projectVersionsResponse },
      },
    },
    async (request, reply) => {
      const { page, perPage, search, after } = request.query;
      const position = after ? parseCursor(after) : null;
      if (after && !position) throw httpError(400, 'invalid', PROJECTS_SERVER_MESSAGES.badCursor, 'after');
      const { workspaceId, workspaceRevision } = tenantOf(request);
      const labelIds = [...new Set(splitIds(request.query.labels))].sort();
      const searchWords = search.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
      const key = JSON.stringify([workspaceId, workspaceRevision, labelIds, searchWords, page, perPage, after ?? null]);
      // Only a page not kept yet runs the query.
      return listPages.send(request, reply, key, async () => {
        const { rows, json, hasMore } = await versions.list({
          workspaceId: workspaceId!,
          page,
          perPage,
          labelIds,
          searchWords,
          after: position,
          workspaceRevision: workspaceRevision ?? null,
        });
        const meta: ProjectVersionsResponse['meta'] = {
          page,
          perPage,
          hasMore,
          nextCursor: hasMore && rows.length > 0 ? cursorOf(rows[rows.length - 1]) : null,
        };
        // The rows come as JSON already (list-page-lines.ts: what other plugins' columns serve is
        // passed through as PostgreSQL wrote it); the same shape the response schema describes.
        return `{"data":[${json.join(',')}],"meta":${JSON.stringify(meta)}}`;
      });
    },
  );

  app.post<{ Body: ProjectVersionUpdatesRequest }>(
    PROJECTS_PATHS.projectVersionUpdates,
    {
      bodyLimit: BULK_BODY_LIMIT,
      config: inWorkspace('body.workspaceId'),
      schema: {
        summary: 'Read project versions again by id (the list polls them while they process)',
        body: projectVersionIdsBody,
        response: { 200: projectVersionsResponse },
      },
    },
    async (request): Promise<ProjectVersionsResponse> => {
      const { workspaceId, workspaceRevision } = tenantOf(request);
      const ids = [...new Set(request.body.projectVersionIds)];
      const rows = await versions.byIds(workspaceId!, ids, workspaceRevision ?? null);
      return {
        data: rows.map(projectVersionResource),
        meta: { page: 1, perPage: rows.length, hasMore: false, nextCursor: null },
      };
    },
  );

  app.delete<{ Body: DeleteProjectVersionsRequest }>(
    PROJECTS_PATHS.deleteProjectVersions,
    {
      bodyLimit: BULK_BODY_LIMIT,
      config: inWorkspace('body.workspaceId'),
      schema: {
        summary: 'Delete project versions (restorable until they are purged)',
        body: projectVersionIdsBody,
        response: { 200: deleteProjectVersionsResponse },
      },
    },
    async (request): Promise<DeleteProjectVersionsResponse> => {
      const deletion = await versions.deletions.deleteVersions(
        tenantOf(request).workspaceId!,
        request.body.projectVersionIds,
      );
      // Gone for the user now; the rows, their dependants and the files go in the background.
      if (deletion.projectVersionIds.length > 0) {
        // Purged once the time to undo is over (a second later: deleted_at and the job's clock differ slightly).
        const keep = app.config.undoDeleteSeconds;
        await app.jobs.send(PURGE_DELETED_JOB, {}, keep > 0 ? { startAfterSeconds: keep + 1 } : {});
      }
      return { data: { ids: deletion.projectVersionIds }, meta: { numberOfProjects: deletion.numberOfProjects } };
    },
  );

  // Undo of a bulk delete (not in the spec): versions not purged yet come back as they were.
  app.post<{ Body: RestoreProjectVersionsRequest }>(
    PROJECTS_PATHS.restoreProjectVersions,
    {
      bodyLimit: BULK_BODY_LIMIT,
      config: inWorkspace('body.workspaceId'),
      schema: {
        summary: 'Restore deleted project versions not purged yet',
        body: projectVersionIdsBody,
        response: { 200: deleteProjectVersionsResponse },
      },
    },
    async (request): Promise<DeleteProjectVersionsResponse> => {
      const restored = await versions.deletions.restoreVersions(
        tenantOf(request).workspaceId!,
        request.body.projectVersionIds,
      );
      return { data: { ids: restored.projectVersionIds }, meta: { numberOfProjects: restored.numberOfProjects } };
    },
  );
}
