import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tenantOf, httpError, TenancyRepository } from '../../../server/plugin-api';
import { ACCOUNTS_SERVER_MESSAGES } from '../common/accounts-contract';
import { AccountAdministration } from './account-administration';
import { AccountInvitations } from './account-invitations';
import { AccountUserDirectory } from './account-user-directory';
import { seatGuards } from './extension-points';
import { AccountsPresenter } from './accounts-presenter';
import { WorkspaceAdministration } from './workspace-administration';

/** What the accounts routes share: the identity repositories over the app's database and the presenter. */
export function createAccountsServices(app: FastifyInstance) {
  return {
    tenancy: new TenancyRepository(app.db),
    accounts: new AccountAdministration(app.db, app.events),
    workspaces: new WorkspaceAdministration(app.db, app.events),
    directory: new AccountUserDirectory(app.db),
    // The plan's seats: what other plugins contribute to seatGuards (billing), read per use.
    invitations: new AccountInvitations(app.db, () => app.extensions.contributions(seatGuards), app.events),
    presenter: new AccountsPresenter(app.storage),
  };
}

export type AccountsServices = ReturnType<typeof createAccountsServices>;

/** A name as typed: trimmed; only spaces is a 422 naming the field. */
export function cleanName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw httpError(422, 'invalid', ACCOUNTS_SERVER_MESSAGES.nameBlank, 'name');
  return trimmed;
}

/** The caller's tenant (resolved by server/authz before the handler) as the directory's viewer. */
export function viewerOf(request: FastifyRequest) {
  const tenant = tenantOf(request);
  return { accountUserId: tenant.accountUserId, accountRole: tenant.accountRole };
}
