import type { VersionsQueryable } from '../../projects/common/project-versions-service';
import type { ProcessedUsage } from '../common/pipeline-usage';

/**
 * Media seconds and voice-overs of an account's runs created in [from, to) that did not fail
 * (a failed run delivered nothing, so it is not billed). One statement over the runs'
 * workspace index.
 */
export async function processedUsage(
  db: VersionsQueryable,
  accountId: string,
  from: Date,
  to: Date,
): Promise<ProcessedUsage> {
  const { rows } = await db.query<{ seconds: number; voiceOvers: number }>(
    `SELECT COALESCE(sum(r.media_duration_ms), 0)::float8 / 1000 AS seconds,
            COALESCE(sum(CASE WHEN r.kind = 'tts' THEN jsonb_array_length(r.settings->'dubbingLanguages') ELSE 0 END), 0)::int AS "voiceOvers"
     FROM pipeline_runs r JOIN workspaces w ON w.id = r.workspace_id
     WHERE w.account_id = $1 AND r.created_at >= $2 AND r.created_at < $3 AND r.state <> 'failed'`,
    [accountId, from, to],
  );
  return rows[0];
}
