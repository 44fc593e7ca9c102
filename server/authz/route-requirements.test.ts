import { describe, expect, it } from 'vitest';
import { assertTenantDeclared } from './route-requirements';

const route = (config: Record<string, unknown>) => ({ method: 'PUT', url: '/api/v1/reading-speed/settings', config });

describe('a route’s tenant declaration, checked at start-up', () => {
  it('takes an admin requirement inside config.tenant', () => {
    expect(() =>
      assertTenantDeclared(route({ tenant: { workspace: 'body.workspaceId', role: 'admin' } })),
    ).not.toThrow();
  });

  it('stops start-up on `role` at the top of config, where nothing would enforce it (any member could call)', () => {
    expect(() =>
      assertTenantDeclared(route({ access: 'member', tenant: { workspace: 'body.workspaceId' }, role: 'admin' })),
    ).toThrow(/^Route PUT \/api\/v1\/reading-speed\/settings declares config.role: put it inside config.tenant/);
  });

  it('still stops start-up on a member route under /api/ that declares no tenant', () => {
    expect(() => assertTenantDeclared(route({}))).toThrow(/declares no config.tenant/);
  });
});
