import { createHash, randomBytes } from 'node:crypto';
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
  invitationId: string;
  memberUserId: string;
  /** The member's own account (they are its admin). */
  memberAccountId: string;
  strangerUserId: string;
  strangerAccountId: string;
  /** plugins/projects: a version (with its project and a ready element) in the hidden workspace. */
  projectVersionId: string;
  /** plugins/projects: a ready uploaded element in no project yet (create_with_project may use it). */
  elementId: string;
  /** plugins/labels: a label of the hidden workspace, on projectVersionId. */
  labelId: string;
  /** plugins/subtitles: a subtitle of projectVersionId with cues (their text carries the hidden sentinel). */
  subtitleId: string;
  /** plugins/subtitles: a live share link of subtitleId. */
  externalTokenId: string;
}

/** A plugin's tables exist only when it is installed; its seed rows are made only then. */
async function hasTable(db: Queryable, table: string): Promise<boolean> {
  return (await db.query<{ ok: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ok', [table])).rows[0].ok;
}

/** Project rows of the hidden workspace, titles carrying the hidden sentinel. */
async function seedProjects(db: Queryable, workspaceId: string, tag: string) {
  const none = { projectVersionId: '999999999', elementId: '999999999', labelId: '999999999' };
  if (!(await hasTable(db, 'project_versions'))) return none;
  const projectId = await id(db, 'INSERT INTO projects (workspace_id, title) VALUES ($1, $2)', [workspaceId, `${tag} project`]);
  const usedElementId = await id(db, `INSERT INTO elements (workspace_id, project_id, title, state, size_bytes, duration_ms) VALUES ($1, $2, $3, 'ready', 1000, 2000)`, [
    workspaceId,
    projectId,
    `${tag} element`,
  ]);
  const projectVersionId = await id(db, 'INSERT INTO project_versions (project_id, workspace_id, element_id, title, duration_ms) VALUES ($1, $2, $3, $4, 2000)', [
    projectId,
    workspaceId,
    usedElementId,
    `${tag} version`,
  ]);
  const elementId = await id(db, `INSERT INTO elements (workspace_id, title, state, size_bytes, duration_ms) VALUES ($1, $2, 'ready', 1000, 2000)`, [
    workspaceId,
    `${tag} upload`,
  ]);
  await db.query('UPDATE workspaces SET number_of_projects = 1 WHERE id = $1', [workspaceId]);
  if (!(await hasTable(db, 'project_version_labels'))) return { ...none, projectVersionId, elementId };
  const labelId = await id(db, 'INSERT INTO labels (workspace_id, caption) VALUES ($1, $2)', [workspaceId, `${tag} label`.slice(0, 60)]);
  await db.query('INSERT INTO project_version_labels (project_version_id, label_id) VALUES ($1, $2)', [projectVersionId, labelId]);
  return { projectVersionId, elementId, labelId };
}

/** Subtitle rows of the hidden workspace's version: one subtitle with two cues and a share link. */
async function seedSubtitles(db: Queryable, workspaceId: string, projectVersionId: string, ownerUserId: string, tag: string) {
  const none = { subtitleId: '999999999', externalTokenId: '999999999' };
  if (!(await hasTable(db, 'subtitle_cues')) || projectVersionId === '999999999') return none;
  const subtitleId = await id(db, `INSERT INTO subtitles (project_version_id, workspace_id, language, kind, cues_count) VALUES ($1, $2, 'en', 'transcript', 2)`, [
    projectVersionId,
    workspaceId,
  ]);
  await db.query(`INSERT INTO subtitle_cues (subtitle_id, position, start_ms, end_ms, text) VALUES ($1, 0, 0, 1000, $2), ($1, 1, 1000, 2000, $2)`, [subtitleId, `${tag} cue`]);
  const externalTokenId = await id(db, 'INSERT INTO external_tokens (subtitle_id, workspace_id, token_hash, created_by) VALUES ($1, $2, $3, $4)', [
    subtitleId,
    workspaceId,
    randomBytes(32).toString('hex'),
    ownerUserId,
  ]);
  return { subtitleId, externalTokenId };
}

/**
 * plugins/pipeline: the version's element gets a stored file (so the owner's set-up is accepted;
 * the run then fails fast on a file that is not media), and a finished voice-over run with a
 * dubbed track (so the owner can fetch it). The files need the app's storage.
 */
async function seedPipeline(db: Queryable, storage: Storage | undefined, workspaceId: string, projectVersionId: string, ownerUserId: string, subtitleId: string) {
  if (!storage || !(await hasTable(db, 'pipeline_dubbed_media')) || subtitleId === '999999999') return;
  const mediaKey = `elements/${workspaceId}/sweep/video.mp4`;
  await storage.put(mediaKey, Buffer.from('not really a video'), 'video/mp4');
  await db.query('UPDATE elements SET storage_key = $2 WHERE id = (SELECT element_id FROM project_versions WHERE id = $1)', [projectVersionId, mediaKey]);
  const runId = await id(
    db,
    `INSERT INTO pipeline_runs (project_version_id, workspace_id, user_id, kind, settings, steps, state, transcript_subtitle_id)
     VALUES ($1, $2, $3, 'tts', '{"language":"en","subtitleLanguages":["es"],"dubbingLanguages":["es"]}', ARRAY['finish'], 'done', $4)`,
    [projectVersionId, workspaceId, ownerUserId, subtitleId],
  );
  const audioKey = `dubbed/${workspaceId}/${projectVersionId}/${runId}-en.m4a`;
  await storage.put(audioKey, Buffer.from('sweep audio'), 'audio/mp4');
  await db.query(`INSERT INTO pipeline_dubbed_media (run_id, project_version_id, language, audio_key, video_key) VALUES ($1, $2, 'en', $3, $3)`, [runId, projectVersionId, audioKey]);
}

const id = async (db: Queryable, sql: string, params: unknown[]) => (await db.query<{ id: string }>(`${sql} RETURNING id::text AS id`, params)).rows[0].id;

async function insertUser(db: Queryable, email: string, name: string): Promise<string> {
  return id(db, `INSERT INTO users (email, password_hash, name, last_name, confirmed_at, onboarding_state) VALUES ($1, 'x', $2, 'Sweep', now(), 'processed')`, [
    email,
    name,
  ]);
}

async function insertAccount(db: Queryable, name: string): Promise<string> {
  return id(db, 'INSERT INTO accounts (name) VALUES ($1)', [name]);
}

async function insertWorkspace(db: Queryable, accountId: string, name: string): Promise<string> {
  return id(db, 'INSERT INTO workspaces (account_id, name) VALUES ($1, $2)', [accountId, name]);
}

async function insertAccountUser(db: Queryable, accountId: string, userId: string, role: 'admin' | 'member'): Promise<string> {
  return id(db, 'INSERT INTO account_users (account_id, user_id, role) VALUES ($1, $2, $3)', [accountId, userId, role]);
}

async function insertAccess(db: Queryable, workspaceId: string, accountUserId: string, accessType: 'account_admin' | 'member'): Promise<string> {
  return id(db, 'INSERT INTO workspace_users (workspace_id, account_user_id, access_type) VALUES ($1, $2, $3)', [
    workspaceId,
    accountUserId,
    accessType,
  ]);
}

/**
 * Owner (admin) with two workspaces; a colleague with access to the hidden one; a member with
 * access to the visible one only; a pending invitation; a stranger with an account of their own.
 */
export async function seedTenants(db: Queryable, storage?: Storage): Promise<SweepSeed> {
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
  const invitationId = await id(db, `INSERT INTO account_invitations (account_id, email, role) VALUES ($1, $2, 'member')`, [
    accountId,
    `${ownerTag}.invited@example.com`,
  ]);
  await db.query('UPDATE users SET last_used_account_id = $2, last_used_workspace_id = $3 WHERE id = $1', [ownerUserId, accountId, hiddenWorkspaceId]);

  const strangerAccountId = await insertAccount(db, `Stranger account ${hex}`);
  const strangerWorkspaceId = await insertWorkspace(db, strangerAccountId, `Stranger workspace ${hex}`);
  const strangerAccountUserId = await insertAccountUser(db, strangerAccountId, strangerUserId, 'admin');
  await insertAccess(db, strangerWorkspaceId, strangerAccountUserId, 'account_admin');
  // The member's own account, so "the last used account" of the member is theirs, not the owner's.
  const memberAccountId = await insertAccount(db, `Member account ${hex}`);
  const memberOwnAccountUserId = await insertAccountUser(db, memberAccountId, memberUserId, 'admin');
  await insertAccess(db, await insertWorkspace(db, memberAccountId, `Member workspace ${hex}`), memberOwnAccountUserId, 'account_admin');
  await db.query('UPDATE users SET last_used_account_id = $2 WHERE id = $1', [memberUserId, memberAccountId]);
  await db.query('UPDATE users SET last_used_account_id = $2 WHERE id = $1', [strangerUserId, strangerAccountId]);

  const projects = await seedProjects(db, hiddenWorkspaceId, hiddenTag);
  const subtitles = await seedSubtitles(db, hiddenWorkspaceId, projects.projectVersionId, ownerUserId, hiddenTag);
  await seedPipeline(db, storage, hiddenWorkspaceId, projects.projectVersionId, ownerUserId, subtitles.subtitleId);

  return {
    ...projects,
    ...subtitles,
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
    invitationId,
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
  await ctx.db.query(`INSERT INTO sessions (id_hash, user_id, csrf_token, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`, [
    hashToken(token),
    userId,
    csrf,
  ]);
  const client = new TestClient(ctx.app, { visit: false });
  client.cookies.set(SESSION_COOKIE, token);
  client.csrfToken = csrf;
  return client;
}

// --- the owner's rows --------------------------------------------------------------------------

/** Not tenant data: anyone's visit creates a session; migrations are bookkeeping. */
const TABLES_NOT_HASHED = new Set(['sessions', 'schema_migrations']);

function ownerPredicate(table: string, seed: SweepSeed, accountUserIds: Set<string>, workspaceIds: Set<string>) {
  const users = new Set([seed.ownerUserId, seed.colleagueUserId]);
  const byOwnId: Record<string, Set<string>> = {
    users,
    accounts: new Set([seed.accountId]),
    workspaces: workspaceIds,
    account_users: accountUserIds,
  };
  return (row: Record<string, unknown>, text: string): boolean => {
    if (text.includes(seed.ownerTag)) return true;
    const has = (column: string, set: Set<string>) => row[column] !== undefined && row[column] !== null && set.has(String(row[column]));
    if (byOwnId[table] && has('id', byOwnId[table])) return true;
    return (
      has('account_id', new Set([seed.accountId])) ||
      has('workspace_id', workspaceIds) ||
      has('user_id', users) ||
      has('account_user_id', accountUserIds)
    );
  };
}

const TENANT_COLUMNS = ['account_id', 'workspace_id', 'user_id', 'account_user_id'];

/**
 * A hash of every row of the owner's tenant, in every table of the public schema: rows naming
 * the owner's account, workspaces, users or account users, or containing the owner's sentinel.
 * A table with no such column is hashed whole (it may hold anything, so any change counts).
 */
export async function ownerRowsHash(db: Queryable, seed: SweepSeed): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ table: string; columns: string[] }>(
    `SELECT c.table_name AS table, array_agg(c.column_name::text) AS columns
     FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
     GROUP BY c.table_name ORDER BY c.table_name`,
  );
  const accountUserIds = new Set(
    (await db.query<{ id: string }>('SELECT id::text AS id FROM account_users WHERE account_id = $1', [seed.accountId])).rows.map((r) => r.id),
  );
  accountUserIds.add(seed.ownerAccountUserId).add(seed.memberAccountUserId).add(seed.colleagueAccountUserId);
  const workspaceIds = new Set([seed.visibleWorkspaceId, seed.hiddenWorkspaceId]);
  const hashes: Record<string, string> = {};
  for (const { table, columns } of tables) {
    if (TABLES_NOT_HASHED.has(table)) continue;
    const tenantScoped = ['users', 'accounts', 'workspaces'].includes(table) || columns.some((c) => TENANT_COLUMNS.includes(c));
    const isOwners = ownerPredicate(table, seed, accountUserIds, workspaceIds);
    const { rows } = await db.query<{ row: Record<string, unknown> }>(`SELECT row_to_json(t) AS row FROM "${table}" t`);
    const texts = rows
      .map(({ row }) => ({ row, text: JSON.stringify(row) }))
      .filter(({ row, text }) => !tenantScoped || isOwners(row, text))
      .map(({ text }) => text)
      .sort();
    hashes[table] = `${texts.length}:${createHash('sha256').update(texts.join('\n')).digest('hex').slice(0, 16)}`;
  }
  return hashes;
}
