import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { latestRunOfVersion } from './run-repository';

/**
 * The processing page shows a version's newest run. Ids are selected as text (`id::text AS id`),
 * and PostgreSQL sorts a bare `ORDER BY id` by that text alias: run "9" came after run "10",
 * so a version set up again once its ids passed a power of ten showed its old run.
 */
describe('latestRunOfVersion', () => {
  const pglite = new PGlite();
  const db = {
    query: async <T>(sql: string | { text: string }, params?: unknown[]) =>
      pglite.query<T>(typeof sql === 'string' ? sql : sql.text, params),
  };
  afterAll(() => pglite.close());

  it('is the newest run of the version, also once ids gain a digit', async () => {
    await pglite.exec(`CREATE TABLE pipeline_runs (
      id bigserial PRIMARY KEY, project_version_id bigint, workspace_id bigint, user_id bigint, kind text, settings jsonb,
      steps jsonb, state text, transcript_subtitle_id bigint, media_duration_ms int, failure_step text, failure_message text,
      no_speech boolean NOT NULL DEFAULT false)`);
    // Runs 1..12; the version's are 9 (first set-up) and 12 (set up again).
    for (let id = 1; id <= 12; id++) {
      await pglite.query(
        `INSERT INTO pipeline_runs (project_version_id, kind, settings, steps, state) VALUES ($1, 'stt', '{}', '[]', 'done')`,
        [id === 9 || id === 12 ? 7 : 100 + id],
      );
    }
    const latest = await latestRunOfVersion(db as never, '7');
    expect(latest?.id).toBe('12');
  });
});
