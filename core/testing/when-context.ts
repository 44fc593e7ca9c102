import type { WhenContext } from '../plugin/plugin-api';

/**
 * A `WhenContext` for tests of commands and `when` clauses: a confirmed member on `/` of account
 * `a1`, workspace `w1`, unless told otherwise (e.g. `{ keys: { 'projects.selectedIds': new Set(['v1']) } }`).
 */
export function testWhenContext(overrides: Partial<WhenContext> = {}): WhenContext {
  return {
    isAuthenticated: true,
    isMember: true,
    path: '/',
    accountId: 'a1',
    workspaceId: 'w1',
    isAccountAdmin: false,
    keys: {},
    ...overrides,
  };
}
