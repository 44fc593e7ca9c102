/**
 * Child process of bench/live-remote-change.bench.mjs (run with `node --import tsx`): the real
 * app (every server plugin) on PGlite, listening on a loopback port, one person and a subtitle of
 * 2,000 cues; two editors (tests/support/live-test-editor.ts: a Yjs document over the live
 * socket, as the browser's) open it, and one types into a cue CHANGES times, one keystroke at a
 * time, a quiet moment between them. Each change is timed from the typist's edit to the moment the
 * other editor's document shows it. Prints one JSON line `{ samples, cues }`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { PgliteDatabase } from '../server/db/pglite-database';
import { hashToken, SESSION_COOKIE } from '../server/http/sessions';
import { serverPlugins } from '../server/plugins';
import { seedFilmSubtitle } from './lib/film-subtitle';
import { LIVE_PATH } from '../plugins/subtitles/common/live-contract';
import { LiveTestEditor } from '../tests/support/live-test-editor';

const CUES = 2000;
const CHANGES = Number(process.env.LIVE_CHANGES ?? 60);
const t0 = performance.now();
const step = (what: string) =>
  console.error(`  [live-remote-change] ${what} at ${Math.round(performance.now() - t0)} ms`);

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polycue-live-bench-'));
  const db = await PgliteDatabase.open(null);
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', PORT: '0', PUBLIC_URL: 'http://127.0.0.1' }),
    authRateLimitPerMinute: 1_000_000,
  };
  const app = await buildApp({ config, db, plugins: serverPlugins, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  step('app listening');
  const base = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const one = async (sql: string, params: unknown[]) =>
    (await db.query<{ id: string }>(`${sql} RETURNING id::text AS id`, params)).rows[0].id;
  const accountId = await one('INSERT INTO accounts (name) VALUES ($1)', ['Film team']);
  const workspaceId = await one('INSERT INTO workspaces (account_id, name) VALUES ($1, $2)', [accountId, 'Films']);
  const userId = await one(
    `INSERT INTO users (email, password_hash, name, confirmed_at, onboarding_state) VALUES ($1, 'x', 'Subtitler', now(), 'processed')`,
    [`live.${randomBytes(3).toString('hex')}@example.com`],
  );
  const accountUserId = await one(`INSERT INTO account_users (account_id, user_id, role) VALUES ($1, $2, 'admin')`, [
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
  const { versionId, subtitleId } = await seedFilmSubtitle(db, workspaceId, CUES);

  const url = `${base}${LIVE_PATH(versionId, subtitleId)}`;
  const headers = { cookie: `${SESSION_COOKIE}=${token}` };
  const typist = await LiveTestEditor.connect(url, headers);
  const reader = await LiveTestEditor.connect(url, headers);
  await Promise.all([typist.whenSynced(), reader.whenSynced()]);
  step('two editors synced');
  const samples: number[] = [];
  const cue = Math.floor(CUES / 2);
  let text = typist.texts()[cue]!;
  for (let i = 0; i < CHANGES; i++) {
    text += String.fromCharCode(97 + (i % 26));
    const started = performance.now();
    typist.type(cue, text);
    await reader.until(() => reader.texts()[cue] === text, 5000);
    samples.push(performance.now() - started);
    // A typist's pace: the server's settle (rows rewritten a second after the last edit) runs between some of them.
    await new Promise((resolve) => setTimeout(resolve, 40 + (i % 5) * 60));
  }
  step('changes timed');
  await Promise.all([typist.close(), reader.close()]);
  await app.close();
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
  step('closed');
  process.stdout.write(`${JSON.stringify({ samples, cues: CUES })}\n`, () => process.exit(0));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
