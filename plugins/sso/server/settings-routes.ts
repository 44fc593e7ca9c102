import type { FastifyInstance } from 'fastify';
import { httpError, isUniqueViolation, resourceSchema, tenantOf } from '../../../server/plugin-api';
import {
  SSO_PATHS,
  SSO_SERVER_MESSAGES as MESSAGES,
  SSO_SETTINGS_PAGE,
  type ConnectionCheckResponse,
  type DomainVerificationResponse,
  type OpenAdminPortalRequest,
  type RedirectResponse,
  type SaveSettingsRequest,
  type SettingsResponse,
} from '../common/sso-contract';
import type { IdentityProviders } from './identity-provider';
import { verificationRecord, type DomainVerifier } from './sso-domain-verification';
import { DomainTakenError, type SsoConnection, type SsoRepository } from './sso-repository';
import { ID_PATTERN } from '../../../core/common/resource-id';

const idString = { type: 'string', pattern: ID_PATTERN } as const;
const settingsSchema = resourceSchema('ssoSettings', {
  accountId: { type: 'string' },
  configured: { type: 'boolean' },
  issuer: { type: 'string' },
  clientId: { type: 'string' },
  hasClientSecret: { type: 'boolean' },
  domains: { type: 'array', items: { type: 'string' } },
  domainStatus: {
    type: 'array',
    items: {
      type: 'object',
      required: ['domain', 'verified'],
      properties: { domain: { type: 'string' }, verified: { type: 'boolean' } },
    },
  },
  verificationRecord: { type: 'string' },
  defaultRole: { type: 'string' },
  requireSso: { type: 'boolean' },
  redirectUri: { type: 'string' },
});
const oneSettings = { 200: { type: 'object', properties: { data: settingsSchema } } } as const;
const saveBody = {
  type: 'object',
  required: ['accountId', 'issuer', 'clientId', 'domains', 'defaultRole', 'requireSso'],
  additionalProperties: false,
  properties: {
    accountId: idString,
    issuer: { type: 'string', maxLength: 500 },
    clientId: { type: 'string', minLength: 1, maxLength: 500 },
    clientSecret: { type: 'string', maxLength: 2000 },
    domains: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 253 } },
    defaultRole: { type: 'string', enum: ['admin', 'member'] },
    requireSso: { type: 'boolean' },
  },
} as const;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Lower-cased, trimmed, without a leading `@`, each once; null when one is not a domain. */
export function cleanDomains(domains: string[]): string[] | null {
  const cleaned = [...new Set(domains.map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean))];
  return cleaned.length > 0 && cleaned.every((d) => DOMAIN.test(d)) ? cleaned : null;
}

/**
 * The account's SSO settings (the page the admin portal opens) and `POST
 * /api/v1/sso/open_admin_portal` (docs/product-contract.md#calls). Account admins only: a member gets 403, anyone outside
 * the account 404. The client secret is stored and never sent back.
 */
