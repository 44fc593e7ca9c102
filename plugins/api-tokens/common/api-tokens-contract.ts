import type { Resource } from '../../../core/common/session-types';

/**
 * Personal API tokens (issue 26): a person's scripts call every `/api/v1` route with
 * `Authorization: Bearer pcu_…`, as that person, narrowed to one account (optionally one
 * workspace) and a scope. The secret is shown once, at creation; only its SHA-256 is stored.
 * Managing tokens needs the browser session: a token never lists, mints or revokes tokens.
 */
export const API_TOKENS_PATHS = {
  /** GET ?accountId -> ApiTokenListResponse (the caller's own tokens in that account); POST CreateApiTokenRequest -> CreatedApiTokenResponse (201). */
  tokens: '/api/v1/api_tokens',
  /**
   * GET with the token itself (Authorization: Bearer) -> CurrentApiTokenResponse: which token this
   * is, its account, workspace and scope, and whose it is. What a script or the CLI asks first; a
   * browser session gets 401 (it is no token).
   */
  current: '/api/v1/api_tokens/current',
  /** DELETE -> { data: { id } }: revoked at once (the next call with it is a 401). */
  token: (id: string) => `/api/v1/api_tokens/${id}`,
} as const;

/** The page under the account settings. */
export const API_TOKENS_PAGE = '/account/api_tokens';

/** Every token starts with it, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'pcu_';

export const API_TOKEN_SCOPES = ['read', 'write', 'admin'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** What each scope allows, as the page explains it. */
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Read: look only (GET)',
  write: 'Write: everything you can do, except account administration',
  admin: 'Admin: everything you can do, account administration included',
};

/** Expiry choices of the page, in days; null: never expires. */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const API_TOKEN_MAX_EXPIRY_DAYS = 366;

export interface ApiTokenAttributes {
  name: string;
  /** `pcu_` and the first characters of the secret: enough to recognise it, never to use it. */
  prefix: string;
  scope: ApiTokenScope;
  accountId: string;
  /** The one workspace it may act in; null: every workspace its owner may open in the account. */
  workspaceId: string | null;
  workspaceName: string | null;
  createdAt: string;
  /** null: never expires. */
  expiresAt: string | null;
  /** null: never used. Updated at most once a minute. */
  lastUsedAt: string | null;
}

export type ApiTokenResource = Resource<'apiToken', ApiTokenAttributes>;

export interface ApiTokenListResponse {
  data: ApiTokenResource[];
}

export interface CreateApiTokenRequest {
  accountId: string;
  name: string;
  scope: ApiTokenScope;
  workspaceId?: string | null;
  /** 1 to 366; null: never expires. */
  expiresInDays: number | null;
}

/** GET api_tokens/current: the calling token (never its secret) and its person. */
export interface CurrentApiTokenResponse {
  data: ApiTokenResource;
  meta: { user: { email: string } };
}

/** The only answer that carries the secret. */
export interface CreatedApiTokenResponse {
  data: ApiTokenResource & { attributes: ApiTokenAttributes & { token: string } };
}

/** Toasts (ours; the spec has no API tokens). */
export const API_TOKENS_MESSAGES = {
  created: 'API token created',
  notCreated: 'API token could not be created',
  revoked: 'API token revoked',
  notRevoked: 'API token could not be revoked',
  notLoaded: 'API tokens could not be loaded',
  copied: 'Token copied',
} as const;

/** What the server says (ours). */
export const API_TOKENS_SERVER_MESSAGES = {
  notFound: 'API token not found',
  nameBlank: "Name can't be blank",
  workspaceNotFound: 'Workspace not found',
  adminOnly: 'Only account admins can create a token with the admin scope',
  rateLimited: 'Too many requests with this API token. Please wait a minute and try again.',
  currentNeedsToken: 'Send an API token (Authorization: Bearer pcu_…) to ask which token it is',
} as const;
