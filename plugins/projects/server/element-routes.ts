import type { FastifyInstance } from 'fastify';
import { tenantOf, httpError } from '../../../server/plugin-api';
import {
  PROJECTS_PATHS,
  PROJECTS_SERVER_MESSAGES,
  type CreateWithProjectRequest,
  type CreateWithProjectResponse,
  type DeleteElementResponse,
  type ElementState,
  type ElementsResponse,
  type ElementUpdatesRequest,
  type YoutubeDlWithProjectRequest,
  type YoutubeDlWithProjectResponse,
} from '../common/projects-contract';
import type { ProjectVersionRepository } from './project-version-repository';
import { elementResource, projectVersionResource } from './projects-presenter';
import { elementTooLargeMessage, maxElementBytesOf } from './element-size-limit';
import { cleanTitle } from './title-text';
import { IMPORT_LINK_JOB, removeFilesLater } from './projects-jobs';
import {
  createWithProjectBody,
  deleteElementResponse,
  elementsQuery,
  elementsResponse,
  elementUpdatesBody,
  createWithProjectResponse,
  paramsWith,
  splitIds,
  youtubeDlBody,
  youtubeDlResponse,
} from './projects-schemas';

const inWorkspace = (location: 'body.workspaceId' | 'query.workspaceId') =>
  ({ access: 'member', tenant: { workspace: location } }) as const;
const ownElement = { access: 'member', tenant: { resource: 'element', id: 'params.elementId' } } as const;

/** A link as the user typed it, or a 422 naming the field: only http(s) URLs reach the import job. */
function cleanUrl(raw: string): string {
  const text = raw.trim();
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // falls through to the 422
  }
  throw httpError(422, 'invalid', PROJECTS_SERVER_MESSAGES.urlInvalid, 'urls');
}