export function registerSettingsRoutes(
  app: FastifyInstance,
  connections: SsoRepository,
  providers: Pick<IdentityProviders, 'check'>,
  verifier: DomainVerifier,
): void {
  const adminOf = (location: 'query.accountId' | 'body.accountId') =>
    ({ access: 'member', tenant: { account: location, role: 'admin' } }) as const;
  const redirectUri = `${app.config.publicUrl}${SSO_PATHS.callback}`;
  // Plain http only where the operator allowed non-public addresses (tests, a provider on the same machine).
  const httpAllowed = app.config.linkImportAllowCidrs.length > 0;

  function present(accountId: string, connection: SsoConnection | null): SettingsResponse {
    return {
      data: {
        id: accountId,
        type: 'ssoSettings',
        attributes: {
          accountId,
          configured: connection !== null,
          issuer: connection?.issuer ?? '',
          clientId: connection?.clientId ?? '',
          hasClientSecret: Boolean(connection?.clientSecret),
          domains: connection?.domains ?? [],
          domainStatus: (connection?.domains ?? []).map((domain) => ({
            domain,
            verified: connection!.verifiedDomains.includes(domain),
          })),
          verificationRecord: connection ? verificationRecord(connection.verificationToken) : '',
          defaultRole: connection?.defaultRole ?? 'member',
          requireSso: connection?.requireSso ?? false,
          redirectUri,
        },
      },
    };
  }

  app.get<{ Querystring: { accountId: string } }>(
    SSO_PATHS.settings,
    {
      config: adminOf('query.accountId'),
      schema: {
        summary: "An account's single sign-on settings (account admins)",
        querystring: { type: 'object', required: ['accountId'], properties: { accountId: idString } },
        response: oneSettings,
      },
    },
    async (request) => {
      const { accountId } = tenantOf(request);
      return present(accountId, await connections.findByAccount(accountId));
    },
  );

  app.put<{ Body: SaveSettingsRequest }>(
    SSO_PATHS.settings,
    {
      config: adminOf('body.accountId'),
      schema: {
        summary: "Save an account's single sign-on settings (account admins)",
        body: saveBody,
        response: oneSettings,
      },
    },
    async (request) => {
      const { accountId } = tenantOf(request);
      const body = request.body;
      let issuer: URL;
      try {
        issuer = new URL(body.issuer.trim());
      } catch {
        throw httpError(422, 'invalid', MESSAGES.issuerInvalid, 'issuer');
      }
      if (
        issuer.username ||
        issuer.password ||
        issuer.search ||
        issuer.hash ||
        !(issuer.protocol === 'https:' || (httpAllowed && issuer.protocol === 'http:'))
      ) {
        throw httpError(422, 'invalid', MESSAGES.issuerInvalid, 'issuer');
      }
      const domains = cleanDomains(body.domains);
      if (!domains) throw httpError(422, 'invalid', MESSAGES.domainInvalid, 'domains');
      const clientSecret = body.clientSecret?.trim() || null;
      const existing = await connections.findByAccount(accountId);
      if (!clientSecret && !existing?.clientSecret)
        throw httpError(422, 'invalid', MESSAGES.secretNeeded, 'clientSecret');
      try {
        await connections.save({
          accountId,
          // As typed, without a trailing slash added or removed: the ID token's `iss` must equal it.
          issuer: body.issuer.trim(),
          clientId: body.clientId.trim(),
          clientSecret,
          domains,
          defaultRole: body.defaultRole,
          requireSso: body.requireSso,
        });
      } catch (error) {
        if (error instanceof DomainTakenError || isUniqueViolation(error))
          throw httpError(409, 'domain_taken', MESSAGES.domainTaken, 'domains');
        throw error;
      }
      return present(accountId, await connections.findByAccount(accountId));
    },
  );

  // Single sign-on off: people of the domains log in with a password again (or reset one).
  app.delete<{ Body: OpenAdminPortalRequest }>(
    SSO_PATHS.settings,
    {
      config: adminOf('body.accountId'),
      schema: {
        summary: "Remove an account's single sign-on (account admins)",
        body: {
          type: 'object',
          required: ['accountId'],
          additionalProperties: false,
          properties: { accountId: idString },
        },
        response: oneSettings,
      },
    },
    async (request) => {
      const { accountId } = tenantOf(request);
      await connections.remove(accountId);
      return present(accountId, null);
    },
  );

  // "Test connection": the saved issuer's discovery document, read as a sign-in would. The outcome
  // is the answer (200 either way), not an error: the settings stay as saved. Checked on demand,
  // not on save, so settings can be saved before the provider is reachable from this server.
  app.post<{ Body: OpenAdminPortalRequest }>(
    SSO_PATHS.checkConnection,
    {
      config: adminOf('body.accountId'),
      schema: {
        summary: "Check an account's single sign-on connection (account admins)",
        body: {
          type: 'object',
          required: ['accountId'],
          additionalProperties: false,
          properties: { accountId: idString },
        },
        response: {
          200: {
            type: 'object',
            required: ['data'],
            properties: {
              data: {
                type: 'object',
                required: ['ok', 'message'],
                properties: { ok: { type: 'boolean' }, message: { type: 'string' } },
              },
            },
          },
        },
      },
    },
    async (request): Promise<ConnectionCheckResponse> => {
      const { accountId } = tenantOf(request);
      const connection = await connections.findByAccount(accountId);
      if (!connection) throw httpError(404, 'not_found', MESSAGES.notConfigured);
      try {
        await providers.check(connection);
        return { data: { ok: true, message: MESSAGES.connectionOk } };
      } catch (error) {
        // The admin typed the address: what went wrong with it is theirs to read.
        return {
          data: { ok: false, message: `${MESSAGES.issuerUnreadable}. ${(error as Error).message}`.slice(0, 500) },
        };
      }
    },
  );

  // "Verify domains": the TXT records of each unverified domain, looked up now. 200 with each
  // domain's outcome (a record not there yet is an answer, not an error).
  const domainResult = {
    type: 'object',
    required: ['domain', 'verified', 'message'],
    properties: { domain: { type: 'string' }, verified: { type: 'boolean' }, message: { type: 'string' } },
  };
  app.post<{ Body: OpenAdminPortalRequest }>(
    SSO_PATHS.verifyDomains,
    {
      config: adminOf('body.accountId'),
      schema: {
        summary: "Verify the e-mail domains of an account's single sign-on (account admins)",
        body: {
          type: 'object',
          required: ['accountId'],
          additionalProperties: false,
          properties: { accountId: idString },
        },
        response: {
          200: {
            type: 'object',
            required: ['data'],
            properties: {
              data: {
                type: 'object',
                required: ['domains'],
                properties: { domains: { type: 'array', items: domainResult } },
              },
            },
          },
        },
      },
    },
    async (request): Promise<DomainVerificationResponse> => {
      const { accountId } = tenantOf(request);
      const connection = await connections.findByAccount(accountId);
      if (!connection) throw httpError(404, 'not_found', MESSAGES.notConfigured);
      return { data: { domains: await verifier.verifyAll(connection) } };
    },
  );

  app.post<{ Body: OpenAdminPortalRequest }>(
    SSO_PATHS.openAdminPortal,
    {
      config: adminOf('body.accountId'),
      schema: {
        summary: "Open the identity provider's set-up portal for an account (account admins)",
        body: {
          type: 'object',
          required: ['accountId'],
          additionalProperties: false,
          properties: { accountId: idString },
        },
        response: {
          200: { type: 'object', required: ['redirect_uri'], properties: { redirect_uri: { type: 'string' } } },
        },
      },
    },
    async (request): Promise<RedirectResponse> => {
      const { accountId } = tenantOf(request);
      return { redirect_uri: `${app.config.publicUrl}${SSO_SETTINGS_PAGE}?accountId=${accountId}` };
    },
  );
}
