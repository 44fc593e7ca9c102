/**
 * Resource shapes the app-level model reads. Every resource travels as `{ id, type, attributes }`
 * (JSON:API style, as the spec's `data[0].attributes.projectId` implies).
 */
export interface Resource<TType extends string, TAttributes> {
  id: string;
  type: TType;
  attributes: TAttributes;
}

export interface RelevantAlert {
  id: string;
  message: string;
  linkLabel: string | null;
  linkUrl: string | null;
}

export type OnboardingState = 'survey' | 'processed';

export interface UserAttributes {
  name: string;
  lastName: string;
  email: string;
  /** `user` for everyone; `staff` for Polycue operators (may publish alerts). */
  role: 'user' | 'staff';
  onboardingState: OnboardingState;
  confirmedEmail: boolean;
  relevantAlert: RelevantAlert | null;
  shouldSeeNewsletterPopup: boolean;
  numberOfProjectsSuccessfullyCreated: number;
  lastUsedAccountId: string | null;
  lastUsedWorkspaceId: string | null;
  avatarUrl: string | null;
  lastViewedAlertId: string | null;
}

export type AccountRole = 'admin' | 'member' | 'reviewer';

export interface AccountAttributes {
  name: string;
  avatarUrl: string | null;
  /** The caller's role in this account. */
  role: AccountRole;
  /** The caller's last used workspace inside this account. */
  lastUsedWorkspaceId: string | null;
  subscription: { isCurrent: boolean } | null;
}

export interface WorkspaceAttributes {
  name: string;
  numberOfProjects: number;
  accountId: string;
}

export type UserResource = Resource<'user', UserAttributes>;
export type AccountResource = Resource<'account', AccountAttributes>;
export type WorkspaceResource = Resource<'workspace', WorkspaceAttributes>;

/** `GET /api/v1/users/`: the user and, as `included`, the accounts the user belongs to. */
export interface CurrentUserResponse {
  data: UserResource;
  included: AccountResource[];
}

/** `GET /api/v1/accounts/{accountId}/show_workspaces`: the workspaces the caller may open. */
export interface ShowWorkspacesResponse {
  data: WorkspaceResource[];
}
