import type { StepDefinition } from './step-runner';
import { PROJECT_VERSIONS } from '../../../projects/common/project-versions-service';
import { runKey } from './work-files';
import type { JobContext } from '../../../../server/plugin-api';
import { processingPage } from '../../common/pipeline-contract';
import { PROCESSING_FINISHED } from '../../common/pipeline-events';

/**
 * The run is done: state, the version's processing state and the user's count of projects
 * successfully created move in the step's completing transaction, so the count goes up exactly
 * once however often the step runs. Intermediate files go afterwards (best effort: a leftover
 * is only disk space, never a wrong result).
 */
export const finishStep: StepDefinition = {
  step: 'finish',
  async execute({ ctx, run, files, complete }) {
    let finishedNow = false;
    await complete(async (tx) => {
      const { rows } = await tx.query<{ userId: string | null }>(
        // Whether it heard no speech is kept on the run: the processing page and the projects list read it there.
        `UPDATE pipeline_runs SET state = 'done', updated_at = now(), finished_at = now(),
           no_speech = EXISTS (SELECT 1 FROM pipeline_steps st WHERE st.run_id = $1 AND st.step = 'segmentation'
                                 AND st.state = 'done' AND st.output->>'words' = '0')
         WHERE id = $1 AND state IN ('queued', 'running') RETURNING user_id::text AS "userId"`,
        [run.id],
      );
      finishedNow = rows.length > 0;
      if (rows[0]?.userId) {
        await tx.query(
          'UPDATE users SET number_of_projects_successfully_created = number_of_projects_successfully_created + 1 WHERE id = $1',
          [rows[0].userId],
        );
      }
      await ctx.services.get(PROJECT_VERSIONS).setProcessing(tx, run.projectVersionId, 'finish', 'done');
      if (finishedNow)
        await ctx.events.publish(
          tx,
          PROCESSING_FINISHED,
          { runId: run.id, projectVersionId: run.projectVersionId, kind: run.kind },
          { workspaceId: run.workspaceId },
        );
    });
    const { rows } = await ctx.db.query<{ key: string }>(
      `SELECT clip->>'key' AS key FROM pipeline_steps, jsonb_array_elements(COALESCE(output->'clips', '[]'::jsonb)) AS clip WHERE run_id = $1 AND step = 'synthesis'`,
      [run.id],
    );
    const keys = [runKey(run.id, 'audio.wav'), ...rows.map((row) => row.key)];
    await Promise.all(keys.map((key) => ctx.storage.delete(key).catch(() => {})));
    await files.removeAll();
    // "You'll get an email once it's ready" (docs/product-contract.md#messages): sent once, by the invocation that finished
    // the run, after its transaction committed (PGlite has one connection: never mail inside it).
    if (finishedNow) await mailReady(ctx, run.id);
  },
};

async function mailReady(ctx: JobContext, runId: string): Promise<void> {
  const { rows } = await ctx.db.query<{ email: string; name: string; projectVersionId: string }>(
    `SELECT u.email, u.name, r.project_version_id::text AS "projectVersionId" FROM pipeline_runs r JOIN users u ON u.id = r.user_id WHERE r.id = $1`,
    [runId],
  );
  const summary = rows[0] ? await ctx.services.get(PROJECT_VERSIONS).summary(ctx.db, rows[0].projectVersionId) : null;
  if (!rows[0] || !summary) return;
  const found = { ...rows[0], title: summary.title };
  const url = `${ctx.config.publicUrl}${processingPage(found.projectVersionId)}`;
  await ctx.mailer.enqueue({
    to: found.email,
    subject: `Your project "${found.title}" is ready`,
    text: `Hello${found.name ? ` ${found.name}` : ''},\n\nPolycue has finished processing "${found.title}". Open it here:\n${url}\n`,
  });
}
