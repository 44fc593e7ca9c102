import type { FastifyInstance } from 'fastify';
import { tenantOf } from '../authz/index';
import { httpError } from './errors';
import { ID_PATTERN } from '../../core/common/resource-id';
import type { DomainEventRef } from '../../core/common/domain-event';
import type { Queryable } from '../db/database';

/** A bigint id as the API writes it (a decimal string). */
export const idString = { type: 'string', pattern: ID_PATTERN } as const;
/** `params.id` of `/…/:id` routes. */
export const idParams = { type: 'object', required: ['id'], properties: { id: idString } } as const;
/** A `member` route on one row of a tenant resource kind registered with registerTenantResource. */
export const ownResource = (kind: string) =>
  ({ access: 'member', tenant: { resource: kind, id: 'params.id' } }) as const;

export interface WorkspaceResourceListOptions<Row> {
  /** The collection's path, e.g. `/api/v1/guidelines/` (its rows at `<path>:id`). */
  path: string;
  /** The tenant resource kind of a row (registerTenantResource). */
  kind: string;
  /** The OpenAPI one-line summaries of the two routes, e.g. "List a workspace's themes (a page, searchable)". */
  summaries: { list: string; remove: string };
  /** The response schema of one resource. */
  itemSchema: object;
  perPage: number;
  list(
    workspaceId: string,
    options: { search: string; page: number; perPage: number },
  ): Promise<{ rows: Row[]; hasMore: boolean }>;
  /** Deletes the row; `tx` is the transaction that also publishes `deletedEvent` when there is one. */
  remove(id: string, tx?: Queryable): Promise<boolean>;
  /** Published (`{ id }`, the workspace as tenant) in the deleting transaction: the audit log hears of it. */
  deletedEvent?: DomainEventRef<{ id: string }>;
  present(row: Row): unknown;
  /** The 404's message for a row that is not there (another workspace's looks the same). */
  notFound: string;
}

/**
 * The two calls every workspace resource list answers alike (vocabularies, guidelines, term
 * bases): `GET <path>?workspaceId&search&page` (a page, `meta: { page, perPage, hasMore }`) and
 * `DELETE <path>:id`. Creating and changing differ per resource: each plugin registers those.
 */
export function registerWorkspaceResourceList<Row>(
  app: FastifyInstance,
  options: WorkspaceResourceListOptions<Row>,
): void {
  app.get<{ Querystring: { workspaceId: string; search?: string; page?: number } }>(
    options.path,
    {
      config: { access: 'member', tenant: { workspace: 'query.workspaceId' } },
      schema: {
        summary: options.summaries.list,
        querystring: {
          type: 'object',
          required: ['workspaceId'],
          properties: {
            workspaceId: idString,
            search: { type: 'string', maxLength: 200 },
            page: { type: 'integer', minimum: 1, maximum: 100_000 },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              data: { type: 'array', items: options.itemSchema },
              meta: {
                type: 'object',
                properties: { page: { type: 'integer' }, perPage: { type: 'integer' }, hasMore: { type: 'boolean' } },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const { rows, hasMore } = await options.list(tenantOf(request).workspaceId!, {
        search: (request.query.search ?? '').trim(),
        page,
        perPage: options.perPage,
      });
      return { data: rows.map(options.present), meta: { page, perPage: options.perPage, hasMore } };
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${options.path}:id`,
    {
      config: ownResource(options.kind),
      schema: {
        summary: options.summaries.remove,
        params: idParams,
        response: {
          200: { type: 'object', properties: { data: { type: 'object', properties: { id: { type: 'string' } } } } },
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const event = options.deletedEvent;
      const removed = event
        ? await app.db.transaction(async (tx) => {
            const done = await options.remove(id, tx);
            if (done) await app.events.publish(tx, event, { id }, { workspaceId: tenantOf(request).workspaceId });
            return done;
          })
        : await options.remove(id);
      if (!removed) throw httpError(404, 'not_found', options.notFound);
      return { data: { id: request.params.id } };
    },
  );
}

/** A resource's name as people typed it, trimmed; a blank or too long one is a 422 on `name` with the plugin's messages. */
export function cleanResourceName(raw: string, rules: { maxLength: number; blank: string; tooLong: string }): string {
  const text = raw.trim();
  if (!text) throw httpError(422, 'invalid', rules.blank, 'name');
  if ([...text].length > rules.maxLength) throw httpError(422, 'invalid', rules.tooLong, 'name');
  return text;
}

/** `search` as an ILIKE pattern matching it anywhere, its `%`, `_` and `\` taken literally; `'%%'` when empty. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
