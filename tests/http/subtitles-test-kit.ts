import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import yauzl from 'yauzl';
import type { Queryable } from '../../server/db/database';
import { SUBTITLES_PATHS } from '../../plugins/subtitles/common/subtitles-contract';
import type { TestAppContext } from '../support/test-app';
import type { TestClient } from '../support/test-client';
import { makeClip, seedVersions, type Member } from './projects-test-kit';

/**
 * Support of the subtitles HTTP tests: versions seeded through SQL matching the projects schema,
 * subtitles made through the API, imports as multipart, a small zip reader (yauzl) and a media
 * element stored the way the projects plugin stores uploads.
 */

export async function newVersion(ctx: TestAppContext, member: Member, title = 'Launch video'): Promise<string> {
  const [id] = await seedVersions(ctx.db, member.workspaceId, 1, title);
  // seedVersions titles versions "<prefix> <n>"; the download names files after this title.
  await ctx.db.query('UPDATE project_versions SET title = $2 WHERE id = $1', [id, title]);
  return id;
}

export async function newSubtitle(client: TestClient, projectVersionId: string, language = 'en'): Promise<string> {
  const res = await client.post(SUBTITLES_PATHS.subtitles(projectVersionId), { language });
  if (res.status !== 201 && res.status !== 200) throw new Error(`subtitle not created: ${res.status} ${res.text}`);
  return res.body.data.id;
}

export function importFile(
  client: TestClient,
  projectVersionId: string,
  subtitleId: string,
  content: Buffer | string,
  options: { filename?: string; diarization?: boolean; asText?: boolean } = {},
) {
  const fields: Record<string, string> = {};
  if (options.diarization !== undefined) fields.enable_speaker_diarization = String(options.diarization);
  if (options.asText) fields.srt_content = String(content);
  return client.postMultipart(SUBTITLES_PATHS.importSrt(projectVersionId, subtitleId), {
    fields,
    files: options.asText
      ? []
      : [
          {
            field: 'srt_content',
            filename: options.filename ?? 'subtitles.srt',
            contentType: 'application/octet-stream',
            content,
          },
        ],
  });
}

/** `n` cues, two seconds each, text "Cue <i>" (and a second line on every third one). */
export function srtOf(n: number, text = (i: number) => (i % 3 === 0 ? `Cue ${i}\nsecond line` : `Cue ${i}`)): string {
  const stamp = (ms: number) => {
    const h = Math.floor(ms / 3_600_000);
    const m = Math.floor(ms / 60_000) % 60;
    const s = Math.floor(ms / 1000) % 60;
    return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')},${String(ms % 1000).padStart(3, '0')}`;
  };
  const blocks: string[] = [];
  for (let i = 1; i <= n; i++)
    blocks.push(`${i}\n${stamp((i - 1) * 2000)} --> ${stamp((i - 1) * 2000 + 1500)}\n${text(i)}\n`);
  return blocks.join('\n');
}

export async function cuesOf(client: TestClient, projectVersionId: string, subtitleId: string) {
  const res = await client.get(SUBTITLES_PATHS.cues(projectVersionId, subtitleId));
  if (res.status !== 200) throw new Error(`cues not read: ${res.status} ${res.text}`);
  return res.body.cues as { start: number; end: number; text: string; speaker?: string }[];
}

/** A GET whose body is binary (app.inject keeps it as a Buffer through rawPayload). */
export async function getBinary(
  ctx: TestAppContext,
  client: TestClient,
  url: string,
  headers: Record<string, string> = {},
) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const res = await ctx.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload, text: res.body };
}

/** Every entry of a zip: name -> content. */
export function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A short test-pattern clip stored as the version's ready element, like an upload (elements/<ws>/<id>/<name>). */
export async function attachClip(
  ctx: TestAppContext,
  db: Queryable,
  workspaceId: string,
  projectVersionId: string,
): Promise<Buffer> {
  const file = path.join(tmpdir(), `polycue-clip-${randomBytes(4).toString('hex')}.mp4`);
  await makeClip(file, 1);
  const bytes = await readFile(file);
  await attachMedia(ctx, db, workspaceId, projectVersionId, bytes, 1000);
  return bytes;
}

/**
 * Media bytes stored as the version's ready element, like an upload (elements/<ws>/<id>/<name>),
 * the way media was stored before browser copies were made: no copy, none asked for. Its key.
 */
export async function attachMedia(
  ctx: TestAppContext,
  db: Queryable,
  workspaceId: string,
  projectVersionId: string,
  bytes: Buffer,
  durationMs: number,
  file: { name: string; contentType: string } = { name: 'clip.mp4', contentType: 'video/mp4' },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO elements (workspace_id, title, state, size_bytes, duration_ms, project_id)
     SELECT $1, 'clip', 'ready', $2, $4, project_id FROM project_versions WHERE id = $3 RETURNING id::text AS id`,
    [workspaceId, bytes.length, projectVersionId, durationMs],
  );
  const key = `elements/${workspaceId}/${rows[0].id}/${file.name}`;
  await ctx.app.storage.put(key, bytes, file.contentType);
  await db.query('UPDATE elements SET storage_key = $2 WHERE id = $1', [rows[0].id, key]);
  await db.query('UPDATE project_versions SET element_id = $2, duration_ms = $3 WHERE id = $1', [
    projectVersionId,
    rows[0].id,
    durationMs,
  ]);
  return key;
}
