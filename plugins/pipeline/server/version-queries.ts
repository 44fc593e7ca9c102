import type { Queryable } from '../../../server/plugin-api';
import type { LastUsedSettings, RunKind } from '../common/pipeline-contract';
import type { RunSettings } from './run-repository';

/** A project version as the pipeline needs it (read from the projects plugin's tables). */
export interface VersionMedia {
  id: string;
  projectId: string;
  title: string;
  durationMs: number;
  elementId: string | null;
  elementState: 'downloading' | 'ready' | 'failed' | null;
  storageKey: string | null;
  sizeBytes: number;
  elementDurationMs: number;
}

export async function versionsInWorkspace(db: Queryable, workspaceId: string, ids: string[]): Promise<VersionMedia[]> {
  const { rows } = await db.query<VersionMedia>(
    `SELECT v.id::text AS id, v.project_id::text AS "projectId", v.title, v.duration_ms AS "durationMs",
            e.id::text AS "elementId", e.state AS "elementState", e.storage_key AS "storageKey",
            COALESCE(e.size_bytes, 0)::float8 AS "sizeBytes", COALESCE(e.duration_ms, 0) AS "elementDurationMs"
     FROM project_versions v LEFT JOIN elements e ON e.id = v.element_id
     WHERE v.workspace_id = $1 AND v.id = ANY($2::bigint[]) AND v.deleted_at IS NULL ORDER BY v.id`,
    [workspaceId, ids],
  );
  return rows;
}

export async function lastUsedSettings(db: Queryable, userId: string, kind: RunKind): Promise<LastUsedSettings | null> {
  const { rows } = await db.query<{ settings: LastUsedSettings }>('SELECT settings FROM pipeline_last_used_settings WHERE user_id = $1 AND kind = $2', [userId, kind]);
  return rows[0]?.settings ?? null;
}

export async function rememberSettings(db: Queryable, userId: string, kind: RunKind, settings: RunSettings): Promise<void> {
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
export async function latestSettingsOf(db: Queryable, ids: string[]): Promise<{ settings: RunSettings; hasVoice: boolean } | null> {
  const { rows } = await db.query<{ settings: RunSettings; hasVoice: boolean }>(
    `SELECT settings, EXISTS (SELECT 1 FROM pipeline_runs t WHERE t.project_version_id = ANY($1::bigint[]) AND t.kind = 'tts' AND t.state <> 'failed') AS "hasVoice"
     FROM pipeline_runs WHERE project_version_id = ANY($1::bigint[]) ORDER BY id DESC LIMIT 1`,
    [ids],
  );
  return rows[0] ?? null;
}
