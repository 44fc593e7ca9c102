import type { FastifyInstance } from 'fastify';
import { credentialRefusal, httpError, resourceSchema, tenantOf, TenancyRepository } from '../../../server/plugin-api';
import {
  EXPORT_FORMATS,
  EXPORT_KINDS,
  EXPORTS_MESSAGES as MESSAGES,
  EXPORTS_PATHS,
  MAX_EXPORTATION_IDS,
  type CreateExportationRequest,
  type ExportationResponse,
  type ExportationsResponse,
} from '../common/exports-contract';
import { EXPORT_JOB, type ExportJobData } from './jobs/export-job';
import { checkExportRequest } from './export-request';
import { exportationResource, type ExportationRepository } from './exportation-repository';
import { create as contentDisposition } from 'content-disposition';
import { ID_PATTERN } from '../../../core/common/resource-id';

const id = { type: 'string', pattern: ID_PATTERN } as const;
const exportationSchema = resourceSchema('exportation', {
  kind: { type: 'string' },
  projectVersionId: { type: 'string' },
  title: { type: 'string' },
  state: { type: 'string' },
  progress: { type: 'number' },
  failure: { type: ['string', 'null'] },
  downloadUrl: { type: ['string', 'null'] },
  fileName: { type: ['string', 'null'] },
  sizeBytes: { type: ['number', 'null'] },
  createdAt: { type: 'string' },
});
const createBody = {
  type: 'object',
  additionalProperties: false,
  required: ['projectVersionId', 'kind'],
  properties: {
    projectVersionId: id,
    kind: { type: 'string', enum: [...EXPORT_KINDS] },
    subtitleId: id,
    format: { type: 'string', enum: [...EXPORT_FORMATS] },
    themeId: { anyOf: [id, { type: 'null' }] },
    language: { type: 'string', pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$' },
  },
} as const;
const byIdsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['exportationIds'],
  properties: { exportationIds: { type: 'array', maxItems: MAX_EXPORTATION_IDS, items: id } },
} as const;

/**
 * Create an export (ours: the spec shows none), read followed exports (docs/product-contract.md#calls get_by_ids), and
 * download a finished one (ours). get_by_ids is user-level (`tenant: 'none'`) because the progress
 * panel follows exports across workspace switches: each row is answered only when the caller may
 * open its workspace, and any other id is absent from the answer, exactly like an unknown one.
 * An API token may follow exports too (a script that made one has no other way to know it is
 * done): narrowed by the handler to the token's account and workspace, like any tenant route.
 */
export function registerExportationRoutes(app: FastifyInstance, exportations: ExportationRepository): void {
  const tenancy = new TenancyRepository(app.db);

  app.post<{ Body: CreateExportationRequest }>(
    EXPORTS_PATHS.exportations,
    {
      config: { access: 'member', tenant: { resource: 'projectVersion', id: 'body.projectVersionId' } },
      schema: {
        summary: 'Export a project version: a burned-in video, a subtitle file or dubbed media (queued, 202)',
        body: createBody,
        response: { 202: { type: 'object', properties: { data: exportationSchema } } },
      },
    },
    async (request, reply): Promise<ExportationResponse> => {
      const workspaceId = tenantOf(request).workspaceId!;
      const { options, title } = await checkExportRequest(app.services, app.db, workspaceId, request.body, app.storage);
      const row = await exportations.create({
        workspaceId,
        projectVersionId: request.body.projectVersionId,
        userId: request.currentUser!.id,
        kind: request.body.kind,
        options,
        title,
      });
      await app.jobs.send(EXPORT_JOB, { exportationId: row.id } satisfies ExportJobData, {
        singletonKey: `export-${row.id}`,
      });
      reply.code(202);
      return { data: exportationResource(row) };
    },
  );

  app.post<{ Body: { exportationIds: string[] } }>(
    EXPORTS_PATHS.getByIds,
    {
      config: { access: 'member', tenant: 'none', credentials: 'handler' },
      schema: {
        summary: 'Read exports by id: their state (a script waits here for done)',
        body: byIdsBody,
        response: { 200: { type: 'object', properties: { data: { type: 'array', items: exportationSchema } } } },
      },
    },
    async (request): Promise<ExportationsResponse> => {
      const rows = await exportations.findMany([...new Set(request.body.exportationIds)]);
      const userId = request.currentUser!.id;
      const allowed = new Map<string, boolean>();
      for (const workspaceId of new Set(rows.map((row) => row.workspaceId))) {
        const access = await tenancy.findWorkspaceAccess(userId, workspaceId);
        const limits = request.credential?.limits;
        allowed.set(
          workspaceId,
          access !== null && !(limits && credentialRefusal(limits, access, false, MESSAGES.notFound)),
        );
      }
      return { data: rows.filter((row) => allowed.get(row.workspaceId)).map(exportationResource) };
    },
  );

  app.get<{ Params: { exportationId: string } }>(
    EXPORTS_PATHS.download(':exportationId'),
    {
      config: { access: 'member', tenant: { resource: 'exportation', id: 'params.exportationId' } },
      schema: {
        summary: 'Download a finished export',
        params: { type: 'object', required: ['exportationId'], properties: { exportationId: id } },
      },
    },
    async (request, reply) => {
      const row = await exportations.find(request.params.exportationId, tenantOf(request).workspaceId!);
      if (!row) throw httpError(404, 'not_found', MESSAGES.notFound);
      const stored = row.state === 'done' && row.fileKey ? await app.storage.get(row.fileKey) : null;
      if (!stored) throw httpError(404, 'not_ready', MESSAGES.notReady);
      return reply
        .type(row.contentType ?? stored.contentType)
        .header('content-length', stored.size)
        .header('content-disposition', contentDisposition(row.fileName ?? 'export'))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stored.stream);
    },
  );
}
