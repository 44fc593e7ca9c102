import type { Queryable, ServiceRegistry } from '../../../server/plugin-api';
import { PROJECT_VERSIONS, type VersionMedia } from '../../projects/common/project-versions-service';
import type { LastUsedSettings, RunKind } from '../common/pipeline-contract';
import type { RunSettings } from './run-repository';

export type { VersionMedia };

/** The workspace's versions among `ids` with their media, asked of the projects plugin (PROJECT_VERSIONS). */
export function versionsInWorkspace(
  services: ServiceRegistry,
  db: Queryable,
  workspaceId: string,
  ids: string[],
): Promise<VersionMedia[]> {
  return services.get(PROJECT_VERSIONS).mediaInWorkspace(db, workspaceId, ids);
}

export async function lastUsedSettings(db: Queryable, userId: string, kind: RunKind): Promise<LastUsedSettings | null> {
  const { rows } = await db.query<{ settings: LastUsedSettings }>(
    'SELECT settings FROM pipeline_last_used_settings WHERE user_id = $1 AND kind = $2',
    [userId, kind],
  );
  return rows[0]?.settings ?? null;
}

export async function rememberSettings(
  db: Queryable,
  userId: string,
  kind: RunKind,
  settings: RunSettings,
): Promise<void> {
  const remembered: LastUsedSettings = {
    language: settings.language,
    subtitleLanguages: settings.subtitleLanguages,
    dubbingLanguages: settings.dubbingLanguages,
    vocabularyListId: settings.vocabularyListId,
    guidelineId: settings.guidelineId,
    termbaseId: settings.termbaseId,
  };
  await db.query(
    `INSERT INTO pipeline_last_used_settings (user_id, kind, settings) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, kind) DO UPDATE SET settings = EXCLUDED.settings, updated_at = now()`,
    [userId, kind, JSON.stringify(remembered)],
  );
}

/** The settings of the newest run among these versions (to preselect what they were set up with). */
export async function latestSettingsOf(
  db: Queryable,
  ids: string[],
): Promise<{ settings: RunSettings; hasVoice: boolean } | null> {
  const { rows } = await db.query<{ settings: RunSettings; hasVoice: boolean }>(
    `SELECT settings, EXISTS (SELECT 1 FROM pipeline_runs t WHERE t.project_version_id = ANY($1::bigint[]) AND t.kind = 'tts' AND t.state <> 'failed') AS "hasVoice"
     FROM pipeline_runs WHERE project_version_id = ANY($1::bigint[]) ORDER BY id DESC LIMIT 1`,
    [ids],
  );
  return rows[0] ?? null;
}
