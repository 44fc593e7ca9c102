import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AlertRepository,
  httpError,
  isOperator,
  UNAUTHENTICATED_MESSAGE,
  UserRepository,
  type PublishedAlertRecord,
} from '../../../server/plugin-api';
import {
  ALERT_LINK_LABEL_MAX,
  ALERT_LINK_URL_MAX,
  ALERT_MESSAGE_MAX,
  ALERTS_LISTED,
  OPERATORS_PATHS,
  OPERATORS_SERVER_MESSAGES as MESSAGES,
  type AlertFieldsRequest,
  type AlertResource,
  type AlertResponse,
  type AlertsResponse,
  type RelevantAlertResponse,
} from '../common/operators-contract';
import { ID_PATTERN } from '../../../core/common/resource-id';

const nullableText = (maxLength: number) => ({ anyOf: [{ type: 'string', maxLength }, { type: 'null' }] }) as const;
const alertFieldsBody = {
  type: 'object',
  required: ['message'],
  additionalProperties: false,
  properties: {
    message: { type: 'string', maxLength: ALERT_MESSAGE_MAX },
    linkLabel: nullableText(ALERT_LINK_LABEL_MAX),
    linkUrl: nullableText(ALERT_LINK_URL_MAX),
  },
} as const;
const alertIdParams = {
  type: 'object',
  required: ['alertId'],
  properties: { alertId: { type: 'string', pattern: ID_PATTERN } },
} as const;
const alertSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    type: { type: 'string' },
    attributes: {
      type: 'object',
      properties: {
        message: { type: 'string' },
        linkLabel: { type: ['string', 'null'] },
        linkUrl: { type: ['string', 'null'] },
        active: { type: 'boolean' },
        createdAt: { type: 'string' },
      },
    },
  },
} as const;
const relevantSchema = {
  anyOf: [
    { type: 'null' },
    {
      type: 'object',
      properties: {
        id: { type: 'string' },
        message: { type: 'string' },
        linkLabel: { type: ['string', 'null'] },
        linkUrl: { type: ['string', 'null'] },
      },
    },
  ],
} as const;

const resource = ({ id, ...attributes }: PublishedAlertRecord): AlertResource => ({ id, type: 'alert', attributes });

/** Trimmed fields, or a 422 naming the field at fault (the same rules as the CLI). */
function cleanFields(body: AlertFieldsRequest): AlertFieldsRequest {
  const message = body.message.trim();
  if (!message) throw httpError(422, 'invalid', MESSAGES.messageBlank, 'message');
  const linkLabel = body.linkLabel?.trim() || null;
  const linkUrl = body.linkUrl?.trim() || null;
  if ((linkLabel === null) !== (linkUrl === null))
    throw httpError(422, 'invalid', MESSAGES.linkTogether, linkLabel === null ? 'linkLabel' : 'linkUrl');
  if (linkUrl !== null && !/^(https?:\/\/|\/)/i.test(linkUrl))
    throw httpError(422, 'invalid', MESSAGES.linkUrl, 'linkUrl');
  return { message, linkLabel, linkUrl };
}

/**
 * The alert banner while the app runs: operators list, publish, correct and withdraw alerts; every
 * logged-in page asks for its relevant alert on a poll, so a change shows without a reload or a
 * restart. Open to unconfirmed users too (access `user`), as `GET /api/v1/users/` is.
 */
export function registerAlertRoutes(app: FastifyInstance): void {
  const alerts = new AlertRepository(app.db);
  const users = new UserRepository(app.db);
  const access = { access: 'user' as const };

  async function currentUser(request: FastifyRequest) {
    const record = request.currentUser ? await users.findById(request.currentUser.id) : null;
    if (!record) throw httpError(401, 'unauthenticated', UNAUTHENTICATED_MESSAGE);
    return record;
  }
  /** A role above account admins: a plain 403 for everyone else, whatever accounts they administer. */
  async function requireOperator(request: FastifyRequest): Promise<void> {
    if (!isOperator(await currentUser(request), app.config.operatorEmails))
      throw httpError(403, 'forbidden', MESSAGES.operatorsOnly);
  }
  const found = (alert: PublishedAlertRecord | null): AlertResponse => {
    if (!alert) throw httpError(404, 'not_found', MESSAGES.alertNotFound, 'alertId');
    return { data: resource(alert) };
  };

  app.get(
    OPERATORS_PATHS.relevant,
    {
      config: access,
      schema: {
        summary: 'The alert to show you now, if any (the banner)',
        response: { 200: { type: 'object', properties: { data: relevantSchema } } },
      },
    },
    async (request): Promise<RelevantAlertResponse> => {
      const user = await currentUser(request);
      return { data: await alerts.relevantFor(user.lastViewedAlertId) };
    },
  );

  app.get(
    OPERATORS_PATHS.alerts,
    {
      config: access,
      schema: {
        summary: 'List the alerts (operators)',
        response: { 200: { type: 'object', properties: { data: { type: 'array', items: alertSchema } } } },
      },
    },
    async (request): Promise<AlertsResponse> => {
      await requireOperator(request);
      return { data: (await alerts.recent(ALERTS_LISTED)).map(resource) };
    },
  );

  app.post<{ Body: AlertFieldsRequest }>(
    OPERATORS_PATHS.alerts,
    {
      config: access,
      schema: {
        summary: 'Create an alert shown to every user (operators)',
        body: alertFieldsBody,
        response: { 201: { type: 'object', properties: { data: alertSchema } } },
      },
    },
    async (request, reply): Promise<AlertResponse> => {
      await requireOperator(request);
      const published = await alerts.publish(cleanFields(request.body));
      request.log.info({ alertId: published.id, by: request.currentUser?.id }, 'alert published');
      reply.code(201);
      return { data: resource(published) };
    },
  );

  app.put<{ Params: { alertId: string }; Body: AlertFieldsRequest }>(
    OPERATORS_PATHS.alert(':alertId'),
    {
      config: access,
      schema: {
        summary: 'Change an alert (operators)',
        params: alertIdParams,
        body: alertFieldsBody,
        response: { 200: { type: 'object', properties: { data: alertSchema } } },
      },
    },
    async (request): Promise<AlertResponse> => {
      await requireOperator(request);
      return found(await alerts.edit(request.params.alertId, cleanFields(request.body)));
    },
  );

  app.delete<{ Params: { alertId: string } }>(
    OPERATORS_PATHS.alert(':alertId'),
    {
      config: access,
      schema: {
        summary: 'Delete an alert (operators)',
        params: alertIdParams,
        response: { 200: { type: 'object', properties: { data: alertSchema } } },
      },
    },
    async (request): Promise<AlertResponse> => {
      await requireOperator(request);
      const withdrawn = await alerts.withdraw(request.params.alertId);
      if (withdrawn) request.log.info({ alertId: withdrawn.id, by: request.currentUser?.id }, 'alert withdrawn');
      return found(withdrawn);
    },
  );
}
