import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { httpError } from './errors';
import type { TenantStanding } from '../identity/tenancy-repository';
import type { CurrentUser } from './request-context';

/**
 * Credentials other than the browser's session cookie, e.g. API tokens sent as
 * `Authorization: Bearer <token>`. The host knows no token format: a plugin registers an
 * authenticator for a scheme (`registerRequestAuthenticator`), and the host applies what it
 * answers the same way for every route, first-party or outside:
 *
 * - only `/api/v1/` routes take such a credential (pages, sign-in and the like stay cookie-only);
 * - public routes (`access: 'public'`) ignore it: the request is answered as without the header;
 * - the request then has no session: none is read (even with a cookie), none is created, and
 *   the CSRF check is skipped (a cross-site page cannot set an `Authorization` header);
 * - the caller is the person the credential belongs to, with the same checks as in the browser
 *   (access, membership, roles), NARROWED by its limits: one account, optionally one workspace,
 *   read-only (GET/HEAD only), and account-admin routes only with `admin`;
 * - routes that act in no declared tenant (`tenant: 'none'` or none) are refused: they check
 *   membership in their handler, across all the person's accounts, which a credential limited to
 *   one account must not reach; so are routes declaring `config.credentials: false`.
 *
 * An unknown, expired or revoked credential is a 401 (never a fall-back to the cookie).
 */

export interface CredentialLimits {
  /** The one account the credential acts in; any other account's rows look missing (404). */
  accountId: string;
  /** When set, the one workspace: routes in another workspace, or account-wide ones, look missing (404). */
  workspaceId: string | null;
  /** Safe methods (GET, HEAD) only. */
  readOnly: boolean;
  /** May call routes declaring `role: 'admin'` (the person must still be an account admin). */
  admin: boolean;
}

export interface RequestCredential {
  /** Names the credential in logs and rate limits (e.g. the token's id); never the secret. */
  id: string;
  user: CurrentUser;
  limits: CredentialLimits;
  /**
   * Optional: the person's standing in `hint.workspaceId` (null: none), read in the same round
   * trip as the credential (`workspaceStandingSql`), as the session lookup does; the authorization
   * hook then needs no query of its own. Leave it out to let the host read it.
   */
  standing?: TenantStanding | null;
}

/** What the host knows before authenticating: the workspace a route names in its query string (unvalidated), if any. */
export interface CredentialHint {
  workspaceId: string | null;
}

export interface RequestAuthenticator {
  /** The `Authorization` scheme, e.g. `Bearer` (compared case-insensitively). */
  scheme: string;
  /**
   * The credential's owner and limits, or null when it is unknown, expired or revoked (the host
   * answers 401). May set headers on `reply` (rate-limit headers) or throw an HttpError (429).
   */
  authenticate(
    credential: string,
    request: FastifyRequest,
    reply: FastifyReply,
    hint: CredentialHint,
  ): Promise<RequestCredential | null>;
}

export const INVALID_CREDENTIAL_MESSAGE = 'The API token is invalid, expired or revoked';
export const READ_ONLY_CREDENTIAL_MESSAGE = 'This API token can only read: its scope is read';
export const ADMIN_CREDENTIAL_MESSAGE = 'This API token cannot do this: it needs the admin scope';
export const CREDENTIAL_NEEDS_TENANT_MESSAGE =
  'This call is not available with an API token: it needs a browser session';
/** A route with `config.credentials: false` (e.g. managing API tokens: a token never mints another). */
export const CREDENTIAL_REFUSED_MESSAGE = CREDENTIAL_NEEDS_TENANT_MESSAGE;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CREDENTIAL_PATH = /^\/api\/v1\//;
const AUTHORIZATION = /^([A-Za-z][A-Za-z0-9._~+-]*) +(\S{1,512})$/;

/** A plugin's authenticator for one scheme; a second one for the same scheme is a start-up error. */
export function registerRequestAuthenticator(app: FastifyInstance, authenticator: RequestAuthenticator): void {
  const scheme = authenticator.scheme.toLowerCase();
  if (app.requestAuthenticators.has(scheme))
    throw new Error(`An authenticator for "${authenticator.scheme}" is registered twice`);
  app.requestAuthenticators.set(scheme, authenticator);
}

/**
 * The credential the request carries for a registered scheme: null for a browser request (or a
 * scheme nobody registered), 'malformed' for a registered scheme without a well-formed value.
 */
