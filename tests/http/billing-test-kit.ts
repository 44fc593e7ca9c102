import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../server/db/database';
import type { Storage } from '../../server/http/request-context';
import { PIPELINE_PATHS } from '../../plugins/pipeline/common/pipeline-contract';
import type { TestAppContext } from '../support/test-app';
import type { TestClient } from '../support/test-client';
import { clientFor } from './isolation-sweep-support';
import type { Member } from './projects-test-kit';

/**
 * Support of the billing tests: a member's account, a version whose stored file is not media
 * (an accepted set-up's run fails at once and costs nothing; usage comes from seeded runs), and
 * runs of a given length as the pipeline records them.
 */

const insertId = async (db: Queryable, sql: string, params: unknown[]) =>
  (await db.query<{ id: string }>(`${sql} RETURNING id::text AS id`, params)).rows[0].id;

export async function accountOf(db: Queryable, workspaceId: string): Promise<string> {
  return (await db.query<{ id: string }>('SELECT account_id::text AS id FROM workspaces WHERE id = $1', [workspaceId]))
    .rows[0].id;
}

/** A ready version of `seconds` whose file is a few bytes of nothing. */
export async function seedVersion(db: Queryable, storage: Storage, workspaceId: string, seconds = 2): Promise<string> {
  const projectId = await insertId(db, 'INSERT INTO projects (workspace_id, title) VALUES ($1, $2)', [
    workspaceId,
    'Billing clip',
  ]);
  const elementId = await insertId(
    db,
    `INSERT INTO elements (workspace_id, project_id, title, state, size_bytes, duration_ms) VALUES ($1, $2, 'Billing clip', 'ready', 11, $3)`,
    [workspaceId, projectId, seconds * 1000],
  );
  const key = `elements/${workspaceId}/${elementId}/clip.mp4`;
  await storage.put(key, Buffer.from('not a video'), 'video/mp4');
  await db.query('UPDATE elements SET storage_key = $2 WHERE id = $1', [elementId, key]);
  return insertId(
    db,
    'INSERT INTO project_versions (project_id, workspace_id, element_id, title, duration_ms) VALUES ($1, $2, $3, $4, $5)',
    [projectId, workspaceId, elementId, 'Billing clip', seconds * 1000],
  );
}

/** A finished run of `mediaMs` (a voice-over when dubbing languages are given), as the pipeline leaves it. */
export async function seedRun(
  db: Queryable,
  workspaceId: string,
  versionId: string,
  mediaMs: number,
  dubbing: string[] = [],
): Promise<void> {
  await db.query(
    `INSERT INTO pipeline_runs (project_version_id, workspace_id, kind, settings, steps, state, transcript_subtitle_id, media_duration_ms)
     VALUES ($1, $2, $3, $4, ARRAY['finish'], 'done', 1, $5)`,
    [
      versionId,
      workspaceId,
      dubbing.length > 0 ? 'tts' : 'plain',
      JSON.stringify({ language: 'en', subtitleLanguages: dubbing, dubbingLanguages: dubbing }),
      mediaMs,
    ],
  );
}

export const setup = (member: Member, versionId: string, subtitleLanguages: string[]) =>
  member.client.put(PIPELINE_PATHS.setup, {
    projectVersionIds: [versionId],
    includesTranscript: false,
    workspaceId: member.workspaceId,
    settings: { language: 'en', subtitleLanguages },
  });

export const setupTts = (member: Member, versionId: string, dubbingLanguages: string[], voiceCloning = false) =>
  member.client.put(PIPELINE_PATHS.setupTts, {
    projectVersionIds: [versionId],
    includesTranscript: false,
    workspaceId: member.workspaceId,
    settings: { language: 'en', subtitleLanguages: [], dubbingLanguages, voiceCloning },
  });

export async function runsOf(db: Queryable, versionId: string): Promise<number> {
  return (
    await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pipeline_runs WHERE project_version_id = $1', [
      versionId,
    ])
  ).rows[0].n;
}

/** A logged-in colleague with role `role` in the member's account (access to its workspace). */
export async function colleague(ctx: TestAppContext, member: Member, role: 'admin' | 'member'): Promise<TestClient> {
  const accountId = await accountOf(ctx.db, member.workspaceId);
  const userId = await insertId(
    ctx.db,
    `INSERT INTO users (email, password_hash, name, confirmed_at, onboarding_state) VALUES ($1, 'x', 'Colleague', now(), 'processed')`,
    [`colleague.${randomBytes(5).toString('hex')}@example.com`],
  );
  const accountUserId = await insertId(
    ctx.db,
    'INSERT INTO account_users (account_id, user_id, role) VALUES ($1, $2, $3)',
    [accountId, userId, role],
  );
  await ctx.db.query(
    `INSERT INTO workspace_users (workspace_id, account_user_id, access_type) VALUES ($1, $2, 'member')`,
    [member.workspaceId, accountUserId],
  );
  await ctx.db.query('UPDATE users SET last_used_account_id = $2 WHERE id = $1', [userId, accountId]);
  return clientFor(ctx, userId);
}
