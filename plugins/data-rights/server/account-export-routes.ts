import type { FastifyInstance } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { httpError, idString, registerTenantResource, resourceSchema, tenantOf } from '../../../server/plugin-api';
import { DATA_RIGHTS_MESSAGES, DATA_RIGHTS_PATHS, type AccountExportResource } from '../common/data-rights-contract';
import { ACCOUNT_EXPORT_JOB, type AccountExportJobData } from './account-export-job';
import { accountExportResource, AccountExportRepository } from './account-export-repository';

const exportSchema = resourceSchema('accountExport', {
  accountId: { type: 'string' },
  state: { type: 'string' },
  progress: { type: 'number' },
  includeMedia: { type: 'boolean' },
  fileName: { type: ['string', 'null'] },
  sizeBytes: { type: ['number', 'null'] },
  downloadUrl: { type: ['string', 'null'] },
  failure: { type: ['string', 'null'] },
  createdAt: { type: 'string' },
  expiresAt: { type: ['string', 'null'] },
});
const oneExport = { type: 'object', properties: { data: exportSchema } } as const;
const exportParams = {
  type: 'object',
  required: ['accountExportId'],
  properties: { accountExportId: idString },
} as const;
/** Only an account admin takes the account out; another account's export looks like a missing one (404). */
const adminOfExport = {
  access: 'member',
  tenant: { resource: 'accountExport', id: 'params.accountExportId', role: 'admin' },
} as const;

/** Ask for an account's export, list them, follow one (the progress panel), download its zip. */
export function registerAccountExportRoutes(app: FastifyInstance): void {
  const exports = new AccountExportRepository(app.db);
  registerTenantResource(
    app,
    'accountExport',
    async (id) => {
      const row = await exports.find(id);
      return row ? { accountId: row.accountId } : null;
    },
    DATA_RIGHTS_MESSAGES.exportNotFound,
  );

  app.post<{ Body: { accountId: string; includeMedia?: boolean } }>(
    DATA_RIGHTS_PATHS.exports,
    {
      config: { access: 'member', tenant: { account: 'body.accountId', role: 'admin' } },
      schema: {
        summary: "Export all of an account's data as an archive (queued; account admins)",
        body: {
          type: 'object',
          required: ['accountId'],
          additionalProperties: false,
          properties: { accountId: idString, includeMedia: { type: 'boolean', default: false } },
        },
        response: { 202: oneExport },
      },
    },
    async (request, reply): Promise<{ data: AccountExportResource }> => {
      const { accountId } = tenantOf(request);
      // One at a time per account: a second click would only make the same zip twice.
      if (await exports.unfinished(accountId))
        throw httpError(409, 'export_running', DATA_RIGHTS_MESSAGES.exportRunning);
      const row = await exports.create(accountId, request.currentUser!.id, request.body.includeMedia ?? false);
      await app.jobs.send(ACCOUNT_EXPORT_JOB, { accountExportId: row.id } satisfies AccountExportJobData, {
        singletonKey: `account-export-${row.id}`,
      });
      reply.code(202);
      return { data: accountExportResource(row) };
    },
  );

  app.get<{ Querystring: { accountId: string } }>(
    DATA_RIGHTS_PATHS.exports,
    {
      config: { access: 'member', tenant: { account: 'query.accountId', role: 'admin' } },
      schema: {
        summary: "List an account's data exports (account admins)",
        querystring: {
          type: 'object',
          required: ['accountId'],
          additionalProperties: false,
          properties: { accountId: idString },
        },
        response: { 200: { type: 'object', properties: { data: { type: 'array', items: exportSchema } } } },
      },
    },
    async (request) => ({ data: (await exports.list(tenantOf(request).accountId)).map(accountExportResource) }),
  );

  app.get<{ Params: { accountExportId: string } }>(
    DATA_RIGHTS_PATHS.export(':accountExportId'),
    {
      config: adminOfExport,
      schema: {
        summary: 'Read an account data export: its state and download link',
        params: exportParams,
        response: { 200: oneExport },
      },
    },
    async (request) => {
      const row = await exports.find(request.params.accountExportId, tenantOf(request).accountId);
      if (!row) throw httpError(404, 'not_found', DATA_RIGHTS_MESSAGES.exportNotFound);
      return { data: accountExportResource(row) };
    },
  );

  app.get<{ Params: { accountExportId: string } }>(
    DATA_RIGHTS_PATHS.download(':accountExportId'),
    { config: adminOfExport, schema: { summary: 'Download a finished account data export', params: exportParams } },
    async (request, reply) => {
      const row = await exports.find(request.params.accountExportId, tenantOf(request).accountId);
      if (!row) throw httpError(404, 'not_found', DATA_RIGHTS_MESSAGES.exportNotFound);
      if (row.state === 'expired') throw httpError(410, 'expired', DATA_RIGHTS_MESSAGES.exportExpired);
      const stored = row.state === 'done' && row.fileKey ? await app.storage.get(row.fileKey) : null;
      if (!stored) throw httpError(404, 'not_ready', DATA_RIGHTS_MESSAGES.exportNotReady);
      return reply
        .type('application/zip')
        .header('content-length', stored.size)
        .header('content-disposition', contentDisposition(row.fileName ?? 'polycue-account.zip'))
        .header('cache-control', 'private, no-store')
        .send(stored.stream);
    },
  );
}
