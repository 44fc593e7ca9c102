/**
 * Take everything out, and erase (issue 27; plugins/data-rights): an account admin asks for one zip
 * of the account's data; an admin deletes the account (a grace period, undone by a mailed link,
 * then everything of it is erased); a person deletes their own user. What is exported and erased
 * is what every plugin declares in its server definition's `accountData` (docs/plugins.md).
 */

export const DATA_RIGHTS_PATHS = {
  /** POST { accountId, includeMedia? } (admin): asks for an export, made on the queue. GET ?accountId: the account's exports. */
  exports: '/api/v1/account_exports',
  /** GET (admin of its account): one export, what the progress panel polls. */
  export: (id: string) => `/api/v1/account_exports/${id}`,
  /** GET (admin of its account): the zip, for 7 days after it is made. */
  download: (id: string) => `/api/v1/account_exports/${id}/download`,
  /** POST { accountId, confirm: the account's name } (admin): deletes the account after the grace period. GET ?accountId: the pending deletion. */
  deletions: '/api/v1/account_deletions',
  /** DELETE (admin): keeps the account (undoes a pending deletion). */
  deletion: (accountId: string) => `/api/v1/account_deletions/${accountId}`,
  /** POST { token } (public): the mailed link's undo. */
  undo: '/api/v1/account_deletions/undo',
  /** DELETE { confirm: the user's e-mail } (user): deletes the caller's own user. */
  ownUser: '/api/v1/users/me',
} as const;

/** The page the mailed undo link opens (public): it posts the token and says what happened. */
export const UNDO_DELETION_PAGE = '/account_deletion/undo';

export const EXPORT_KEEP_DAYS = 7;
export const DELETION_GRACE_DAYS = 14;

export type AccountExportState = 'queued' | 'running' | 'done' | 'failed' | 'expired';

export interface AccountExportAttributes {
  accountId: string;
  state: AccountExportState;
  /** 0..1 */
  progress: number;
  includeMedia: boolean;
  fileName: string | null;
  sizeBytes: number | null;
  /** The zip's address while it is kept, else null. */
  downloadUrl: string | null;
  failure: string | null;
  createdAt: string;
  /** When the zip is removed (7 days after it is made). */
  expiresAt: string | null;
}

export interface AccountExportResource {
  id: string;
  type: 'accountExport';
  attributes: AccountExportAttributes;
}

export interface AccountDeletionAttributes {
  accountId: string;
  requestedAt: string;
  /** When the account is erased unless the deletion is undone. */
  eraseAfter: string;
}

export const DATA_RIGHTS_MESSAGES = {
  exportRunning: 'An export of this account is already being made: follow it in the progress panel.',
  exportNotFound: 'Export not found',
  exportNotReady: 'This export is not ready yet.',
  exportExpired: 'This export was removed after 7 days: ask for a new one.',
  confirmAccount: 'Type the account’s name to confirm its deletion.',
  deletionPending: 'This account is already scheduled for deletion.',
  noDeletion: 'This account is not scheduled for deletion.',
  undoInvalid: 'This link is not valid any more: the account was kept already, or it has been erased.',
  confirmUser: 'Type your e-mail address to confirm the deletion of your user.',
  lastAdmin: (accounts: string[]) =>
    `You are the only admin of ${accounts.map((name) => `“${name}”`).join(', ')}, which other people belong to: make one of them an admin first (Account settings → Members), or delete the account.`,
} as const;
