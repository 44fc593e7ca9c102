/**
 * Authorization in one place: every route says which tenant (account or workspace) it acts in,
 * and one preHandler checks the caller's membership before the handler runs.
 *
 * How a route declares it (in `config`, next to `access`):
 *
 *   config: { access: 'member', tenant: { account: 'params.accountId', role: 'admin' } }
 *   config: { access: 'member', tenant: { workspace: 'query.workspaceId' } }
 *   config: { access: 'member', tenant: { resource: 'workspaceUser', id: 'params.workspaceUserId', role: 'admin' } }
 *   config: { access: 'member', tenant: 'none' }          // genuinely user-level (rare: say why)
 *
 * - `account` / `workspace` / `id` name where the id is: `params.x`, `query.x` or `body.x`
 *   (read after schema validation, so the id is well-formed).
 * - `resource` names a resolver a plugin registered with `registerTenantResource(app, name, fn)`;
 *   it maps the id to its owning `{ accountId, workspaceId? }` (e.g. a label -> its workspace).
 * - `role: 'admin'` requires an account admin; the default lets any account user with access in.
 * - `optional: true` (account only): a missing id falls back to the user's last used account.
 *
 * What the caller gets (the membership is read from the database on every request, so a role
 * change takes effect on the next request, without logging in again; for a workspace named in
 * the query string it is read in the same statement as the session, see sessions.ts):
 * - not a member of the account, the workspace not visible to them, or the row unknown: 404 with
 *   the resource's "not found" message (another tenant's row is indistinguishable from none);
 * - a member where an admin is required: 403 'Only account admins can do this';
 * - otherwise `request.tenant = { accountId, accountUserId, accountRole, workspaceId?, accessType?, workspaceRevision? }`.
 *
 * Forgetting is impossible: at start-up an `onRoute` check throws for a route under `/api/` with
 * access `member` (the default) and no `tenant`. Handlers then scope every statement by
 * `request.tenant` (bulk calls: `WHERE id = ANY($1) AND account_id = $2`), so ids of another
 * tenant in a body are simply not touched. Every route is also recorded in `app.routeCatalog`,
 * which the tenant-isolation sweep (tests/http/isolation-sweep.test.ts) walks.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { httpError } from '../http/errors';
import { credentialRefusal } from '../http/request-credentials';
import {
  TenancyRepository,
  type AccountRole,
  type TenantOwner,
  type WorkspaceAccessType,
} from '../identity/tenancy-repository';
import { compactWorkspaceChanges, COMPACT_WORKSPACE_CHANGES_AFTER } from '../identity/workspace-revision';
import {
  assertTenantDeclared,
  tenantRequirementOf,
  type RouteCatalogEntry,
  type TenantRequirement,
} from './route-requirements';
import { isResourceId } from '../../core/common/resource-id';

export type { TenantRequirement, RouteCatalogEntry } from './route-requirements';

export const ONLY_ADMINS_MESSAGE = 'Only account admins can do this';
export const ACCOUNT_NOT_FOUND_MESSAGE = 'Account not found';
export const WORKSPACE_NOT_FOUND_MESSAGE = 'Workspace not found';

/** The caller's standing in the tenant the route acts in. */
export interface Tenant {
  accountId: string;
  accountUserId: string;
  accountRole: AccountRole;
  workspaceId?: string;
  accessType?: WorkspaceAccessType;
  /** Workspace routes: moves whenever something the workspace shows changes (server/identity/workspace-revision.ts). */
  workspaceRevision?: string;
}

/** Maps a resource id to its owner; null when the id names nothing. */
export type TenantResourceResolver = (id: string) => Promise<TenantOwner | null>;

interface ResourceRegistration {
  resolve: TenantResourceResolver;
  notFoundMessage: string;
}

/** A plugin names its resources once, usually right where it registers its routes. */
export function registerTenantResource(
  app: FastifyInstance,
  name: string,
  resolve: TenantResourceResolver,
  notFoundMessage = 'Not found',
): void {
  if (app.tenantResources.has(name)) throw new Error(`Tenant resource "${name}" is registered twice`);
  app.tenantResources.set(name, { resolve, notFoundMessage });
}

