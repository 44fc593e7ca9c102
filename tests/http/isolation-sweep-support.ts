import { randomBytes } from 'node:crypto';
import { seedPluginRows, type PluginFixtures } from './isolation-sweep-fixtures';
import type { Queryable } from '../../server/db/database';
import type { Storage } from '../../server/http/request-context';
import { SESSION_COOKIE, hashToken } from '../../server/http/sessions';
import type { TestAppContext } from '../support/test-app';
import { TestClient } from '../support/test-client';

/**
 * Support of the tenant-isolation sweep: two tenants seeded straight into the database (names
 * carry sentinel strings), sessions for their people, request values filled from a route's JSON
 * schema, and a hash of every row the owner's tenant holds.
 */

/** Everything the owner's tenant holds, plus the callers that must not reach it. */
export interface SweepSeed {
  /** In every owner name and e-mail: no foreign response may contain it. */
  ownerTag: string;
  /** In the name of the workspace the member cannot open: the member's responses must not contain it. */
  hiddenTag: string;
  ownerUserId: string;
  colleagueUserId: string;
  accountId: string;
  /** The workspace the member may open. */
  visibleWorkspaceId: string;
  /** The workspace the member may not open: every workspace id in a request names this one. */
  hiddenWorkspaceId: string;
  ownerAccountUserId: string;
  memberAccountUserId: string;
  colleagueAccountUserId: string;
  /** The colleague's `member` access to the hidden workspace. */
  hiddenWorkspaceUserId: string;
  memberUserId: string;
  /** The member's own account (they are its admin). */
  memberAccountId: string;
  strangerUserId: string;
  strangerAccountId: string;
  /** Ids the plugins' isolation fixtures seeded (plugins/<id>/server/isolation-fixtures.ts), by name. */
  ids: Record<string, string>;
}

const id = async (db: Queryable, sql: string, params: unknown[]) =>
  (await db.query<{ id: string }>(`${sql} RETURNING id::text AS id`, params)).rows[0].id;

async function insertUser(db: Queryable, email: string, name: string): Promise<string> {
  return id(
    db,
    `INSERT INTO users (email, password_hash, name, last_name, confirmed_at, onboarding_state) VALUES ($1, 'x', $2, 'Sweep', now(), 'processed')`,
    [email, name],
  );
}

async function insertAccount(db: Queryable, name: string): Promise<string> {
  return id(db, 'INSERT INTO accounts (name) VALUES ($1)', [name]);
}

async function insertWorkspace(db: Queryable, accountId: string, name: string): Promise<string> {
  return id(db, 'INSERT INTO workspaces (account_id, name) VALUES ($1, $2)', [accountId, name]);
}

async function insertAccountUser(
  db: Queryable,
  accountId: string,
  userId: string,
  role: 'admin' | 'member',
): Promise<string> {
  return id(db, 'INSERT INTO account_users (account_id, user_id, role) VALUES ($1, $2, $3)', [accountId, userId, role]);
}

async function insertAccess(
  db: Queryable,
  workspaceId: string,
  accountUserId: string,
  accessType: 'account_admin' | 'member',
): Promise<string> {
  return id(db, 'INSERT INTO workspace_users (workspace_id, account_user_id, access_type) VALUES ($1, $2, $3)', [
    workspaceId,
    accountUserId,
    accessType,
  ]);
}

/**
 * Owner (admin) with two workspaces; a colleague with access to the hidden one; a member with
 * access to the visible one only; a stranger with an account of their own; then every plugin's
 * rows (a pending invitation, projects, labels, subtitles, …) from its isolation fixtures.
 */
