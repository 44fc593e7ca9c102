/**
 * The accounts calls as both sides see them: paths, bodies, resources and the spec's messages
 * (docs/product-contract.md#calls "Accounts", "Account users", "Workspaces"; docs/product-contract.md#messages "User, accounts, workspaces").
 * Errors come back as `{ statusCode, error, message, code?, field? }`.
 */
import type { AccountResource, AccountRole, Resource, WorkspaceResource } from '../../../core/common/session-types';

export type { AccountRole, AccountResource, WorkspaceResource };
export type WorkspaceAccessType = 'account_admin' | 'member';

export const ACCOUNTS_PATHS = {
  showWorkspaces: (accountId: string) => `/api/v1/accounts/${accountId}/show_workspaces`,
  renameAccount: (accountId: string) => `/api/v1/accounts/${accountId}/rename`,
  changeAvatar: (accountId: string) => `/api/v1/accounts/${accountId}/change_avatar`,
  createAccountUsers: (accountId: string) => `/api/v1/accounts/${accountId}/create_account_users`,
  createWorkspace: (accountId: string) => `/api/v1/accounts/${accountId}/create_workspace`,
  accountUsers: '/api/v1/account_users',
  deleteAccountUsers: '/api/v1/account_users/',
  changeRole: (accountUserId: string) => `/api/v1/account_users/${accountUserId}/change_role`,
  createWorkspaceUsers: '/api/v1/account_users/create_workspace_users/',
  renameWorkspace: (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/rename`,
  deleteWorkspaces: '/api/v1/workspaces/',
  deleteWorkspaceUser: (workspaceUserId: string) => `/api/v1/workspace_users/${workspaceUserId}`,
} as const;

/** Page routes of the plugin. */
export { ACCOUNTS_PAGES } from './accounts-pages';

/** Toasts, verbatim from docs/product-contract.md#messages. */
export const ACCOUNTS_MESSAGES = {
  imageChanged: 'Image changed',
  imageNotChanged: 'Image cannot be changed',
  workspacesNotLoaded: 'Workspaces cannot be loaded',
  accountRenamed: 'Account renamed',
  accountNotRenamed: 'Account cannot be renamed',
  accountUsersNotLoaded: 'Account users could not be loaded',
  accountUsersCreated: 'Account users created',
  accountUsersNotCreated: 'Account users could not be created',
  accountUsersDeleted: 'Account user(s) deleted',
  accountUsersNotDeleted: 'Account user(s) could not be deleted',
  roleChanged: 'Role changed',
  roleNotChanged: 'Role could not be changed',
  workspaceCreated: 'Workspace created',
  workspaceNotCreated: 'Workspace cannot be created',
  workspaceRenamed: 'Workspace renamed',
  workspaceNotRenamed: 'Workspace cannot be renamed',
  workspacesDeleted: 'Workspace(s) deleted',
  workspacesNotDeleted: 'Workspace(s) cannot be deleted',
  workspaceUsersCreated: 'Workspace user(s) created',
  workspaceUsersNotCreated: 'Workspace user(s) could not be created',
  workspaceUserDeleted: 'Workspace user deleted',
  workspaceUserNotDeleted: 'Workspace user could not be deleted',
} as const;

/** Server messages (403/404/422) the browser shows as a toast's description. */
export const ACCOUNTS_SERVER_MESSAGES = {
  onlyAdmins: 'Only account admins can do this',
  accountNotFound: 'Account not found',
  workspaceNotFound: 'Workspace not found',
  accountUserNotFound: 'Account user not found',
  workspaceUserNotFound: 'Workspace user not found',
  nameBlank: "Name can't be blank",
} as const;

export const ACCOUNT_USERS_PER_PAGE = 25;
export const NAME_MAX_LENGTH = 100;
/** How many addresses one "add people" call may carry. */
export const MAX_EMAILS_PER_INVITE = 50;
export const MAX_IDS_PER_CALL = 500;

export interface WorkspaceUserAttributes {
  accessType: WorkspaceAccessType;
  accountUserId: string;
  workspaceId: string;
  workspaceName: string;
}
export type WorkspaceUserResource = Resource<'workspace_user', WorkspaceUserAttributes>;

export interface AccountUserAttributes {
  role: AccountRole;
  userId: string;
  name: string;
  email: string;
  avatarUrl: string | null;
  /** Access rows, each with its own id (the `{workspaceUserId}` of DELETE /api/v1/workspace_users/{id}). */
  workspaceUsers: (WorkspaceUserAttributes & { id: string })[];
}
export type AccountUserResource = Resource<'account_user', AccountUserAttributes>;

/** An address invited to the account that has no user yet; it joins on sign-up. */
export type InvitationResource = Resource<'account_invitation', { email: string; role: AccountRole; pending: true }>;

export interface NameRequest {
  name: string;
}
/** PUT /api/v1/accounts/{id}/rename -> { data: AccountResource } */
export type RenameAccountRequest = NameRequest;
/** POST /api/v1/accounts/{id}/create_workspace -> 201 { data: WorkspaceResource } */
export type CreateWorkspaceRequest = NameRequest;
/** PUT /api/v1/workspaces/{id}/rename -> { data: WorkspaceResource } */
export type RenameWorkspaceRequest = NameRequest;

/** POST /api/v1/accounts/{id}/create_account_users */
export interface CreateAccountUsersRequest {
  emails: string[];
  role: AccountRole;
}
export interface CreateAccountUsersResponse {
  /** People who had a user and joined now. */
  data: AccountUserResource[];
  /** Addresses without a user: invited by mail. */
  included: InvitationResource[];
  meta: { alreadyMembers: string[] };
}

/** GET /api/v1/account_users?accountId&search&page (accountId defaults to the last used account). */
export interface AccountUsersQuery {
  accountId?: string;
  search?: string;
  page?: number;
}
export interface AccountUsersResponse {
  data: AccountUserResource[];
  /** Pending invitations matching the search; sent with page 1 only. */
  included: InvitationResource[];
  meta: { page: number; perPage: number; total: number; hasMore: boolean };
}

/** DELETE /api/v1/account_users/ -> { data: { ids, invitationIds } } (what was removed). */
export interface DeleteAccountUsersRequest {
  accountId: string;
  ids: string[];
  invitationIds?: string[];
}

/** PUT /api/v1/account_users/{id}/change_role -> { data: AccountUserResource } */
export interface ChangeRoleRequest {
  role: AccountRole;
}

/** POST /api/v1/account_users/create_workspace_users/ -> { data: WorkspaceUserResource[] } (every pair's access). */
export interface CreateWorkspaceUsersRequest {
  accountId: string;
  accountUserIds: string[];
  workspaceIds: string[];
}

/** DELETE /api/v1/workspaces/ -> { data: { ids } } */
export interface DeleteWorkspacesRequest {
  accountId: string;
  ids: string[];
}

/** DELETE /api/v1/workspace_users/{id} -> { data: WorkspaceUserResource } */
export interface DeleteWorkspaceUserResponse {
  data: WorkspaceUserResource;
}
