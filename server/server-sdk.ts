import { PLUGIN_API_MAJOR } from '../core/common/plugin-package';
import { ID_PATTERN } from '../core/common/resource-id';
import { registerTenantResource, tenantOf } from './authz/index';
import { HttpError, httpError } from './http/errors';
import { resourceSchema } from './http/resource-schema';
import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from './http/request-context';
import { registerRequestAuthenticator, type RequestCredential } from './http/request-credentials';
import {
  contributeToServer,
  defineDomainEvent,
  defineServerExtensionPoint,
  defineServerPlugin,
  subscribeInTransaction,
  subscribeTo,
  workspaceChangeTriggersSql,
  workspaceStandingSql,
  type ServerPlugin,
} from './plugin-api';
import { serviceRef, serviceToken } from './services';

/**
 * What the host hands a server entry built outside Polycue. Such a plugin is plain JavaScript
 * loaded from PLUGINS_DIR: it cannot import the host's modules by path, so its entry may be a
 * function of this object instead of a bare definition. Everything else arrives with the Fastify
 * instance its routes get (`app.db`, `app.services`, `app.jobs`, `app.storage`, `app.mailer`).
 *
 * Part of the versioned plugin API (PLUGIN_API_MAJOR): fields are only added within a major.
 */
export const serverSdk = Object.freeze({
  apiVersion: PLUGIN_API_MAJOR,
  defineServerPlugin,
  /** Answer a 4xx with a message people read: `throw sdk.httpError(404, 'not_found', 'Greeting not found')`. */
  httpError,
  HttpError,
  /** The `{ id, type, attributes }` response schema every resource uses. */
  resourceSchema,
  /**
   * The JSON-schema `pattern` of every id (`{ type: 'string', pattern: sdk.idPattern }`): a positive
   * bigint of at most 18 digits, so a longer one is a 400, never a database error.
   */
  idPattern: ID_PATTERN,
  /**
   * The tenant a route declared with `config.tenant` and the host checked: `{ accountId,
   * accountUserId, accountRole: 'admin' | 'member', workspaceId?, accessType?, workspaceRevision? }`.
   */
  tenantOf,
  /** Who is calling: `{ id, email, confirmed }`, or null on a public route called without a session. */
  currentUserOf: (request: FastifyRequest): CurrentUser | null => request.currentUser ?? null,
  /** Name a resource for `config.tenant: { resource, id }`: the host maps its id to the owning workspace. */
  registerTenantResource,
  /**
   * A typed service ref by name (docs/plugins.md, service refs): yours to `provides`, or one of
   * Polycue's to `requires` (`app.services.get(ref)`) or `uses` (`app.services.find(ref)`).
   */
  serviceRef,
  /**
   * Authenticate API requests with a credential of your own (an API token, `Authorization:
   * Bearer …`): `sdk.registerRequestAuthenticator(app, { scheme: 'Bearer', authenticate(token,
   * request, reply) → { id, user, limits } | null })`. The host then treats the request as the
   * person, narrowed to `limits` (docs/plugins.md, "Credentials"). Added within v1.
   */
  registerRequestAuthenticator,
  /**
   * A user's standing in a workspace as SQL (`user`, `workspace`: SQL expressions), for an
   * authenticator whose lookup brings it along (`to_json(st) AS standing`). Added within v1.
   */
  workspaceStandingSql,
  /** Who authenticated with a credential instead of the session: `{ id, user, limits }`, or null for a browser. */
  credentialOf: (request: FastifyRequest): RequestCredential | null => request.credential ?? null,
  /** @deprecated the first name of `serviceRef` (same result); kept within API v1. */
  serviceToken,
  /** A migration's SQL that makes changes to your table (with `workspace_id`) move the workspace revision. */
  workspaceChangeTriggersSql,
  /**
   * A server extension point by its id: your own (`extensionPoints`, read with
   * `app.extensions.contributions(point)`), or one of Polycue's to contribute to with
   * `contributeToServer`, e.g. `sdk.defineServerExtensionPoint('projects.versionList')` (ids in docs/plugins.md).
   */
  defineServerExtensionPoint,
  /** A contribution to an extension point: `contributions: [sdk.contributeToServer(point, value)]`. */
  contributeToServer,
  /**
   * A domain event by name and version: one of Polycue's to subscribe to
   * (`sdk.defineDomainEvent<{ projectVersionId: string }>('projects.versionCreated', 1)`, the list
   * is in docs/plugins.md), or your own to publish with `app.events.publish(tx, event, payload)`.
   */
  defineDomainEvent,
  /** A listener for your definition's `subscriptions`: `sdk.subscribeTo(event, 'my-plugin.what', async (event, { tx }) => …)`. */
  subscribeTo,
  /**
   * A listener called inside the publishing transaction (added within v1): what it writes through
   * `tx` commits or rolls back with the change; `origin` says who made it, from where. For records
   * that must match the changes exactly (an audit log); a throw fails the change.
   */
  subscribeInTransaction,
});

export type ServerSdk = typeof serverSdk;

/** The default export of an outside plugin's server entry. */
export type ServerPluginEntry = ServerPlugin | ((sdk: ServerSdk) => ServerPlugin | Promise<ServerPlugin>);
