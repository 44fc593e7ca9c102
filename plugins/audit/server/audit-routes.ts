import type { FastifyInstance } from 'fastify';
import { httpError, idString, resourceSchema, tenantOf } from '../../../server/plugin-api';
import {
  AUDIT_EXPORT_LIMIT,
  AUDIT_MESSAGES,
  AUDIT_PAGE_SIZE,
  AUDIT_PATHS,
  type AuditEntriesResponse,
  type AuditFilters,
} from '../common/audit-contract';
import { auditCsv, auditJson } from './audit-export';
import type { AuditRepository } from './audit-repository';

const entrySchema = resourceSchema('auditEntry', {
  occurredAt: { type: 'string' },
  action: { type: 'string' },
  actorUserId: { type: ['string', 'null'] },
  actorEmail: { type: ['string', 'null'] },
  workspaceId: { type: ['string', 'null'] },
  targetType: { type: ['string', 'null'] },
  targetId: { type: ['string', 'null'] },
  changes: { type: ['object', 'null'], additionalProperties: true },
  ip: { type: ['string', 'null'] },
  userAgent: { type: ['string', 'null'] },
  requestId: { type: ['string', 'null'] },
});

const filterProperties = {
  accountId: idString,
  actor: { type: 'string', maxLength: 200 },
  action: { type: 'string', maxLength: 100 },
  from: { type: 'string', maxLength: 10 },
  to: { type: 'string', maxLength: 10 },
} as const;

/** Only an account admin reads its log; another account's id looks like a missing one (404). */
const adminOfQuery = { access: 'member', tenant: { account: 'query.accountId', role: 'admin' } } as const;

function checkedFilters(query: AuditFilters): AuditFilters {
  const day = (value: string | undefined, field: string) => {
    if (!value) return undefined;
    const parsed = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
    if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value)
      throw httpError(422, 'invalid', AUDIT_MESSAGES.badDate, field);
    return value;
  };
  const from = day(query.from, 'from');
  const to = day(query.to, 'to');
  if (from && to && from > to) throw httpError(422, 'invalid', AUDIT_MESSAGES.badRange, 'from');
  return { actor: query.actor?.trim() || undefined, action: query.action?.trim() || undefined, from, to };
}

/**
 * The audit log's two reads. There is deliberately no route that changes or removes an entry
 * (and the table's trigger refuses it anyway).
 */
export function registerAuditRoutes(app: FastifyInstance, entries: AuditRepository): void {
  app.get<{ Querystring: AuditFilters & { accountId: string; before?: string; limit: number } }>(
    AUDIT_PATHS.entries,
    {
      config: adminOfQuery,
      schema: {
        summary: "Read an account's audit log, newest first (filters, a page at a time; account admins)",
        querystring: {
          type: 'object',
          required: ['accountId'],
          additionalProperties: false,
          properties: {
            ...filterProperties,
            before: idString,
            limit: { type: 'integer', minimum: 1, maximum: 200, default: AUDIT_PAGE_SIZE },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['data', 'meta'],
            properties: {
              data: { type: 'array', items: entrySchema },
              meta: { type: 'object', properties: { hasMore: { type: 'boolean' } } },
            },
          },
        },
      },
    },
    async (request): Promise<AuditEntriesResponse> => {
      const { accountId } = tenantOf(request);
      const { before, limit } = request.query;
      // One more than asked says whether another page exists without a count over the log.
      const rows = await entries.list(accountId, checkedFilters(request.query), { before, limit: limit + 1 });
      return { data: rows.slice(0, limit), meta: { hasMore: rows.length > limit } };
    },
  );

  app.get<{ Querystring: AuditFilters & { accountId: string; format: 'csv' | 'json' } }>(
    AUDIT_PATHS.export,
    {
      config: adminOfQuery,
      schema: {
        summary: "Download an account's audit log as CSV or JSON (account admins)",
        querystring: {
          type: 'object',
          required: ['accountId', 'format'],
          additionalProperties: false,
          properties: { ...filterProperties, format: { type: 'string', enum: ['csv', 'json'] } },
        },
      },
    },
    async (request, reply) => {
      const { accountId } = tenantOf(request);
      const rows = await entries.list(accountId, checkedFilters(request.query), { limit: AUDIT_EXPORT_LIMIT });
      const { format } = request.query;
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${accountId}-${day}.${format}"`)
        .header('cache-control', 'no-store')
        .send(format === 'csv' ? auditCsv(rows) : auditJson(rows));
    },
  );
}
