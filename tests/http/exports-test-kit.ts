import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Queryable } from '../../server/db/database';
import { probe, type MediaInfo } from '../../server/engines/media';
import { runProcess } from '../../server/engines/process-runner';
import type { Storage } from '../../server/http/request-context';
import {
  EXPORTS_PATHS,
  type CreateExportationRequest,
  type ExportationResource,
} from '../../plugins/exports/common/exports-contract';
import type { TestAppContext } from '../support/test-app';
import type { TestClient } from '../support/test-client';

/**
 * Support of the exports HTTP tests: a generated clip, frames grabbed from videos as grey pixels
 * (to see burned-in subtitles), a finished voice-over seeded the way the pipeline stores it, and
 * the follow-up poll the progress panel makes.
 */

export async function withTempDir<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'exports-test-'));
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A test-pattern clip with a tone, `size` pixels, at 25 fps. */
export async function makeVideo(file: string, seconds: number, size = '320x240'): Promise<void> {
  await runProcess('ffmpeg', [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=${size}:rate=25`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
}

/** The frame at `seconds` as 8-bit grey pixels, row by row. */
export async function greyFrame(video: string, seconds: number, width: number, height: number): Promise<Buffer> {
  return withTempDir(async (dir) => {
    const out = path.join(dir, 'frame.gray');
    await runProcess('ffmpeg', [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-ss',
      String(seconds),
      '-i',
      video,
      '-frames:v',
      '1',
      '-vf',
      `scale=${width}:${height}`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'gray',
      out,
    ]);
    return readFile(out);
  });
}

/**
 * The share of pixels over rows [fromRow, toRow) whose grey level differs by more than 48 between
 * two frames: re-encoding moves levels by a few steps, drawn text (white on a black outline) by far more.
 */
export function changedShare(a: Buffer, b: Buffer, width: number, fromRow: number, toRow: number): number {
  let changed = 0;
  for (let i = fromRow * width; i < toRow * width; i++) if (Math.abs(a[i] - b[i]) > 48) changed++;
  return changed / ((toRow - fromRow) * width);
}

export async function probeBytes(bytes: Buffer, extension: string): Promise<MediaInfo> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, `probe.${extension}`);
    await writeFile(file, bytes);
    return probe(file);
  });
}

/** A finished voice-over run in `language` with its audio (and video) in storage, as the pipeline leaves them. */
export async function seedDubbedMedia(
  db: Queryable,
  storage: Storage,
  workspaceId: string,
  versionId: string,
  userId: string,
  subtitleId: string,
  language: string,
  files: { audio: Buffer; video: Buffer | null },
) {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO pipeline_runs (project_version_id, workspace_id, user_id, kind, settings, steps, state, transcript_subtitle_id)
     VALUES ($1, $2, $3, 'tts', '{}', ARRAY['finish'], 'done', $4) RETURNING id::text AS id`,
    [versionId, workspaceId, userId, subtitleId],
  );
  const base = `dubbed/${workspaceId}/${versionId}/${rows[0].id}-${language}`;
  await storage.put(`${base}.m4a`, files.audio, 'audio/mp4');
  if (files.video) await storage.put(`${base}.mp4`, files.video, 'video/mp4');
  await db.query(
    `INSERT INTO pipeline_dubbed_media (run_id, project_version_id, language, audio_key, video_key) VALUES ($1, $2, $3, $4, $5)`,
    [rows[0].id, versionId, language, `${base}.m4a`, files.video ? `${base}.mp4` : null],
  );
}

export async function createExport(client: TestClient, body: CreateExportationRequest): Promise<ExportationResource> {
  const res = await client.post(EXPORTS_PATHS.exportations, body);
  if (res.status !== 202) throw new Error(`export not created: ${res.status} ${res.text}`);
  return res.body.data;
}

export async function getByIds(client: TestClient, exportationIds: string[]): Promise<ExportationResource[]> {
  const res = await client.post(EXPORTS_PATHS.getByIds, { exportationIds });
  if (res.status !== 200) throw new Error(`get_by_ids answered ${res.status}: ${res.text}`);
  return res.body.data;
}

/** Polls get_by_ids (as the progress panel does, faster) until the export is finished. */
export async function waitForExport(
  ctx: TestAppContext,
  client: TestClient,
  id: string,
  timeoutMs = 60_000,
): Promise<ExportationResource> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [found] = await getByIds(client, [id]);
    if (found && (found.attributes.state === 'done' || found.attributes.state === 'failed')) return found;
    if (Date.now() > deadline)
      throw new Error(`Export ${id} not finished within ${timeoutMs} ms: ${JSON.stringify(found)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