export async function seedTenants(db: Queryable, fixtures: PluginFixtures[], storage?: Storage): Promise<SweepSeed> {
  const hex = randomBytes(5).toString('hex');
  const ownerTag = `zqowner${hex}`;
  const hiddenTag = `${ownerTag}hidden`;
  const ownerUserId = await insertUser(db, `${ownerTag}.owner@example.com`, `${ownerTag} Owner`);
  const colleagueUserId = await insertUser(db, `${ownerTag}.colleague@example.com`, `${ownerTag} Colleague`);
  const memberUserId = await insertUser(db, `member.${hex}@example.com`, 'Sweep Member');
  const strangerUserId = await insertUser(db, `stranger.${hex}@example.com`, 'Sweep Stranger');

  const accountId = await insertAccount(db, `${ownerTag} Account`);
  const visibleWorkspaceId = await insertWorkspace(db, accountId, `${ownerTag} Visible workspace`);
  const hiddenWorkspaceId = await insertWorkspace(db, accountId, `${hiddenTag} Hidden workspace`);
  const ownerAccountUserId = await insertAccountUser(db, accountId, ownerUserId, 'admin');
  await insertAccess(db, visibleWorkspaceId, ownerAccountUserId, 'account_admin');
  await insertAccess(db, hiddenWorkspaceId, ownerAccountUserId, 'account_admin');
  const memberAccountUserId = await insertAccountUser(db, accountId, memberUserId, 'member');
  await insertAccess(db, visibleWorkspaceId, memberAccountUserId, 'member');
  const colleagueAccountUserId = await insertAccountUser(db, accountId, colleagueUserId, 'member');
  const hiddenWorkspaceUserId = await insertAccess(db, hiddenWorkspaceId, colleagueAccountUserId, 'member');
  await db.query('UPDATE users SET last_used_account_id = $2, last_used_workspace_id = $3 WHERE id = $1', [
    ownerUserId,
    accountId,
    hiddenWorkspaceId,
  ]);

  const strangerAccountId = await insertAccount(db, `Stranger account ${hex}`);
  const strangerWorkspaceId = await insertWorkspace(db, strangerAccountId, `Stranger workspace ${hex}`);
  const strangerAccountUserId = await insertAccountUser(db, strangerAccountId, strangerUserId, 'admin');
  await insertAccess(db, strangerWorkspaceId, strangerAccountUserId, 'account_admin');
  // The member's own account, so "the last used account" of the member is theirs, not the owner's.
  const memberAccountId = await insertAccount(db, `Member account ${hex}`);
  const memberOwnAccountUserId = await insertAccountUser(db, memberAccountId, memberUserId, 'admin');
  await insertAccess(
    db,
    await insertWorkspace(db, memberAccountId, `Member workspace ${hex}`),
    memberOwnAccountUserId,
    'account_admin',
  );
  await db.query('UPDATE users SET last_used_account_id = $2 WHERE id = $1', [memberUserId, memberAccountId]);
  await db.query('UPDATE users SET last_used_account_id = $2 WHERE id = $1', [strangerUserId, strangerAccountId]);

  // Each installed plugin seeds its own rows in the hidden workspace, from its own folder.
  const ids = await seedPluginRows(fixtures, {
    db,
    storage,
    workspaceId: hiddenWorkspaceId,
    accountId,
    ownerUserId,
    tag: hiddenTag,
    accountTag: ownerTag,
  });

  return {
    ids,
    ownerTag,
    hiddenTag,
    ownerUserId,
    colleagueUserId,
    accountId,
    visibleWorkspaceId,
    hiddenWorkspaceId,
    ownerAccountUserId,
    memberAccountUserId,
    colleagueAccountUserId,
    hiddenWorkspaceUserId,
    memberUserId,
    memberAccountId,
    strangerUserId,
    strangerAccountId,
  };
}