/** `/api/v1/elements…`: projects from an upload or from links, the downloading list, deletes, thumbnails. */
export function registerElementRoutes(app: FastifyInstance, versions: ProjectVersionRepository): void {
  const elements = versions.elements;

  app.post<{ Body: CreateWithProjectRequest }>(
    PROJECTS_PATHS.createWithProject,
    {
      config: inWorkspace('body.workspaceId'),
      schema: {
        summary: 'Create elements from uploaded files, each with its project',
        body: createWithProjectBody,
        response: { 201: createWithProjectResponse },
      },
    },
    async (request, reply): Promise<CreateWithProjectResponse> => {
      const workspaceId = tenantOf(request).workspaceId!;
      const element = await elements.find(workspaceId, request.body.elementId);
      if (!element) throw httpError(404, 'not_found', PROJECTS_SERVER_MESSAGES.elementNotFound, 'elementId');
      // An upload over the account's plan (the upload itself is capped by the installation's limit only) is not kept.
      const maxBytes = await maxElementBytesOf(app.extensions, app.db, app.config, workspaceId);
      if (element.sizeBytes > maxBytes) {
        const deletion = await elements.deleteElement(workspaceId, element.id);
        if (deletion) await removeFilesLater(app.jobs, deletion.keys);
        throw httpError(413, 'element_too_large', elementTooLargeMessage(maxBytes), 'elementId');
      }
      const title = cleanTitle(request.body.title ?? '') || element.title;
      const created = await versions.creations.createProject(workspaceId, request.currentUser!.id, title, element.id);
      const [version] = await versions.byIds(workspaceId, [created.versionId]);
      const fresh = (await elements.find(workspaceId, element.id))!;
      reply.code(201);
      return {
        data: elementResource(fresh),
        projectVersions: { data: [projectVersionResource(version)] },
        meta: { numberOfProjects: created.numberOfProjects },
      };
    },
  );

  app.post<{ Body: YoutubeDlWithProjectRequest }>(
    PROJECTS_PATHS.youtubeDlWithProject,
    {
      config: inWorkspace('body.workspaceId'),
      schema: {
        summary: 'Create elements from video links (fetched by the server), each with its project',
        body: youtubeDlBody,
        response: { 201: youtubeDlResponse },
      },
    },
    async (request, reply): Promise<YoutubeDlWithProjectResponse> => {
      const workspaceId = tenantOf(request).workspaceId!;
      const urls = request.body.urls.map(cleanUrl);
      const { created, numberOfProjects } = await versions.creations.createFromLinks(
        workspaceId,
        request.currentUser!.id,
        urls,
        request.body.submitUrlIdentifier.trim(),
      );
      // Jobs after the commit: a job must never name a rolled-back element.
      for (const { elementId } of created)
        await app.jobs.send(IMPORT_LINK_JOB, { elementId }, { singletonKey: `link-${elementId}` });
      const projectVersions = await versions.byIds(
        workspaceId,
        created.map((c) => c.versionId),
      );
      const byVersion = new Map(projectVersions.map((v) => [v.id, v]));
      const createdElements = await elements.list(workspaceId, { ids: created.map((c) => c.elementId) });
      const byElement = new Map(createdElements.map((e) => [e.id, e]));
      reply.code(201);
      return {
        // In the order of the links (the queries above sort their own way).
        projectVersions: {
          data: created.flatMap((c) =>
            byVersion.has(c.versionId) ? [projectVersionResource(byVersion.get(c.versionId)!)] : [],
          ),
        },
        elements: {
          data: created.flatMap((c) =>
            byElement.has(c.elementId) ? [elementResource(byElement.get(c.elementId)!)] : [],
          ),
        },
        meta: {
          numberOfProjects,
          maxElementBytes: await maxElementBytesOf(app.extensions, app.db, app.config, workspaceId),
        },
      };
    },
  );

  app.get<{ Querystring: { workspaceId: string; state?: ElementState; ids?: string[] } }>(
    PROJECTS_PATHS.elements,
    {
      config: inWorkspace('query.workspaceId'),
      schema: {
        summary: "List a workspace's elements (uploaded or fetched media)",
        querystring: elementsQuery,
        response: { 200: elementsResponse },
      },
    },
    async (request): Promise<ElementsResponse> => {
      const ids = request.query.ids ? splitIds(request.query.ids) : undefined;
      const workspaceId = tenantOf(request).workspaceId!;
      const rows = await elements.list(workspaceId, { state: request.query.state, ids });
      return {
        data: rows.map(elementResource),
        meta: { maxElementBytes: await maxElementBytesOf(app.extensions, app.db, app.config, workspaceId) },
      };
    },
  );

  app.post<{ Body: ElementUpdatesRequest }>(
    PROJECTS_PATHS.elementUpdates,
    {
      config: inWorkspace('body.workspaceId'),
      schema: {
        summary: 'Read elements again by id (polled while they are fetched)',
        body: elementUpdatesBody,
        response: { 200: elementsResponse },
      },
    },
    async (request): Promise<ElementsResponse> => {
      const workspaceId = tenantOf(request).workspaceId!;
      const rows = await elements.list(workspaceId, { ids: [...new Set(request.body.elementIds)] });
      return {
        data: rows.map(elementResource),
        meta: { maxElementBytes: await maxElementBytesOf(app.extensions, app.db, app.config, workspaceId) },
      };
    },
  );

  app.delete<{ Params: { elementId: string } }>(
    PROJECTS_PATHS.element(':elementId'),
    {
      config: ownElement,
      schema: {
        summary: 'Delete an element',
        params: paramsWith('elementId'),
        response: { 200: deleteElementResponse },
      },
    },
    async (request): Promise<DeleteElementResponse> => {
      const deletion = await elements.deleteElement(tenantOf(request).workspaceId!, request.params.elementId);
      if (!deletion) throw httpError(404, 'not_found', PROJECTS_SERVER_MESSAGES.elementNotFound);
      await removeFilesLater(app.jobs, deletion.keys);
      return {
        data: { id: request.params.elementId, projectVersionIds: deletion.projectVersionIds },
        meta: { numberOfProjects: deletion.numberOfProjects },
      };
    },
  );

  // /files only serves avatars: element thumbnails are tenant data, read through the element's owner check.
  app.get<{ Params: { elementId: string } }>(
    PROJECTS_PATHS.elementThumbnail(':elementId'),
    { config: ownElement, schema: { summary: "An element's thumbnail image", params: paramsWith('elementId') } },
    async (request, reply) => {
      const element = await elements.find(tenantOf(request).workspaceId!, request.params.elementId);
      if (!element) throw httpError(404, 'not_found', PROJECTS_SERVER_MESSAGES.elementNotFound);
      const file = element.thumbnailKey ? await app.storage.get(element.thumbnailKey) : null;
      if (!file) return reply.code(204).send();
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'private, max-age=3600')
        .send(file.stream);
    },
  );
}
