import type { FastifyInstance } from 'fastify';
import { httpError, idParams, idString, resourceSchema } from '../../../server/plugin-api';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOKS_SERVER_MESSAGES as MESSAGES } from '../common/webhooks-contract';
import { DeliveryRepository } from './delivery-repository';
import { deliveryTuningFromEnv, maxAttemptsOf } from './delivery-tuning';
import { DELIVER_JOB } from './webhook-outbox';

const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;
const deliverySchema = resourceSchema('webhookDelivery', {
  endpointId: { type: 'string' },
  eventId: { type: 'string' },
  eventType: { type: 'string' },
  status: { type: 'string', enum: [...WEBHOOK_DELIVERY_STATUSES] },
  attempts: { type: 'integer' },
  maxAttempts: { type: 'integer' },
  responseStatus: { type: ['integer', 'null'] },
  responseExcerpt: { type: ['string', 'null'] },
  error: { type: ['string', 'null'] },
  durationMs: { type: ['integer', 'null'] },
  lastAttemptAt: nullableTime,
  nextAttemptAt: nullableTime,
  createdAt: { type: 'string', format: 'date-time' },
});

const PAGE_SIZE = 50;

/** The delivery log (members of the workspace read it) and a manual re-send (admins). */
export function registerDeliveryRoutes(app: FastifyInstance): void {
  const deliveries = new DeliveryRepository(app.db);
  const present = <T extends { id: string }>({ id, ...rest }: T) => ({
    id,
    type: 'webhookDelivery',
    attributes: { ...rest, maxAttempts: maxAttemptsOf(deliveryTuningFromEnv()) },
  });

  app.get<{ Params: { id: string }; Querystring: { before?: string; limit: number } }>(
    '/api/v1/webhook_endpoints/:id/deliveries',
    {
      config: { access: 'member', tenant: { resource: 'webhookEndpoint', id: 'params.id' } },
      schema: {
        summary: "A webhook endpoint's delivery log, newest first",
        params: idParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { before: idString, limit: { type: 'integer', minimum: 1, maximum: 200, default: PAGE_SIZE } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              data: { type: 'array', items: deliverySchema },
              meta: { type: 'object', properties: { hasMore: { type: 'boolean' } } },
            },
          },
        },
      },
    },
    async (request) => {
      const { before, limit } = request.query;
      // One more than asked says whether there is another page, without a count.
      const rows = await deliveries.list(request.params.id, { before, limit: limit + 1 });
      return { data: rows.slice(0, limit).map(present), meta: { hasMore: rows.length > limit } };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/v1/webhook_deliveries/:id/resend',
    {
      config: { access: 'member', tenant: { resource: 'webhookDelivery', id: 'params.id', role: 'admin' } },
      schema: {
        summary: 'Send a webhook delivery again now (same id and body)',
        params: idParams,
        body: { type: ['object', 'null'], additionalProperties: false, properties: {} },
        response: { 200: { type: 'object', properties: { data: deliverySchema } } },
      },
    },
    async (request) => {
      const row = await deliveries.resend(request.params.id);
      if (!row) {
        if (!(await deliveries.byId(request.params.id))) throw httpError(404, 'not_found', MESSAGES.deliveryNotFound);
        throw httpError(422, 'disabled', MESSAGES.endpointDisabled);
      }
      await app.jobs.send(DELIVER_JOB, { deliveryId: row.id });
      return { data: present(row) };
    },
  );
}
