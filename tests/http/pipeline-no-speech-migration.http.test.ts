import { expect, it } from 'vitest';
import { pipelineMigrations } from '../../plugins/pipeline/server/pipeline-migrations';
import { migrate } from '../../server/db/migrator';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember, seedVersions } from './projects-test-kit';

/**
 * "No speech heard" is kept on the run when it finishes (pipeline_runs.no_speech). Runs that
 * finished before that column existed get it from their steps when the migration adds it, so a
 * silent video processed last week still says so in the list and on the processing page.
 */
const NO_SPEECH_MIGRATION = '202701210001_pipeline_runs_no_speech';

describeOnBothDatabases('pipeline: runs finished before no_speech was kept', (ctx) => {
  it('get it from their segmentation step when the migration adds it', async () => {
    const member = await newMember(ctx);
    const [silent, spoken, unfinished] = await seedVersions(ctx.db, member.workspaceId, 3, 'Backfill');
    // The database as it was before the migration: no column, the migration not applied.
    await ctx.db.query('ALTER TABLE pipeline_runs DROP COLUMN no_speech');
    await ctx.db.query('DELETE FROM schema_migrations WHERE id = $1', [NO_SPEECH_MIGRATION]);

    const run = async (versionId: string, state: string, words: number) => {
      const transcript = await ctx.db.query<{ id: string }>(
        `INSERT INTO subtitles (project_version_id, workspace_id, language, kind) VALUES ($1, $2, 'en', 'transcript')
         RETURNING id::text AS id`,
        [versionId, member.workspaceId],
      );
      const { rows } = await ctx.db.query<{ id: string }>(
        `INSERT INTO pipeline_runs (project_version_id, workspace_id, kind, settings, steps, state, transcript_subtitle_id)
         VALUES ($1, $2, 'plain', '{}', ARRAY['segmentation', 'finish'], $3, $4) RETURNING id::text AS id`,
        [versionId, member.workspaceId, state, transcript.rows[0].id],
      );
      await ctx.db.query(
        `INSERT INTO pipeline_steps (run_id, workspace_id, step, state, output) VALUES ($1, $2, 'segmentation', 'done', $3)`,
        [rows[0].id, member.workspaceId, JSON.stringify({ words })],
      );
      return rows[0].id;
    };
    const silentRun = await run(silent, 'done', 0);
    const spokenRun = await run(spoken, 'done', 42);
    // Still running (its finish step will decide): not marked, whatever its steps say so far.
    const unfinishedRun = await run(unfinished, 'running', 0);

    expect(await migrate(ctx.db, pipelineMigrations)).toEqual([NO_SPEECH_MIGRATION]);

    const { rows } = await ctx.db.query<{ id: string; noSpeech: boolean }>(
      'SELECT id::text AS id, no_speech AS "noSpeech" FROM pipeline_runs WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[silentRun, spokenRun, unfinishedRun]],
    );
    expect(rows).toEqual([
      { id: silentRun, noSpeech: true },
      { id: spokenRun, noSpeech: false },
      { id: unfinishedRun, noSpeech: false },
    ]);
    // And the list says it from the run row.
    const listed = await member.client.get(`/api/v1/project_versions?workspaceId=${member.workspaceId}`);
    expect(listed.status).toBe(200);
    const processing = Object.fromEntries(
      (listed.body.data as { id: string; attributes: { processing: { noSpeech: boolean } } }[]).map((row) => [
        row.id,
        row.attributes.processing.noSpeech,
      ]),
    );
    expect(processing).toEqual({ [silent]: true, [spoken]: false, [unfinished]: false });
  });
});
