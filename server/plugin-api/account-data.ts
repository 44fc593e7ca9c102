import type { Queryable } from '../db/database';
import type { ServerExtensions } from '../extensions';

/**
 * What a plugin holds of an account (issue 27): every table it owns and every Storage folder it
 * writes, declared in its server definition's `accountData`. An account's export writes the rows
 * and files found here, an account's erasure removes them, a user's deletion removes the user's.
 * A test lists every table of the database and every Storage folder in use and fails on one that no
 * plugin (nor the host, server/identity/host-account-data.ts) declares, so a new table cannot be
 * left out of an export or outlive an erasure unnoticed.
 */
export interface AccountDataTable {
  /**
   * A SQL condition over the table's own columns (unqualified) that holds for exactly the rows of
   * the account whose id is `$1` (a bigint), e.g. `workspace_id IN (SELECT id FROM workspaces
   * WHERE account_id = $1)`. These rows are exported with the account and erased with it.
   */
  ofAccount?: string;
  /** The same for the rows of one person (`$1`: a user id): erased when the user deletes themself. */
  ofUser?: string;
  /** Columns never written into an export: secrets and their hashes. */
  secretColumns?: string[];
  /**
   * Why rows matching `ofAccount` stay once the account is erased (the people: a user may belong
   * to other accounts and leaves by deleting themself). The erasure leaves these rows alone.
   */
  outlivesAccount?: string;
  /**
   * Rows that record the erasure itself and stay (the audit log keeps that it happened): a SQL
   * condition over the table's columns, left out of the after-erasure sweep.
   */
  erasureRecord?: string;
}

export interface AccountFilesContext {
  db: Queryable;
  extensions: ServerExtensions;
}

export interface AccountDataFiles {
  /** The first segment of every Storage key this plugin writes (`elements`, `waveforms`). */
  prefixes: string[];
  /** The Storage keys of the account's files (`$1`'s videos, exports, avatar), read before its rows go. */
  keysOfAccount?(ctx: AccountFilesContext, accountId: string): Promise<string[]>;
  /** The Storage keys of one person's files (their avatar). */
  keysOfUser?(ctx: AccountFilesContext, userId: string): Promise<string[]>;
}

export interface AccountDataDeclaration {
  /** Tables holding an account's or a person's data, by name. */
  tables?: Record<string, AccountDataTable>;
  /** Tables that hold no account's data, by name, with the reason (a browser's sign-in state, a queue's bookkeeping). */
  notAccountData?: Record<string, string>;
  /** The Storage folders of the plugin and how an account's files are found. */
  files?: AccountDataFiles;
}

/** Every declaration of the running installation (the host's first), as `app.accountData` and a job's `ctx.accountData`. */
export class AccountDataRegistry {
  constructor(readonly declarations: readonly { owner: string; declaration: AccountDataDeclaration }[]) {}

  /** Every declared table, with the plugin that declared it. */
  tables(): { owner: string; table: string; spec: AccountDataTable }[] {
    return this.declarations.flatMap(({ owner, declaration }) =>
      Object.entries(declaration.tables ?? {}).map(([table, spec]) => ({ owner, table, spec })),
    );
  }

  /** Table name -> why it is not account data. */
  notAccountData(): Map<string, string> {
    return new Map(this.declarations.flatMap(({ declaration }) => Object.entries(declaration.notAccountData ?? {})));
  }

  files(): { owner: string; files: AccountDataFiles }[] {
    return this.declarations.flatMap(({ owner, declaration }) =>
      declaration.files ? [{ owner, files: declaration.files }] : [],
    );
  }

  async keysOfAccount(ctx: AccountFilesContext, accountId: string): Promise<string[]> {
    const keys = await Promise.all(this.files().map(({ files }) => files.keysOfAccount?.(ctx, accountId) ?? []));
    return [...new Set(keys.flat().filter(Boolean))];
  }

  async keysOfUser(ctx: AccountFilesContext, userId: string): Promise<string[]> {
    const keys = await Promise.all(this.files().map(({ files }) => files.keysOfUser?.(ctx, userId) ?? []));
    return [...new Set(keys.flat().filter(Boolean))];
  }
}

/** A SQL fragment naming the workspaces of the account `$1`: most tables' `ofAccount` starts from it. */
export const ACCOUNT_WORKSPACES = '(SELECT id FROM workspaces WHERE account_id = $1)';
