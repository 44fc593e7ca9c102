import type { FastifyInstance } from 'fastify';
import { httpError, idParams, idString, resourceSchema, tenantOf } from '../../../server/plugin-api';
import {
  WEBHOOK_ENDPOINTS_PER_WORKSPACE,
  WEBHOOK_EVENT_TYPES,
  WEBHOOKS_PATHS,
  WEBHOOKS_SERVER_MESSAGES as MESSAGES,
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
} from '../common/webhooks-contract';
import {
  WEBHOOK_ENDPOINT_CREATED,
  WEBHOOK_ENDPOINT_DELETED,
  WEBHOOK_ENDPOINT_DISABLED,
} from '../common/webhook-events';
import { assertPublicUrl } from './endpoint-address';
import { EndpointRepository, type EndpointRow } from './endpoint-repository';

const EVENT_TYPE_NAMES: string[] = WEBHOOK_EVENT_TYPES.map((entry) => entry.type);

const attributes = {
  workspaceId: { type: 'string' },
  url: { type: 'string' },
  description: { type: 'string' },
  eventTypes: { type: 'array', items: { type: 'string' } },
  enabled: { type: 'boolean' },
  disabledReason: { type: ['string', 'null'] },
  createdAt: { type: 'string', format: 'date-time' },
} as const;
export const endpointSchema = resourceSchema('webhookEndpoint', attributes);
const createdSchema = resourceSchema('webhookEndpoint', { ...attributes, secret: { type: 'string' } });
const one = (schema: object) => ({ type: 'object', properties: { data: schema } });

const url = { type: 'string', minLength: 1, maxLength: 2000 } as const;
const eventTypes = {
  type: 'array',
  maxItems: WEBHOOK_EVENT_TYPES.length,
  uniqueItems: true,
  items: { type: 'string', maxLength: 100 },
} as const;
const description = { type: 'string', maxLength: 200 } as const;

export const endpointResource = ({ id, ...rest }: EndpointRow & { secret?: string }) => ({
  id,
  type: 'webhookEndpoint',
  attributes: rest,
});

function checkedEventTypes(types: string[] | undefined): string[] | undefined {
  if (types === undefined) return undefined;
  if (types.length === 0) throw httpError(422, 'invalid', MESSAGES.noEventTypes, 'eventTypes');
  const unknown = types.find((type) => !EVENT_TYPE_NAMES.includes(type));
  if (unknown) throw httpError(422, 'invalid', `${MESSAGES.unknownEventType}: ${unknown}`, 'eventTypes');
  return types;
}

/** Reads for the workspace's members, changes for the account's admins (`role: 'admin'`). */
const adminOfWorkspace = { access: 'member', tenant: { workspace: 'body.workspaceId', role: 'admin' } } as const;
const adminOfEndpoint = {
  access: 'member',
  tenant: { resource: 'webhookEndpoint', id: 'params.id', role: 'admin' },
} as const;

