import type { Storage, AccountMembership, WorkspaceRecord } from '../../../server/plugin-api';
import type { AccountUserRecord, InvitationRecord } from './account-user-directory';
import type { WorkspaceUserRecord } from './workspace-administration';
import type {
  AccountResource,
  AccountUserResource,
  InvitationResource,
  WorkspaceResource,
  WorkspaceUserResource,
} from '../common/accounts-contract';

/** Rows to the `{ id, type, attributes }` resources of plugins/accounts/common/accounts-contract.ts. */
export class AccountsPresenter {
  constructor(private readonly storage: Storage) {}

  private url(key: string | null): string | null {
    return key ? this.storage.urlFor(key) : null;
  }

  account(membership: AccountMembership): AccountResource {
    return {
      id: membership.accountId,
      type: 'account',
      attributes: {
        name: membership.name,
        avatarUrl: this.url(membership.avatarKey),
        role: membership.role,
        lastUsedWorkspaceId: membership.lastUsedWorkspaceId,
        subscription: { isCurrent: membership.subscriptionIsCurrent },
      },
    };
  }

  workspace(workspace: WorkspaceRecord): WorkspaceResource {
    return {
      id: workspace.id,
      type: 'workspace',
      attributes: {
        name: workspace.name,
        numberOfProjects: workspace.numberOfProjects,
        accountId: workspace.accountId,
      },
    };
  }

  workspaceUser({ id, ...attributes }: WorkspaceUserRecord): WorkspaceUserResource {
    return { id, type: 'workspace_user', attributes };
  }

  accountUser(record: AccountUserRecord): AccountUserResource {
    return {
      id: record.id,
      type: 'account_user',
      attributes: {
        role: record.role,
        userId: record.userId,
        name: record.name,
        email: record.email,
        avatarUrl: this.url(record.avatarKey),
        workspaceUsers: record.workspaceUsers,
      },
    };
  }

  invitation(record: Pick<InvitationRecord, 'id' | 'email' | 'role'>): InvitationResource {
    return {
      id: record.id,
      type: 'account_invitation',
      attributes: { email: record.email, role: record.role, pending: true },
    };
  }
}
