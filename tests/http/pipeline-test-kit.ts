import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../../server/db/database';
import { probe } from '../../server/engines/media';
import { runProcess } from '../../server/engines/process-runner';
import { synthesizeWordByWord, type SpeechFixture } from '../../server/engines/testing/speech-fixtures';
import type { Storage } from '../../server/http/request-context';
import { PIPELINE_PATHS, type ProcessingInfo } from '../../plugins/pipeline/common/pipeline-contract';
import type { TestClient } from '../support/test-client';

/**
 * Support of the pipeline tests: a test-pattern video speaking a known English text (espeak-ng,
 * word by word, so each word's true timing is known), stored as a project version's element the
 * way the projects plugin stores uploads, and a poll of the processing info until the run ends.
 */

export const KNOWN_TEXT =
  'Hello and welcome to our show. Today we talk about the weather in the city. ' +
  'It was a cold morning but the sun came out after lunch. ' +
  'Please remember to bring water and a coat when you go outside. Thank you for watching.';

export interface SpeechVideo extends SpeechFixture {
  videoPath: string;
}

/**
 * `<dir>/video.mp4`: testsrc at 10 fps, 160x120, with the speech as its AAC sound track, at
 * `speechGain` (a recording is usually quieter than a synthetic voice at full scale).
 */
export async function makeSpeechVideo(dir: string, text = KNOWN_TEXT, speechGain = 1): Promise<SpeechVideo> {
  const speech = await synthesizeWordByWord(text, dir);
  const videoPath = path.join(dir, 'video.mp4');
  const seconds = (speech.durationMs / 1000 + 0.5).toFixed(2);
  await runProcess(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=160x120:rate=10`,
      '-i',
      speech.wavPath,
      '-af',
      `volume=${speechGain}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      '-ar',
      '44100',
      '-shortest',
      videoPath,
    ],
    { timeoutMs: 120_000 },
  );
  return { ...speech, videoPath };
}

/** A project with one version whose element is `videoPath`, stored under the projects plugin's key scheme. */
export async function seedVersionWithVideo(
  db: Queryable,
  storage: Storage,
  workspaceId: string,
  videoPath: string,
  title = 'Speech video',
): Promise<{ projectId: string; versionId: string; elementId: string }> {
  const info = await probe(videoPath);
  const size = (await stat(videoPath)).size;
  const projectId = (
    await db.query<{ id: string }>(
      'INSERT INTO projects (workspace_id, title) VALUES ($1, $2) RETURNING id::text AS id',
      [workspaceId, title],
    )
  ).rows[0].id;
  const elementId = (
    await db.query<{ id: string }>(
      `INSERT INTO elements (workspace_id, project_id, title, state, size_bytes, duration_ms) VALUES ($1, $2, $3, 'ready', $4, $5) RETURNING id::text AS id`,
      [workspaceId, projectId, title, size, info.durationMs],
    )
  ).rows[0].id;
  const key = `elements/${workspaceId}/${elementId}/video.mp4`;
  await storage.put(key, createReadStream(videoPath), 'video/mp4');
  await db.query('UPDATE elements SET storage_key = $2 WHERE id = $1', [elementId, key]);
  const versionId = (
    await db.query<{ id: string }>(
      'INSERT INTO project_versions (project_id, workspace_id, element_id, title, duration_ms) VALUES ($1, $2, $3, $4, $5) RETURNING id::text AS id',
      [projectId, workspaceId, elementId, title, info.durationMs],
    )
  ).rows[0].id;
  await db.query('UPDATE workspaces SET number_of_projects = number_of_projects + 1 WHERE id = $1', [workspaceId]);
  return { projectId, versionId, elementId };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls show_processing_info (as the processing page does) until the run is done or failed. */
export async function waitForRun(
  client: TestClient,
  versionId: string,
  timeoutMs = 90_000,
  seen?: Set<string>,
): Promise<ProcessingInfo> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(PIPELINE_PATHS.showProcessingInfo(versionId));
    if (res.status !== 200) throw new Error(`show_processing_info answered ${res.status}: ${res.text}`);
    const info = res.body.data as ProcessingInfo | null;
    if (info) seen?.add(info.currentProcessingStep);
    if (info && (info.state === 'done' || info.state === 'failed')) return info;
    if (Date.now() > deadline) throw new Error(`Run not finished within ${timeoutMs} ms: ${JSON.stringify(info)}`);
    await sleep(250);
  }
}

/** Lower-case words of a text, without punctuation. */
export const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}']+/gu) ?? [];
