import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LIVE_PATH } from '../../plugins/subtitles/common/live-contract';
import { PgDatabase } from '../../server/db/pg-database';
import { hashToken, SESSION_COOKIE } from '../../server/http/sessions';
import { LiveTestEditor } from '../support/live-test-editor';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process';

/**
 * Live co-editing across machines (issue #25): two web processes of server/main.ts on one
 * PostgreSQL, an editor on each, hear each other through LISTEN/NOTIFY; a process killed
 * (SIGKILL, no goodbye) right after acknowledging an edit loses nothing: the other process and
 * the cue rows have it.
 */
describe('live editing on two web processes and one PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let db: PgDatabase;
  let dataDir: string;
  let webs: ServerProcess[] = [];
  let cookie = '';
  let path1 = '';
  let subtitleId = '';

  const id = async (sql: string, params: unknown[]) =>
    (await db.query<{ id: string }>(`${sql} RETURNING id::text AS id`, params)).rows[0]!.id;

  beforeAll(async () => {
    scratch = await createScratchDatabase(inject('postgresUrl'), 'polycue_live');
    dataDir = await mkdtemp(path.join(tmpdir(), 'live-two-'));
    const env = (n: number): NodeJS.ProcessEnv => ({
      ...process.env,
      NODE_ENV: 'test',
      ROLE: 'all',
      DATABASE_URL: scratch.url,
      DATA_DIR: path.join(dataDir, `web-${n}`),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'http://localhost:8080',
    });
    // One first (it migrates), then the other.
    webs.push(await startServerProcess(env(1)));
    webs.push(await startServerProcess(env(2)));
    db = new PgDatabase(scratch.url, { max: 1 });

    // A member with a session, a version and a subtitle of three cues, straight into the tables.
    const userId = await id(
      `INSERT INTO users (email, password_hash, name, confirmed_at, onboarding_state) VALUES ($1, 'x', 'Live', now(), 'processed')`,
      [`live.${Date.now()}@example.com`],
    );
    const accountId = await id('INSERT INTO accounts (name) VALUES ($1)', ['Live account']);
    const workspaceId = await id('INSERT INTO workspaces (account_id, name) VALUES ($1, $2)', [accountId, 'Live']);
    const accountUserId = await id(`INSERT INTO account_users (account_id, user_id, role) VALUES ($1, $2, 'admin')`, [
      accountId,
      userId,
    ]);
    await db.query(
      `INSERT INTO workspace_users (workspace_id, account_user_id, access_type) VALUES ($1, $2, 'account_admin')`,
      [workspaceId, accountUserId],
    );
    const token = randomBytes(32).toString('base64url');
    await db.query(
      `INSERT INTO sessions (id_hash, user_id, csrf_token, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
      [hashToken(token), userId, randomBytes(32).toString('base64url')],
    );
    cookie = `${SESSION_COOKIE}=${token}`;
    const projectId = await id('INSERT INTO projects (workspace_id, title) VALUES ($1, $2)', [workspaceId, 'Harbour']);
    const versionId = await id('INSERT INTO project_versions (project_id, workspace_id, title) VALUES ($1, $2, $3)', [
      projectId,
      workspaceId,
      'Harbour',
    ]);
    subtitleId = await id(
      `INSERT INTO subtitles (project_version_id, workspace_id, language, kind, cues_count) VALUES ($1, $2, 'en', 'transcript', 3)`,
      [versionId, workspaceId],
    );
    await db.query(
      `INSERT INTO subtitle_cues (subtitle_id, position, start_ms, end_ms, text)
       SELECT $1, i, i * 2000, i * 2000 + 1500, 'Cue ' || (i + 1) FROM generate_series(0, 2) AS i`,
      [subtitleId],
    );
    path1 = LIVE_PATH(versionId, subtitleId);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(webs.map(stopServerProcess));
    await db?.close();
    await scratch?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const on = (web: ServerProcess) =>
    LiveTestEditor.connect(`${web.baseUrl!.replace('http', 'ws')}${path1}`, { cookie });

  it('changes cross between the processes; one killed after acknowledging an edit loses nothing', async () => {
    const ann = await on(webs[0]!);
    const bob = await on(webs[1]!);
    await Promise.all([ann.whenSynced(), bob.whenSynced()]);
    expect(bob.texts()).toEqual(['Cue 1', 'Cue 2', 'Cue 3']);

    ann.type(0, 'Ann on the first machine');
    await bob.until(() => bob.texts()[0] === 'Ann on the first machine');
    bob.type(1, 'Bob on the second machine');
    await ann.until(() => ann.texts()[1] === 'Bob on the second machine');

    // Acknowledged, then the process dies before it wrote the rows (a second later).
    ann.type(2, 'Typed just before the crash');
    await ann.whenSaved();
    webs[0]!.child.kill('SIGKILL');
    await bob.until(() => bob.texts()[2] === 'Typed just before the crash');

    // Ann reconnects to the other process and finds everything.
    const again = await on(webs[1]!);
    await again.whenSynced();
    expect(again.texts()).toEqual([
      'Ann on the first machine',
      'Bob on the second machine',
      'Typed just before the crash',
    ]);
    await Promise.all([again.close(), bob.close()]);
    // The last editor gone, the rows the rest of the product reads have it all.
    const deadline = Date.now() + 15_000;
    let rows: string[] = [];
    while (Date.now() < deadline) {
      rows = (
        await db.query<{ text: string }>('SELECT text FROM subtitle_cues WHERE subtitle_id = $1 ORDER BY position', [
          subtitleId,
        ])
      ).rows.map((row) => row.text);
      if (rows[2] === 'Typed just before the crash') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(rows).toEqual(['Ann on the first machine', 'Bob on the second machine', 'Typed just before the crash']);
  }, 120_000);
});
