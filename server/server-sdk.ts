import { PLUGIN_API_MAJOR } from '../core/common/plugin-package';
import { registerTenantResource, tenantOf } from './authz/index';
import { HttpError, httpError } from './http/errors';
import { resourceSchema } from './http/resource-schema';
import { defineServerPlugin, workspaceChangeTriggersSql, type ServerPlugin } from './plugin-api';
import { serviceToken } from './services';

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
  /** The tenant (account, workspace, role) a route declared with `config.tenant` and the host checked. */
  tenantOf,
  /** Name a resource for `config.tenant: { resource, id }`: the host maps its id to the owning workspace. */
  registerTenantResource,
  /** Reach a service another plugin provides (`app.services.get(token)`). */
  serviceToken,
  /** A migration's SQL that makes changes to your table (with `workspace_id`) move the workspace revision. */
  workspaceChangeTriggersSql,
});

export type ServerSdk = typeof serverSdk;

/** The default export of an outside plugin's server entry. */
export type ServerPluginEntry = ServerPlugin | ((sdk: ServerSdk) => ServerPlugin | Promise<ServerPlugin>);
