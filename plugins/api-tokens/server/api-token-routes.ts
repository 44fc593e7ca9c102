import type { FastifyInstance } from 'fastify';
import { httpError, idParams, idString, resourceSchema, TenancyRepository, tenantOf } from '../../../server/plugin-api';
import {
  API_TOKEN_MAX_EXPIRY_DAYS,
  API_TOKEN_SCOPES,
  API_TOKENS_PATHS,
  API_TOKENS_SERVER_MESSAGES as MESSAGES,
  type CreateApiTokenRequest,
} from '../common/api-tokens-contract';
import { API_TOKEN_CREATED, API_TOKEN_REVOKED } from '../common/api-token-events';
import { ApiTokenRepository, type ApiTokenRow } from './api-token-repository';

const attributes = {
  name: { type: 'string' },
  prefix: { type: 'string' },
  scope: { type: 'string', enum: [...API_TOKEN_SCOPES] },
  accountId: { type: 'string' },
  workspaceId: { type: ['string', 'null'] },
  workspaceName: { type: ['string', 'null'] },
  createdAt: { type: 'string', format: 'date-time' },
  expiresAt: { type: ['string', 'null'], format: 'date-time' },
  lastUsedAt: { type: ['string', 'null'], format: 'date-time' },
} as const;
const tokenSchema = resourceSchema('apiToken', attributes);
const createdSchema = resourceSchema('apiToken', { ...attributes, token: { type: 'string' } });

const createBody = {
  type: 'object',
  required: ['accountId', 'name', 'scope', 'expiresInDays'],
  additionalProperties: false,
  properties: {
    accountId: idString,
    name: { type: 'string', maxLength: 100 },
    scope: { type: 'string', enum: [...API_TOKEN_SCOPES] },
    workspaceId: { anyOf: [idString, { type: 'null' }] },
    expiresInDays: { anyOf: [{ type: 'integer', minimum: 1, maximum: API_TOKEN_MAX_EXPIRY_DAYS }, { type: 'null' }] },
  },
} as const;

const resource = ({ id, ...rest }: ApiTokenRow & { token?: string }) => ({ id, type: 'apiToken', attributes: rest });

/**
 * The caller's own tokens in one account. `credentials: false` on every route: managing tokens
 * needs the browser session, so a leaked token can neither mint a longer-lived one nor hide.
 */
export function registerApiTokenRoutes(app: FastifyInstance, tokens: ApiTokenRepository): void {
  const tenancy = new TenancyRepository(app.db);

  app.get(
    API_TOKENS_PATHS.tokens,
    {
      config: { access: 'member', tenant: { account: 'query.accountId' }, credentials: false },
      schema: {
        summary: 'Your API tokens in an account',
        querystring: {
          type: 'object',
          required: ['accountId'],
          additionalProperties: false,
          properties: { accountId: idString },
        },
        response: { 200: { type: 'object', properties: { data: { type: 'array', items: tokenSchema } } } },
      },
    },
    async (request) => {
      const { accountId } = tenantOf(request);
      return { data: (await tokens.list(request.currentUser!.id, accountId)).map(resource) };
    },
  );

  app.post<{ Body: CreateApiTokenRequest }>(
    API_TOKENS_PATHS.tokens,
    {
      config: { access: 'member', tenant: { account: 'body.accountId' }, credentials: false },
      schema: {
        summary: 'Create an API token (its secret is in this answer only)',
        body: createBody,
        response: { 201: { type: 'object', properties: { data: createdSchema } } },
      },
    },
    async (request, reply) => {
      const { accountId, accountRole } = tenantOf(request);
      const user = request.currentUser!;
      const name = request.body.name.trim();
      if (!name) throw httpError(422, 'invalid', MESSAGES.nameBlank, 'name');
      if (request.body.scope === 'admin' && accountRole !== 'admin')
        throw httpError(403, 'forbidden', MESSAGES.adminOnly, 'scope');
      const workspaceId = request.body.workspaceId ?? null;
      if (workspaceId) {
        const standing = await tenancy.findWorkspaceStanding(user.id, workspaceId);
        if (!standing || standing.accountId !== accountId)
          throw httpError(422, 'invalid', MESSAGES.workspaceNotFound, 'workspaceId');
      }
      // The token and its audit entry (the event) commit together or not at all.
      const created = await app.db.transaction(async (tx) => {
        const row = await new ApiTokenRepository(tx).create({
          userId: user.id,
          accountId,
          workspaceId,
          name,
          scope: request.body.scope,
          expiresInDays: request.body.expiresInDays,
        });
        await app.events.publish(
          tx,
          API_TOKEN_CREATED,
          { tokenId: row.id, userId: user.id, name, scope: row.scope, workspaceId, expiresAt: row.expiresAt },
          { accountId, workspaceId },
        );
        return row;
      });
      reply.code(201);
      return { data: resource(created) };
    },
  );

  // The one route a token may call about itself: no tenant to act in, so the host lets the
  // credential through (`credentials: 'self'`) and this handler answers from it alone.
  app.get(
    API_TOKENS_PATHS.current,
    {
      config: { access: 'user', tenant: 'none', credentials: 'self' },
      schema: {
        summary: 'The API token this request is made with',
        response: {
          200: {
            type: 'object',
            properties: {
              data: tokenSchema,
              meta: {
                type: 'object',
                properties: { user: { type: 'object', properties: { email: { type: 'string' } } } },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const id = /^api-token:(\d+)$/.exec(request.credential?.id ?? '')?.[1];
      if (!id) throw httpError(401, 'invalid_token', MESSAGES.currentNeedsToken);
      const row = await tokens.byId(id);
      if (!row) throw httpError(401, 'invalid_token', MESSAGES.currentNeedsToken);
      return { data: resource(row), meta: { user: { email: request.credential!.user.email } } };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/v1/api_tokens/:id',
    {
      config: { access: 'member', tenant: { resource: 'apiToken', id: 'params.id' }, credentials: false },
      schema: {
        summary: 'Revoke one of your API tokens',
        params: idParams,
        response: {
          200: { type: 'object', properties: { data: { type: 'object', properties: { id: { type: 'string' } } } } },
        },
      },
    },
    async (request) => {
      const userId = request.currentUser!.id;
      const revoked = await app.db.transaction(async (tx) => {
        const row = await new ApiTokenRepository(tx).revoke(userId, request.params.id);
        if (row)
          await app.events.publish(
            tx,
            API_TOKEN_REVOKED,
            { tokenId: row.id, userId, name: row.name, scope: row.scope, workspaceId: row.workspaceId },
            { accountId: row.accountId, workspaceId: row.workspaceId },
          );
        return row;
      });
      if (!revoked) throw httpError(404, 'not_found', MESSAGES.notFound);
      return { data: { id: request.params.id } };
    },
  );
}