export function registerEndpointRoutes(app: FastifyInstance): void {
  const endpoints = new EndpointRepository(app.db);

  app.get<{ Querystring: { workspaceId: string } }>(
    WEBHOOKS_PATHS.endpoints,
    {
      config: { access: 'member', tenant: { workspace: 'query.workspaceId' } },
      schema: {
        summary: "The workspace's webhook endpoints, and the event types they may subscribe to",
        querystring: {
          type: 'object',
          required: ['workspaceId'],
          additionalProperties: false,
          properties: { workspaceId: idString },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              data: { type: 'array', items: endpointSchema },
              meta: {
                type: 'object',
                properties: {
                  eventTypes: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: { type: { type: 'string' }, description: { type: 'string' } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const { workspaceId } = tenantOf(request);
      return {
        data: (await endpoints.list(workspaceId!)).map(endpointResource),
        meta: { eventTypes: WEBHOOK_EVENT_TYPES },
      };
    },
  );

  app.post<{ Body: CreateWebhookEndpointRequest }>(
    WEBHOOKS_PATHS.endpoints,
    {
      config: adminOfWorkspace,
      schema: {
        summary: 'Add a webhook endpoint (its secret is in this answer only)',
        body: {
          type: 'object',
          required: ['workspaceId', 'url', 'eventTypes'],
          additionalProperties: false,
          properties: { workspaceId: idString, url, eventTypes, description },
        },
        response: { 201: one(createdSchema) },
      },
    },
    async (request, reply) => {
      const { workspaceId, accountId } = tenantOf(request);
      const types = checkedEventTypes(request.body.eventTypes)!;
      const target = request.body.url.trim();
      await assertPublicUrl(target, app.config);
      if ((await endpoints.count(workspaceId!)) >= WEBHOOK_ENDPOINTS_PER_WORKSPACE)
        throw httpError(422, 'limit', MESSAGES.tooMany);
      const created = await app.db.transaction(async (tx) => {
        const row = await new EndpointRepository(tx).create({
          workspaceId: workspaceId!,
          url: target,
          description: request.body.description?.trim() ?? '',
          eventTypes: types,
        });
        await app.events.publish(
          tx,
          WEBHOOK_ENDPOINT_CREATED,
          { endpointId: row.id, url: row.url, eventTypes: row.eventTypes },
          { accountId, workspaceId },
        );
        return row;
      });
      reply.code(201);
      return { data: endpointResource(created) };
    },
  );

  app.patch<{ Params: { id: string }; Body: UpdateWebhookEndpointRequest }>(
    '/api/v1/webhook_endpoints/:id',
    {
      config: adminOfEndpoint,
      schema: {
        summary: 'Change a webhook endpoint: its URL, events, description, or turn it on or off',
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { url, eventTypes, description, enabled: { type: 'boolean' } },
        },
        response: { 200: one(endpointSchema) },
      },
    },
    async (request) => {
      const { accountId, workspaceId } = tenantOf(request);
      const body = request.body;
      const types = checkedEventTypes(body.eventTypes);
      const target = body.url?.trim();
      if (target !== undefined) await assertPublicUrl(target, app.config);
      const updated = await app.db.transaction(async (tx) => {
        const repository = new EndpointRepository(tx);
        const before = await repository.byId(request.params.id);
        const row = await repository.update(request.params.id, {
          url: target,
          eventTypes: types,
          description: body.description?.trim(),
          enabled: body.enabled,
        });
        if (row && before?.enabled && body.enabled === false)
          await app.events.publish(
            tx,
            WEBHOOK_ENDPOINT_DISABLED,
            { endpointId: row.id, url: row.url, by: 'admin' },
            { accountId, workspaceId },
          );
        return row;
      });
      if (!updated) throw httpError(404, 'not_found', MESSAGES.notFound);
      return { data: endpointResource(updated) };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/v1/webhook_endpoints/:id/roll_secret',
    {
      config: adminOfEndpoint,
      schema: {
        summary: "Replace a webhook endpoint's secret (the old one also signs for 24 hours)",
        params: idParams,
        body: { type: ['object', 'null'], additionalProperties: false, properties: {} },
        response: { 200: one(createdSchema) },
      },
    },
    async (request) => {
      const rolled = await endpoints.rollSecret(request.params.id);
      if (!rolled) throw httpError(404, 'not_found', MESSAGES.notFound);
      return { data: endpointResource(rolled) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/v1/webhook_endpoints/:id',
    {
      config: adminOfEndpoint,
      schema: {
        summary: 'Delete a webhook endpoint and its delivery log',
        params: idParams,
        response: { 200: one({ type: 'object', properties: { id: { type: 'string' } } }) },
      },
    },
    async (request) => {
      const { accountId, workspaceId } = tenantOf(request);
      const deleted = await app.db.transaction(async (tx) => {
        const row = await new EndpointRepository(tx).delete(request.params.id);
        if (row)
          await app.events.publish(
            tx,
            WEBHOOK_ENDPOINT_DELETED,
            { endpointId: row.id, url: row.url },
            { accountId, workspaceId },
          );
        return row;
      });
      if (!deleted) throw httpError(404, 'not_found', MESSAGES.notFound);
      return { data: { id: request.params.id } };
    },
  );
}
