import type { AccountResource, UserResource, WorkspaceResource } from '../common/session-types';

/**
 * docs/product-contract.md#states-and-transitions: URL accountId if it is one of the user's accounts; else the user's last used
 * account; else the account whose subscription is current; else the first account.
 */
export function chooseAccount(
  accounts: AccountResource[],
  user: UserResource | null,
  urlAccountId: string | null,
): AccountResource | null {
  const byId = (id: string | null | undefined) => (id ? accounts.find((a) => a.id === id) : undefined);
  return (
    byId(urlAccountId) ??
    byId(user?.attributes.lastUsedAccountId) ??
    accounts.find((a) => a.attributes.subscription?.isCurrent) ??
    accounts[0] ??
    null
  );
}

/** docs/product-contract.md#states-and-transitions: URL workspaceId; else the account's or the user's last used workspace; else the first. */
export function chooseWorkspace(
  workspaces: WorkspaceResource[],
  account: AccountResource | null,
  user: UserResource | null,
  urlWorkspaceId: string | null,
): WorkspaceResource | null {
  const byId = (id: string | null | undefined) => (id ? workspaces.find((w) => w.id === id) : undefined);
  return (
    byId(urlWorkspaceId) ??
    byId(account?.attributes.lastUsedWorkspaceId) ??
    byId(user?.attributes.lastUsedWorkspaceId) ??
    workspaces[0] ??
    null
  );
}

/** Reads accountId/workspaceId from a query string and returns the address without them. */
export function takeSelectionParams(search: string): {
  accountId: string | null;
  workspaceId: string | null;
  rest: string;
} {
  const params = new URLSearchParams(search);
  const accountId = params.get('accountId');
  const workspaceId = params.get('workspaceId');
  params.delete('accountId');
  params.delete('workspaceId');
  const rest = params.toString();
  return { accountId, workspaceId, rest: rest ? `?${rest}` : '' };
}