function credentialOf(app: FastifyInstance, request: FastifyRequest) {
  if (app.requestAuthenticators.size === 0) return null;
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !CREDENTIAL_PATH.test(request.url)) return null;
  const scheme = /^\S+/.exec(header.trim())?.[0].toLowerCase() ?? '';
  const authenticator = app.requestAuthenticators.get(scheme);
  if (!authenticator) return null;
  const match = AUTHORIZATION.exec(header.trim());
  return match ? { authenticator, credential: match[2] } : ('malformed' as const);
}

function unauthorized(reply: FastifyReply, scheme = 'Bearer') {
  reply.header('www-authenticate', `${scheme} error="invalid_token"`);
  return httpError(401, 'invalid_token', INVALID_CREDENTIAL_MESSAGE);
}

/**
 * Runs before the session hook: a request with a credential never reads or makes a session.
 * Registered before `polycue-sessions`, which leaves requests with `request.credential` alone.
 */
export const requestCredentialsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('requestAuthenticators', new Map<string, RequestAuthenticator>());
    app.decorateRequest('credential', null);
    app.addHook('onRequest', async (request, reply) => {
      if (request.is404) return;
      // A public route (a share link's `/api/v1/shared/…`, sign-in) needs nobody: scripts send
      // their token on every call, so it is ignored there, not refused, and not even looked up.
      // The route answers as without the header (a write still needs the session's CSRF token).
      if (request.routeOptions.config?.access === 'public') return;
      const found = credentialOf(app, request);
      if (found === null) return;
      if (found === 'malformed') throw unauthorized(reply);
      const hint = { workspaceId: app.workspaceOfRequest?.(request) ?? null };
      const credential = await found.authenticator.authenticate(found.credential, request, reply, hint);
      if (!credential) throw unauthorized(reply, found.authenticator.scheme);
      if (hint.workspaceId && credential.standing !== undefined)
        request.prefetchedStanding = { workspaceId: hint.workspaceId, standing: credential.standing };
      request.credential = credential;
      request.currentUser = credential.user;
      if (credential.limits.readOnly && !SAFE_METHODS.has(request.method))
        throw httpError(403, 'insufficient_scope', READ_ONLY_CREDENTIAL_MESSAGE);
      const config = request.routeOptions.config ?? {};
      // A route about the credential itself (`credentials: 'self'`, e.g. "which token is this?")
      // reads nothing of any tenant: its handler answers from `request.credential` alone.
      if (config.credentials === 'self') return;
      // A route whose tenant is not in its params, query or body (tus uploads: the workspace is in
      // Upload-Metadata) takes the credential and narrows it itself with `credentialRefusal`.
      if (config.credentials === 'handler') return;
      const tenant = config.tenant;
      if (typeof tenant !== 'object' || tenant === null || config.credentials === false)
        throw httpError(403, 'credential_not_allowed', CREDENTIAL_NEEDS_TENANT_MESSAGE);
    });
  },
  { name: 'polycue-request-credentials', dependencies: ['@fastify/cookie'] },
);

/**
 * The authz hook's last word on a credential: its account, its workspace, its admin scope.
 * Returns the error to throw, or null. "Not there" for another tenant, as for a stranger.
 */
export function credentialRefusal(
  limits: CredentialLimits,
  standing: { accountId: string; workspaceId?: string },
  needsAdmin: boolean,
  notFoundMessage: string,
) {
  if (standing.accountId !== limits.accountId) return httpError(404, 'not_found', notFoundMessage);
  if (limits.workspaceId !== null && standing.workspaceId !== limits.workspaceId)
    return httpError(404, 'not_found', notFoundMessage);
  if (needsAdmin && !limits.admin) return httpError(403, 'insufficient_scope', ADMIN_CREDENTIAL_MESSAGE);
  return null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Authenticators plugins registered, by lower-case scheme (registerRequestAuthenticator). */
    requestAuthenticators: Map<string, RequestAuthenticator>;
  }
  interface FastifyContextConfig {
    /**
     * `false`: a browser session only, never a credential such as an API token (403). Default:
     * allowed on tenant routes. `'self'`: a route about the calling credential itself (no tenant;
     * the handler reads `request.credential`, and answers a browser session with 401). `'handler'`:
     * a route with `tenant: 'none'` whose handler narrows a credential itself (`credentialRefusal`
     * with the standing it found), because its tenant is not in params, query or body.
     */
    credentials?: boolean | 'self' | 'handler';
  }
  interface FastifyRequest {
    /** Set when the request authenticated with a credential (an API token) instead of the session cookie. */
    credential: RequestCredential | null;
  }
}
