import { httpError, type HttpError } from '../../../server/plugin-api';

/**
 * The guard rails of account management, as the 422 messages people see. They are enforced in
 * the administration repositories (inside the transaction that would break them), so no route
 * can skip them.
 */
export const TENANCY_RULES = {
  lastAdminDemoted: { code: 'last_admin', message: 'The last admin of an account cannot be demoted' },
  lastAdminRemoved: { code: 'last_admin', message: 'The last admin of an account cannot be removed' },
  lastWorkspaceDeleted: {
    code: 'last_workspace',
    message: 'An account keeps at least one workspace: the last one cannot be deleted',
  },
  adminAccessFixed: {
    code: 'admin_access',
    message: 'Admins have access to every workspace: change their role to remove it',
  },
} as const;

export type TenancyRule = keyof typeof TENANCY_RULES;

export function tenancyRuleBroken(rule: TenancyRule): HttpError {
  return httpError(422, TENANCY_RULES[rule].code, TENANCY_RULES[rule].message);
}

/** Row locks serialise concurrent guards on one account (two admins demoting each other at once). */
export const LOCK_ACCOUNT = 'SELECT id FROM accounts WHERE id = $1 FOR UPDATE';
