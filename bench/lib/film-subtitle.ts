import type { Queryable } from '../../server/plugin-api';

/**
 * The live benches' subtitle: one project "Film" in the workspace, its version and an English
 * transcript of `cues` cues 3.6 s apart ("Line N of the film"), written straight into the tables
 * (one INSERT … generate_series for the cues). Returns the version's and the subtitle's ids.
 */
export async function seedFilmSubtitle(
  db: Queryable,
  workspaceId: string,
  cues: number,
): Promise<{ versionId: string; subtitleId: string }> {
  const one = async (sql: string, params: unknown[]) =>
    (await db.query<{ id: string }>(`${sql} RETURNING id::text AS id`, params)).rows[0].id;
  const projectId = await one('INSERT INTO projects (workspace_id, title) VALUES ($1, $2)', [workspaceId, 'Film']);
  const versionId = await one('INSERT INTO project_versions (project_id, workspace_id, title) VALUES ($1, $2, $3)', [
    projectId,
    workspaceId,
    'Film',
  ]);
  const subtitleId = await one(
    `INSERT INTO subtitles (project_version_id, workspace_id, language, kind, cues_count) VALUES ($1, $2, 'en', 'transcript', $3)`,
    [versionId, workspaceId, cues],
  );
  await db.query(
    `INSERT INTO subtitle_cues (subtitle_id, position, start_ms, end_ms, text)
     SELECT $1, i, i * 3600, i * 3600 + 3000, 'Line ' || (i + 1) || ' of the film' FROM generate_series(0, $2 - 1) AS i`,
    [subtitleId, cues],
  );
  return { versionId, subtitleId };
}
