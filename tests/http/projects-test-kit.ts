import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../server/db/database';
import { runProcess } from '../../server/engines/process-runner';
import { startLoopbackServer, type LoopbackServer } from '../../server/net/testing/loopback-server';
import type { TestAppContext } from '../support/test-app';
import type { TestClient } from '../support/test-client';
import { clientFor } from './isolation-sweep-support';

/**
 * Support of the projects and labels HTTP tests: a member with a workspace of their own, versions
 * seeded in one INSERT … generate_series, media clips made with ffmpeg and served on loopback.
 */

export interface Member {
  client: TestClient;
  userId: string;
  workspaceId: string;
}

const insertId = async (db: Queryable, sql: string, params: unknown[]) =>
  (await db.query<{ id: string }>(`${sql} RETURNING id::text AS id`, params)).rows[0].id;

/** A confirmed user, admin of a new account with one workspace, logged in. */
export async function newMember(ctx: TestAppContext): Promise<Member> {
  const hex = randomBytes(5).toString('hex');
  const userId = await insertId(
    ctx.db,
    `INSERT INTO users (email, password_hash, name, confirmed_at, onboarding_state) VALUES ($1, 'x', 'Member', now(), 'processed')`,
    [`member.${hex}@example.com`],
  );
  const accountId = await insertId(ctx.db, 'INSERT INTO accounts (name) VALUES ($1)', [`Account ${hex}`]);
  const workspaceId = await insertId(ctx.db, 'INSERT INTO workspaces (account_id, name) VALUES ($1, $2)', [
    accountId,
    `Workspace ${hex}`,
  ]);
  const accountUserId = await insertId(
    ctx.db,
    `INSERT INTO account_users (account_id, user_id, role) VALUES ($1, $2, 'admin')`,
    [accountId, userId],
  );
  await ctx.db.query(
    `INSERT INTO workspace_users (workspace_id, account_user_id, access_type) VALUES ($1, $2, 'account_admin')`,
    [workspaceId, accountUserId],
  );
  return { client: await clientFor(ctx, userId), userId, workspaceId };
}

/**
 * `count` versions (each with its own project), titled `${prefix} <n>`, one second apart so the
 * newest is n = count; the workspace count moves with them. Returns the ids newest first.
 */
export async function seedVersions(
  db: Queryable,
  workspaceId: string,
  count: number,
  prefix = 'Seeded',
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `WITH p AS (
       INSERT INTO projects (workspace_id, title) SELECT $1, $2 || ' ' || g FROM generate_series(1, $3::int) g RETURNING id, title
     ), v AS (
       INSERT INTO project_versions (project_id, workspace_id, title, created_at)
       SELECT p.id, $1, p.title, now() - interval '1 day' + (split_part(p.title, ' ', -1)::int * interval '1 second') FROM p
       RETURNING id, created_at
     ) SELECT id::text AS id FROM v ORDER BY created_at DESC, id DESC`,
    [workspaceId, prefix, count],
  );
  await db.query('UPDATE workspaces SET number_of_projects = number_of_projects + $2 WHERE id = $1', [
    workspaceId,
    count,
  ]);
  return rows.map((row) => row.id);
}

export async function numberOfProjects(db: Queryable, workspaceId: string): Promise<number> {
  return (await db.query<{ n: number }>('SELECT number_of_projects AS n FROM workspaces WHERE id = $1', [workspaceId]))
    .rows[0].n;
}

/** How makeClip encodes: by default H.264 (8-bit 4:2:0) and AAC, 160x120, in the container the extension names. */
export interface ClipOptions {
  size?: string;
  /** ffmpeg's video encoder and its options, e.g. `['mpeg4']` (an AVI camera's) or `['libvpx', '-deadline', 'realtime']`. */
  video?: string[];
  /** ffmpeg's audio encoder, e.g. `'libmp3lame'`. */
  audio?: string;
  /** The container when the extension does not tell it (a WebM named .mp4: `'webm'`). */
  format?: string;
}

const H264 = ['libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

/** A test-pattern video with a tone, `seconds` long (generated, never committed); its size in bytes. */
export async function makeClip(filePath: string, seconds: number, options: ClipOptions = {}): Promise<number> {
  const { size = '160x120', video = H264, audio = 'aac', format } = options;
  await runProcess('ffmpeg', [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=${size}:rate=10`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    ...video,
    '-c:a',
    audio,
    '-shortest',
    ...(format ? ['-f', format] : []),
    filePath,
  ]);
  return (await stat(filePath)).size;
}

/** Serves the files of `dir` as video/mp4 on a loopback address. */
export function serveDirectory(host: string, dir: string): Promise<LoopbackServer> {
  return startLoopbackServer(host, (request, response) => {
    const file = path.join(dir, path.basename(new URL(request.url ?? '/', 'http://x').pathname));
    stat(file).then(
      (info) => {
        response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': info.size });
        createReadStream(file).pipe(response);
      },
      () => response.writeHead(404).end(),
    );
  });
}

/** Polls GET /api/v1/elements until `done` holds for the element (jobs run in-process). */
export async function waitForElement(
  client: TestClient,
  workspaceId: string,
  elementId: string,
  done: (element: any) => boolean,
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/api/v1/elements?workspaceId=${workspaceId}&ids=${elementId}`);
    const element = res.body.data?.[0] ?? null;
    if (done(element)) return element;
    if (Date.now() > deadline)
      throw new Error(`element ${elementId} did not reach the expected state: ${JSON.stringify(element)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