/** A logged-in browser for `userId`, through a session row (no password hashing per route). */
export async function clientFor(ctx: TestAppContext, userId: string): Promise<TestClient> {
  const token = randomBytes(32).toString('base64url');
  const csrf = randomBytes(32).toString('base64url');
  await ctx.db.query(
    `INSERT INTO sessions (id_hash, user_id, csrf_token, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
    [hashToken(token), userId, csrf],
  );
  const client = new TestClient(ctx.app, { visit: false });
  client.cookies.set(SESSION_COOKIE, token);
  client.csrfToken = csrf;
  return client;
}

// --- the owner's rows --------------------------------------------------------------------------

/**
 * Not tenant data: anyone's visit creates a session; migrations are bookkeeping; so are the
 * (event, subscriber) pairs of the event outbox, which a delivery retried after a back-off (not
 * waited for: its start is in the future) writes whenever it runs — it flaked the sweep on
 * PostgreSQL under load. The events themselves carry their tenant and are hashed.
 */
const TABLES_NOT_HASHED = new Set(['sessions', 'schema_migrations', 'domain_event_deliveries']);

const TENANT_COLUMNS = ['account_id', 'workspace_id', 'user_id', 'account_user_id'];

/** Tables whose own id names a tenant: the owner's user, account, workspaces and account users. */
const OWN_ID_PARAMETER: Record<string, string> = {
  users: '$3',
  accounts: '$2',
  workspaces: '$4',
  account_users: '$5',
};
/** Tenant columns and the parameter of the owner's ids each is compared with. */
const COLUMN_PARAMETER: Record<string, string> = {
  account_id: '$2',
  workspace_id: '$4',
  user_id: '$3',
  account_user_id: '$5',
};

/**
 * The owner's rows of one table, in SQL: a row containing the owner's sentinel, or naming the
 * owner's account, workspaces, users or account users in a tenant column (or as its own id).
 * A table with no such column is taken whole (it may hold anything, so any change counts).
 */
function ownerRowsCondition(table: string, columns: string[]): string {
  const tenantScoped = table in OWN_ID_PARAMETER || columns.some((c) => TENANT_COLUMNS.includes(c));
  if (!tenantScoped) return 'true';
  const conditions = [`t.r LIKE $1`];
  if (OWN_ID_PARAMETER[table]) conditions.push(`t.id::text = ANY(${OWN_ID_PARAMETER[table]}::text[])`);
  for (const column of columns.filter((c) => COLUMN_PARAMETER[c]))
    conditions.push(`t."${column}"::text = ANY(${COLUMN_PARAMETER[column]}::text[])`);
  return conditions.join(' OR ');
}

/**
 * A hash of every row of the owner's tenant, in every table of the public schema (see
 * ownerRowsCondition), one `count:sum of the rows' md5s` a table. Hashed by the database in one statement: the
 * sweep hashes twice per route while the tables fill with every route's seed, and reading every
 * row into the test (the way it was first written) took two thirds of the sweep's time.
 */
export async function ownerRowsHash(db: Queryable, seed: SweepSeed): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ table: string; columns: string[] }>(
    `SELECT c.table_name AS table, array_agg(c.column_name::text) AS columns
     FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
     GROUP BY c.table_name ORDER BY c.table_name`,
  );
  const accountUserIds = new Set(
    (
      await db.query<{ id: string }>('SELECT id::text AS id FROM account_users WHERE account_id = $1', [seed.accountId])
    ).rows.map((r) => r.id),
  );
  accountUserIds.add(seed.ownerAccountUserId).add(seed.memberAccountUserId).add(seed.colleagueAccountUserId);
  const hashed = tables.filter(({ table }) => !TABLES_NOT_HASHED.has(table));
  // Each row's JSON made once; the rows' md5s summed (a multiset's hash: no sort of the table).
  const statement = hashed
    .map(
      ({ table, columns }) =>
        `SELECT '${table}' AS table, count(*)::int AS n,
           coalesce(sum(('x' || substr(md5(r), 1, 15))::bit(60)::bigint), 0)::text AS hash
         FROM (SELECT row_to_json(t)::text AS r, t.* FROM "${table}" t) t WHERE ${ownerRowsCondition(table, columns)}`,
    )
    .join('\nUNION ALL\n');
  const { rows } = await db.query<{ table: string; n: number; hash: string }>(statement, [
    `%${seed.ownerTag}%`,
    [seed.accountId],
    [seed.ownerUserId, seed.colleagueUserId],
    [seed.visibleWorkspaceId, seed.hiddenWorkspaceId],
    [...accountUserIds],
  ]);
  return Object.fromEntries(rows.map(({ table, n, hash }) => [table, `${n}:${hash}`]));
}

/**
 * Websocket routes: a plain HTTP call of them is no use of them (no upgrade: 404 even for the
 * owner), so the sweeps leave them to their own tests, which open real sockets as a visitor,
 * another workspace's member, another site's page and with the wrong version
 * (tests/http/subtitles-live.http.test.ts).
 */
export const WEBSOCKET_ROUTES = [/\/subtitles\/:subtitleId\/live$/];
