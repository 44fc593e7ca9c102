/**
 * Child process of bench/editor-open.bench.mjs (run with `node --import tsx`): the real app
 * (every server plugin, the pages built by the bench into EDITOR_OPEN_DIST) on PGlite in a temporary DATA_DIR, with one
 * person, a version whose media is a 2-hour film (a 60 s clip of a tiny picture and a tone
 * rising and falling, made by ffmpeg and repeated by stream copy), and its subtitle of 2,000 cues
 * made through the API (create + SRT import, as people do). The waveform's peaks are asked for
 * once and waited for (their first making is timed: it happens once per film). Prints one JSON
 * line `{ base, cookie, editorUrl, cues, peaksFirstMs }` and stops when stdin closes.
 */
import { randomBytes } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { PgliteDatabase } from '../server/db/pglite-database';
import { hashToken, SESSION_COOKIE } from '../server/http/sessions';
import { runProcess } from '../server/plugin-api';
import { serverPlugins } from '../server/plugins';
import { WAVEFORM_PATH } from '../plugins/editor/common/waveform-contract';

const FILM_S = 2 * 3600;
const CLIP_S = 60;
const CUES = 2000;
const log = (...parts: unknown[]) => console.error('  [editor-open-app]', ...parts);

const stamp = (ms: number) =>
  `${String(Math.floor(ms / 3_600_000)).padStart(2, '0')}:${String(Math.floor(ms / 60_000) % 60).padStart(2, '0')}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')},${String(ms % 1000).padStart(3, '0')}`;

/** 2,000 cues spread over the film, one in three on two lines, as a film's subtitles are. */
function filmSrt(): string {
  const slot = Math.floor((FILM_S * 1000) / CUES);
  const blocks: string[] = [];
  for (let i = 0; i < CUES; i++) {
    const text =
      i % 3 === 0 ? `Line ${i + 1} of the film, said here\nand its second line` : `Line ${i + 1} of the film`;
    blocks.push(`${i + 1}\n${stamp(i * slot)} --> ${stamp(i * slot + slot - 600)}\n${text}\n`);
  }
  return blocks.join('\n');
}

async function makeFilm(dir: string): Promise<string> {
  const quiet = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
  // A tone whose loudness rises and falls every 4 s, so the waveform has shape at every zoom.
  const audio = `aevalsrc='0.8*abs(sin(PI*t/4))*sin(2*PI*330*t)':d=${CLIP_S}:s=22050`;
  await runProcess(
    'ffmpeg',
    [
      ...quiet,
      '-f',
      'lavfi',
      '-i',
      `color=c=0x1d2b38:s=160x90:d=${CLIP_S}:r=2`,
      '-f',
      'lavfi',
      '-i',
      audio,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-g',
      '20',
      '-c:a',
      'aac',
      '-b:a',
      '32k',
      '-ac',
      '1',
      '-shortest',
      'clip.mp4',
    ],
    { cwd: dir },
  );
  await runProcess(
    'ffmpeg',
    [
      ...quiet,
      '-stream_loop',
      String(FILM_S / CLIP_S - 1),
      '-i',
      'clip.mp4',
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      'film.mp4',
    ],
    { cwd: dir, timeoutMs: 300_000 },
  );
  return path.join(dir, 'film.mp4');
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polycue-editor-open-'));
  const db = await PgliteDatabase.open(null);
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', PORT: '0', PUBLIC_URL: 'http://127.0.0.1' }),
    authRateLimitPerMinute: 1_000_000,
  };
  const app = await buildApp({
    config,
    db,
    plugins: serverPlugins,
    logger: false,
    distDir: process.env.EDITOR_OPEN_DIST,
  });
  await app.ready();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const one = async (sql: string, params: unknown[]) =>
    (await db.query<{ id: string }>(`${sql} RETURNING id::text AS id`, params)).rows[0].id;
  const accountId = await one('INSERT INTO accounts (name) VALUES ($1)', ['Film team']);
  const workspaceId = await one('INSERT INTO workspaces (account_id, name) VALUES ($1, $2)', [accountId, 'Films']);
  const userId = await one(
    `INSERT INTO users (email, password_hash, name, confirmed_at, onboarding_state) VALUES ($1, 'x', 'Subtitler', now(), 'processed')`,
    [`subtitler.${randomBytes(3).toString('hex')}@example.com`],
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
  const csrf = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO sessions (id_hash, user_id, csrf_token, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
    [hashToken(token), userId, csrf],
  );
  const cookie = `${SESSION_COOKIE}=${token}`;

  const filmDir = await mkdtemp(path.join(tmpdir(), 'polycue-editor-film-'));
  let started = performance.now();
  const film = await readFile(await makeFilm(filmDir));
  log(`2-hour film made (${Math.round(film.length / 1e6)} MB) in ${Math.round(performance.now() - started)} ms`);
  const projectId = await one('INSERT INTO projects (workspace_id, title) VALUES ($1, $2)', [
    workspaceId,
    'The long film',
  ]);
  const elementId = await one(
    `INSERT INTO elements (workspace_id, project_id, title, state, size_bytes, duration_ms) VALUES ($1, $2, 'film', 'ready', $3, $4)`,
    [workspaceId, projectId, film.length, FILM_S * 1000],
  );
  const mediaKey = `elements/${workspaceId}/${elementId}/film.mp4`;
  await app.storage.put(mediaKey, film, 'video/mp4');
  await db.query('UPDATE elements SET storage_key = $2 WHERE id = $1', [elementId, mediaKey]);
  const versionId = await one(
    'INSERT INTO project_versions (project_id, workspace_id, element_id, title, duration_ms) VALUES ($1, $2, $3, $4, $5)',
    [projectId, workspaceId, elementId, 'The long film', FILM_S * 1000],
  );

  const headers = { cookie, 'x-csrf-token': csrf };
  const made = await fetch(`${base}/api/v1/project_versions/${versionId}/subtitles`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ language: 'en' }),
  });
  const subtitleId = ((await made.json()) as { data: { id: string } }).data.id;
  const form = new FormData();
  form.append('srt_content', new Blob([filmSrt()]), 'film.srt');
  const imported = await fetch(`${base}/api/v1/project_versions/${versionId}/subtitles/${subtitleId}/import_srt`, {
    method: 'POST',
    headers,
    body: form,
  });
  if (!imported.ok) throw new Error(`the import answered ${imported.status}: ${await imported.text()}`);
  const editorUrl = ((await imported.json()) as { data: { attributes: { editorUrl: string } } }).data.attributes
    .editorUrl;

  // The peaks, made once (what the first person to open the film waits for, in the background).
  started = performance.now();
  for (;;) {
    const res = await fetch(`${base}${WAVEFORM_PATH(versionId, subtitleId)}?buckets=1000`, { headers });
    if (res.status === 200) break;
    if (res.status !== 202) throw new Error(`the waveform answered ${res.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const peaksFirstMs = Math.round(performance.now() - started);
  log(`peaks of the 2-hour audio made in ${peaksFirstMs} ms`);
  await rm(filmDir, { recursive: true, force: true });

  console.log(JSON.stringify({ base, cookie, editorUrl, cues: CUES, peaksFirstMs }));
  process.stdin.resume();
  process.stdin.on('end', async () => {
    await app.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
