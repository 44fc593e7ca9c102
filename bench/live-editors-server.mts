/**
 * The server of bench/live-editors.bench.mjs, in a process of its own so its CPU and memory are
 * its own (run with `node --expose-gc --import tsx`): the real app (every server plugin) on
 * PGlite (in this process too: its CPU is counted here), listening on a loopback port, an account
 * with an editor and a reviewer (each a session) and a subtitle of CUES cues.
 *
 * Prints one JSON line `{ port, versionId, subtitleId, editorCookie, reviewerCookie }` once
 * listening, then answers each line on stdin: `stats` with one JSON line of its CPU time
 * (process.cpuUsage, µs), memory (process.memoryUsage after a full GC) and event-loop delay since
 * the last `stats`; `quit` closes the app and exits.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { PgliteDatabase } from '../server/db/pglite-database';
import { hashToken, SESSION_COOKIE } from '../server/http/sessions';
import { serverPlugins } from '../server/plugins';
import { seedFilmSubtitle } from './lib/film-subtitle';

const CUES = Number(process.env.LIVE_CUES ?? 2000);

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polycue-live-editors-'));
  const db = await PgliteDatabase.open(null);
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', PORT: '0', PUBLIC_URL: 'http://127.0.0.1' }),
    authRateLimitPerMinute: 1_000_000,
  };
  const app = await buildApp({ config, db, plugins: serverPlugins, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const one = async (sql: string, params: unknown[]) =>
    (await db.query<{ id: string }>(`${sql} RETURNING id::text AS id`, params)).rows[0].id;
  const accountId = await one('INSERT INTO accounts (name) VALUES ($1)', ['Film team']);
  const workspaceId = await one('INSERT INTO workspaces (account_id, name) VALUES ($1, $2)', [accountId, 'Films']);

  /** A person of the account and the workspace with a session; returns the cookie. */
  const person = async (name: string, role: 'admin' | 'reviewer') => {
    const userId = await one(
      `INSERT INTO users (email, password_hash, name, confirmed_at, onboarding_state) VALUES ($1, 'x', $2, now(), 'processed')`,
      [`live.${randomBytes(4).toString('hex')}@example.com`, name],
    );
    const accountUserId = await one(`INSERT INTO account_users (account_id, user_id, role) VALUES ($1, $2, $3)`, [
      accountId,
      userId,
      role,
    ]);
    await db.query(`INSERT INTO workspace_users (workspace_id, account_user_id, access_type) VALUES ($1, $2, $3)`, [
      workspaceId,
      accountUserId,
      role === 'admin' ? 'account_admin' : 'member',
    ]);
    const token = randomBytes(32).toString('base64url');
    await db.query(
      `INSERT INTO sessions (id_hash, user_id, csrf_token, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
      [hashToken(token), userId, randomBytes(32).toString('base64url')],
    );
    return `${SESSION_COOKIE}=${token}`;
  };
  const editorCookie = await person('Subtitler', 'admin');
  const reviewerCookie = await person('Reviewer', 'reviewer');

  const { versionId, subtitleId } = await seedFilmSubtitle(db, workspaceId, CUES);

  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const port = (app.server.address() as { port: number }).port;
  console.log(JSON.stringify({ port, versionId, subtitleId, editorCookie, reviewerCookie }));

  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'stats') {
      const cpu = process.cpuUsage();
      (globalThis as { gc?: () => void }).gc?.();
      const memory = process.memoryUsage();
      const loop = { p50Ms: delay.percentile(50) / 1e6, p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 };
      delay.reset();
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM subtitle_live_updates WHERE subtitle_id = $1',
        [subtitleId],
      );
      console.log(JSON.stringify({ cpu, memory, loop, storedUpdates: rows[0].n }));
    } else if (line === 'quit') {
      break;
    }
  }
  await app.close();
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