function valueAt(request: FastifyRequest, location: string): unknown {
  const [part, ...rest] = location.split('.');
  let value: unknown = part === 'params' ? request.params : part === 'query' ? request.query : request.body;
  for (const key of rest)
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

function idAt(request: FastifyRequest, location: string): string | null {
  const value = valueAt(request, location);
  return typeof value === 'string' && value !== '' ? value : null;
}

export const authzPlugin = fp(
  async (app: FastifyInstance) => {
    const tenancy = new TenancyRepository(app.db);
    const catalog: RouteCatalogEntry[] = [];
    app.decorate('routeCatalog', catalog as readonly RouteCatalogEntry[]);
    app.decorate('tenantResources', new Map<string, ResourceRegistration>());
    app.decorateRequest('tenant', null);

    // Routes naming their workspace in the query string: the session lookup reads the caller's
    // standing along (one round trip). Only a well-formed id is passed; the preHandler still
    // compares it with the validated one and reads the standing itself when they differ.
    app.workspaceOfRequest = (request) => {
      const requirement = tenantRequirementOf(request.routeOptions.config ?? {});
      if (!requirement || requirement === 'none' || !('workspace' in requirement)) return null;
      const [part, key, ...rest] = requirement.workspace.split('.');
      if (part !== 'query' || rest.length > 0) return null;
      const value = (request.query as Record<string, unknown> | undefined)?.[key];
      return isResourceId(value) ? value : null;
    };

    app.addHook('onRoute', (route) => {
      assertTenantDeclared(route);
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        catalog.push({ method, url: route.url, config: route.config ?? {}, schema: route.schema ?? {} });
      }
    });

    // A resource named by a route but registered by no plugin would 500 on every call: refuse to start.
    app.addHook('onReady', async () => {
      for (const entry of catalog) {
        const requirement = tenantRequirementOf(entry.config);
        if (
          requirement &&
          requirement !== 'none' &&
          'resource' in requirement &&
          !app.tenantResources.has(requirement.resource)
        ) {
          throw new Error(
            `Route ${entry.method} ${entry.url} needs tenant resource "${requirement.resource}", which no plugin registers`,
          );
        }
      }
    });

    async function resolveOwner(
      request: FastifyRequest,
      requirement: Exclude<TenantRequirement, 'none'>,
      userId: string,
    ) {
      if ('account' in requirement) {
        const accountId =
          idAt(request, requirement.account) ?? (requirement.optional ? await tenancy.defaultAccountId(userId) : null);
        return { owner: accountId ? { accountId } : null, notFound: ACCOUNT_NOT_FOUND_MESSAGE };
      }
      if ('workspace' in requirement) {
        const workspaceId = idAt(request, requirement.workspace);
        return { owner: workspaceId ? { workspaceId } : null, notFound: WORKSPACE_NOT_FOUND_MESSAGE };
      }
      const registration = app.tenantResources.get(requirement.resource)!;
      const id = idAt(request, requirement.id);
      return { owner: id ? await registration.resolve(id) : null, notFound: registration.notFoundMessage };
    }

    app.addHook('preHandler', async (request) => {
      const requirement = tenantRequirementOf(request.routeOptions.config ?? {});
      if (!requirement || requirement === 'none') return;
      const user = request.currentUser;
      // The access hook already answered 401 for routes that need a user; a public route with a tenant is a mistake.
      if (!user) throw httpError(401, 'unauthenticated', 'You need to sign in or sign up before continuing.');

      const { owner, notFound } = await resolveOwner(request, requirement, user.id);
      // Read with the session when the raw query named the same workspace the validated one does.
      const prefetched = request.prefetchedStanding;
      const standing = owner
        ? owner.workspaceId
          ? prefetched && prefetched.workspaceId === owner.workspaceId
            ? prefetched.standing
            : await tenancy.findWorkspaceStanding(user.id, owner.workspaceId)
          : await tenancy.findAccountStanding(user.id, owner.accountId!)
        : null;
      // A resolver's account must agree with the workspace it names; anything else is "not there".
      if (!standing || (owner?.accountId && owner.accountId !== standing.accountId))
        throw httpError(404, 'not_found', notFound);
      // An API token acts as its owner, narrowed to its account, workspace and scope.
      const refusal =
        request.credential &&
        credentialRefusal(request.credential.limits, standing, requirement.role === 'admin', notFound);
      if (refusal) throw refusal;
      if (requirement.role === 'admin' && standing.accountRole !== 'admin')
        throw httpError(403, 'forbidden', ONLY_ADMINS_MESSAGE);
      const { workspaceChangeRows, ...tenant } = standing;
      if (tenant.workspaceId && (workspaceChangeRows ?? 0) > COMPACT_WORKSPACE_CHANGES_AFTER) {
        compactWorkspaceChanges(app.db, tenant.workspaceId, (err) =>
          request.log.warn({ err }, 'workspace change compaction failed'),
        );
      }
      request.tenant = tenant;
    });
  },
  { name: 'polycue-authz', dependencies: ['polycue-access'] },
);

/** The tenant of a route that declared one; throws if called from a route that did not. */
export function tenantOf(request: FastifyRequest): Tenant {
  if (!request.tenant)
    throw new Error(`${request.method} ${request.url}: no tenant resolved (does the route declare config.tenant?)`);
  return request.tenant;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (method, url, config, schema): walked by the isolation sweep. */
    readonly routeCatalog: readonly RouteCatalogEntry[];
    tenantResources: Map<string, ResourceRegistration>;
  }
  interface FastifyRequest {
    tenant: Tenant | null;
  }
  interface FastifyContextConfig {
    /** Which account/workspace the route acts in; see server/authz/index.ts. */
    tenant?: TenantRequirement;
  }
}
