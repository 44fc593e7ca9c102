/**
 * What a route may declare in `config.tenant`, and the start-up check that every product route
 * under /api/ declares something (see server/authz/index.ts for the whole mechanism).
 */

/** Where an id is read from: `params.accountId`, `query.workspaceId`, `body.accountId`. */
export type IdLocation = `params.${string}` | `query.${string}` | `body.${string}`;

export type TenantRequirement =
  | 'none'
  | { account: IdLocation; role?: 'admin'; optional?: boolean }
  | { workspace: IdLocation; role?: 'admin' }
  | { resource: string; id: IdLocation; role?: 'admin' };

export interface RouteCatalogEntry {
  method: string;
  url: string;
  config: Record<string, any>;
  schema: Record<string, any>;
}

const LOCATION = /^(params|query|body)\.[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

export function tenantRequirementOf(config: Record<string, any>): TenantRequirement | undefined {
  return config?.tenant as TenantRequirement | undefined;
}

function describe(route: { method: string | string[]; url: string }): string {
  return `${[route.method].flat().join(',')} ${route.url}`;
}

/** Throws (and so stops start-up) when a route's tenant declaration is missing or malformed. */
export function assertTenantDeclared(route: {
  method: string | string[];
  url: string;
  config?: Record<string, any>;
}): void {
  const config = route.config ?? {};
  // Only config.tenant.role is enforced: a `role` beside it would let every member call an admin action.
  if ('role' in config) {
    throw new Error(
      `Route ${describe(route)} declares config.role: put it inside config.tenant (e.g. { workspace: 'body.workspaceId', ` +
        `role: 'admin' }); at the top of config nothing enforces it`,
    );
  }
  const access = config.access ?? 'member';
  const tenant = tenantRequirementOf(config);
  if (tenant === undefined) {
    if (route.url.startsWith('/api/') && access === 'member') {
      throw new Error(
        `Route ${describe(route)} has access 'member' but declares no config.tenant. Declare the account or workspace ` +
          `it acts in ({ account: 'params.accountId' }, { workspace: 'query.workspaceId' }, { resource, id }) or ` +
          `tenant: 'none' for a user-level route (server/authz/index.ts).`,
      );
    }
    return;
  }
  if (tenant === 'none') return;
  if (access === 'public')
    throw new Error(`Route ${describe(route)} is public but declares a tenant: a tenant needs a logged-in user`);
  const locations =
    'account' in tenant
      ? [tenant.account]
      : 'workspace' in tenant
        ? [tenant.workspace]
        : 'resource' in tenant
          ? [tenant.id]
          : [];
  if (locations.length !== 1 || !LOCATION.test(locations[0] ?? '')) {
    throw new Error(`Route ${describe(route)} has a malformed config.tenant: ${JSON.stringify(tenant)}`);
  }
  if (tenant.role !== undefined && tenant.role !== 'admin') {
    throw new Error(`Route ${describe(route)}: config.tenant.role can only be 'admin'`);
  }
}
