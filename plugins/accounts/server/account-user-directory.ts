import type { AccountRole, Queryable } from '../../../server/plugin-api';
import type { WorkspaceUserRecord } from './workspace-administration';

export interface AccountUserRecord {
  id: string;
  role: AccountRole;
  userId: string;
  name: string;
  email: string;
  avatarKey: string | null;
  workspaceUsers: WorkspaceUserRecord[];
}

export interface InvitationRecord {
  id: string;
  email: string;
  role: AccountRole;
  createdAt: Date;
}

/** Who is looking: a member sees only the workspace access of workspaces they may open themselves. */
export interface DirectoryViewer {
  accountUserId: string;
  accountRole: AccountRole;
}

/** `50%_off` typed in a search box means those characters, not LIKE wildcards. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The account user columns; $2/$3 are the viewer's role and account user id. A member sees only
 * the access rows of workspaces they may open themselves (workspace names are workspace data).
 */
function selectAccountUsers(extraColumns: string): string {
  return `SELECT au.id::text AS id, au.role, u.id::text AS "userId", btrim(u.name || ' ' || u.last_name) AS name, u.email,
            u.avatar_key AS "avatarKey",
            COALESCE((
              SELECT json_agg(json_build_object('id', wu.id::text, 'accessType', wu.access_type, 'accountUserId', au.id::text,
                                                'workspaceId', w.id::text, 'workspaceName', w.name)
                              ORDER BY w.created_at DESC, w.id DESC)
              FROM workspace_users wu JOIN workspaces w ON w.id = wu.workspace_id
              WHERE wu.account_user_id = au.id
                AND ($2 = 'admin' OR EXISTS (SELECT 1 FROM workspace_users mine WHERE mine.workspace_id = w.id AND mine.account_user_id = $3::bigint))
            ), '[]'::json) AS "workspaceUsers"${extraColumns}
     FROM account_users au JOIN users u ON u.id = au.user_id`;
}

/** Reads the account's users (the members table) and its pending invitations, both searchable. */
export class AccountUserDirectory {
  constructor(private readonly db: Queryable) {}

  async list(
    accountId: string,
    viewer: DirectoryViewer,
    options: { search: string; page: number; perPage: number },
  ): Promise<{ rows: AccountUserRecord[]; total: number }> {
    const { rows } = await this.db.query<AccountUserRecord & { total: number }>(
      `${selectAccountUsers(', count(*) OVER ()::int AS total')}
       WHERE au.account_id = $1 AND ($4 = '' OR u.email ILIKE $5 OR (u.name || ' ' || u.last_name) ILIKE $5)
       ORDER BY au.created_at, au.id
       LIMIT $6 OFFSET $7`,
      [
        accountId,
        viewer.accountRole,
        viewer.accountUserId,
        options.search,
        likePattern(options.search),
        options.perPage,
        (options.page - 1) * options.perPage,
      ],
    );
    const total = rows[0]?.total ?? (options.page > 1 ? await this.count(accountId, options.search) : 0);
    return { rows: rows.map(({ total: _total, ...row }) => row), total };
  }

  /** The account's users among `ids`, in the members table's order. */
  async byIds(accountId: string, viewer: DirectoryViewer, ids: string[]): Promise<AccountUserRecord[]> {
    const { rows } = await this.db.query<AccountUserRecord>(
      `${selectAccountUsers('')} WHERE au.account_id = $1 AND au.id = ANY($4::bigint[]) ORDER BY au.created_at, au.id`,
      [accountId, viewer.accountRole, viewer.accountUserId, ids],
    );
    return rows;
  }

  /** The total when the requested page is past the end (the window count then has no row to ride on). */
  private async count(accountId: string, search: string): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM account_users au JOIN users u ON u.id = au.user_id
       WHERE au.account_id = $1 AND ($2 = '' OR u.email ILIKE $3 OR (u.name || ' ' || u.last_name) ILIKE $3)`,
      [accountId, search, likePattern(search)],
    );
    return rows[0].n;
  }

  async invitations(accountId: string, search: string): Promise<InvitationRecord[]> {
    const { rows } = await this.db.query<InvitationRecord>(
      `SELECT id::text AS id, email, role, created_at AS "createdAt" FROM account_invitations
       WHERE account_id = $1 AND ($2 = '' OR email ILIKE $3) ORDER BY created_at, id`,
      [accountId, search, likePattern(search)],
    );
    return rows;
  }
}
