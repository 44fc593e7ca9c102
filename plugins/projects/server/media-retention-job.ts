import type { JobContext, JobDefinition } from '../../../server/plugin-api';
import { derivedMediaFiles } from './extension-points';

/** Elements per round: each costs a Storage delete or a few (the media and what was derived from it). */
const BATCH = 200;

export const REMOVE_EXPIRED_MEDIA_JOB = 'projects.removeExpiredMedia';

type RetentionContext = Pick<JobContext, 'db' | 'storage' | 'extensions' | 'log'>;

/**
 * Deletes, through Storage, the media of every element whose versions are all older than its
 * workspace's retention at `now` (injectable: tests move the clock on), with the files other
 * plugins derived from it (waveforms), then marks the element: `storage_key` emptied and
 * `media_removed_after_days` set. Subtitles, exports and thumbnails stay. The files go first: a
 * crash between the two leaves a row pointing at nothing, which the next run deletes (a no-op)
 * and marks; the other way round would leave files nobody can find. Returns the elements marked.
 */
export async function removeExpiredMedia(ctx: RetentionContext, now: Date): Promise<number> {
  const derivers = ctx.extensions.contributions(derivedMediaFiles);
  let removed = 0;
  for (;;) {
    const { rows } = await ctx.db.query<{ id: string; key: string; days: number }>(
      `SELECT e.id::text AS id, e.storage_key AS key, r.days
         FROM workspace_media_retention r
         JOIN elements e ON e.workspace_id = r.workspace_id
        WHERE e.storage_key IS NOT NULL AND e.state = 'ready' AND e.deleted_at IS NULL
          AND EXISTS (SELECT 1 FROM project_versions v WHERE v.element_id = e.id)
          AND NOT EXISTS (SELECT 1 FROM project_versions v WHERE v.element_id = e.id
                           AND v.created_at > $1::timestamptz - make_interval(days => r.days))
        ORDER BY e.id LIMIT $2`,
      [now.toISOString(), BATCH],
    );
    for (const row of rows) {
      for (const derived of derivers.flatMap((deriver) => deriver.keysOf(row.key))) await ctx.storage.delete(derived);
      await ctx.storage.delete(row.key);
    }
    if (rows.length > 0) {
      // Only while the key is still the one deleted (a re-import meanwhile keeps its new file).
      const marked = await ctx.db.query(
        `UPDATE elements e SET storage_key = NULL, media_removed_after_days = x.days, updated_at = now()
           FROM unnest($1::bigint[], $2::text[], $3::int[]) AS x(id, key, days)
          WHERE e.id = x.id AND e.storage_key = x.key RETURNING e.id`,
        [rows.map((row) => row.id), rows.map((row) => row.key), rows.map((row) => row.days)],
      );
      removed += marked.rows.length;
    }
    if (rows.length < BATCH) break;
  }
  if (removed > 0) ctx.log.info({ elements: removed }, 'media removed by retention');
  return removed;
}

/** `projects.removeExpiredMedia {}`: daily on pg-boss's clock (one worker runs each tick). */
export const removeExpiredMediaJob: JobDefinition = {
  name: REMOVE_EXPIRED_MEDIA_JOB,
  cron: '41 3 * * *',
  expireInSeconds: 60 * 60,
  handler: async (_data, ctx) => void (await removeExpiredMedia(ctx, new Date())),
};
