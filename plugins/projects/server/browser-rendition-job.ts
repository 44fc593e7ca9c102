import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ensureBrowserPlayable, type JobDefinition, type JobQueue, type Queryable } from '../../../server/plugin-api';
import { browserRenditionKey, type BrowserRenditionsService } from '../common/browser-rendition';

export const BROWSER_RENDITION_JOB = 'projects.makeBrowserRendition';

/**
 * Asks for the browser's copy of stored media (a job: encoding a film takes as long as the film),
 * once per element (`browser_rendition_asked_at`, browser-rendition-migrations.ts): after upload
 * or link import, and from a player for media stored before copies were made. Whether a browser
 * plays the file is known only by probing it, which the job does: a player cannot probe on a
 * request. True when this call queued the job.
 */
export async function makeBrowserRenditionLater(db: Queryable, jobs: JobQueue, storageKey: string): Promise<boolean> {
  // Through the small index of media never asked for: for media asked already (every request of a
  // player that finds no copy, e.g. any MP4 a browser plays) it matches no row and writes nothing.
  // Two requests at once: one of them marks the element, and only that one queues.
  const { rows } = await db.query(
    `UPDATE elements SET browser_rendition_asked_at = now()
     WHERE storage_key = $1 AND browser_rendition_asked_at IS NULL RETURNING id`,
    [storageKey],
  );
  if (rows.length === 0) return false;
  try {
    await jobs.send(BROWSER_RENDITION_JOB, { storageKey }, { singletonKey: `rendition-${storageKey}` });
  } catch (err) {
    // Not queued: the next request asks again.
    await db.query('UPDATE elements SET browser_rendition_asked_at = NULL WHERE storage_key = $1', [storageKey]);
    throw err;
  }
  return true;
}

/** BROWSER_RENDITIONS for the players (../common/browser-rendition.ts). */
export function browserRenditions(db: Queryable, jobs: JobQueue): BrowserRenditionsService {
  return { askOnce: (storageKey) => makeBrowserRenditionLater(db, jobs, storageKey) };
}

/**
 * `projects.makeBrowserRendition { storageKey }`: an H.264/AAC MP4 of stored media that a browser
 * does not play as it is, kept under browserRenditionKey (nothing for media it plays). Media
 * deleted meanwhile leaves no copy behind. The copy goes with its media through the
 * derivedMediaFiles point (deletions, retention, account exports and erasures).
 */
export const browserRenditionJob: JobDefinition<{ storageKey: string }> = {
  name: BROWSER_RENDITION_JOB,
  retryLimit: 1,
  // An hour-long film is encoded in about as long on a small machine.
  expireInSeconds: 6 * 60 * 60,
  async handler({ storageKey }, ctx) {
    const stored = await ctx.storage.get(storageKey);
    if (!stored) return;
    const scratch = path.join(ctx.config.dataDir, 'tmp', 'rendition');
    await mkdir(scratch, { recursive: true });
    const dir = await mkdtemp(path.join(scratch, 'job-'));
    try {
      const source = path.join(dir, 'source');
      await pipeline(stored.stream, createWriteStream(source));
      const copy = path.join(dir, 'browser.mp4');
      if (!(await ensureBrowserPlayable(source, copy, { signal: ctx.shutdown }))) return;
      const key = browserRenditionKey(storageKey);
      await ctx.storage.put(key, createReadStream(copy), 'video/mp4');
      const { rows } = await ctx.db.query('SELECT 1 FROM elements WHERE storage_key = $1 LIMIT 1', [storageKey]);
      if (rows.length === 0) await ctx.storage.delete(key);
      ctx.log.info({ storageKey }, 'browser rendition made');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
