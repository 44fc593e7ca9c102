import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PIPELINE_PATHS } from '../../plugins/pipeline/common/pipeline-contract';
import { runProcess } from '../../server/engines/process-runner';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import { seedVersionWithVideo, waitForRun } from './pipeline-test-kit';
import { newMember } from './projects-test-kit';

/** The pipeline publishes pipeline.processingFinished / processingFailed once per run, in the transaction that ends it. */
let dir: string;
let silent: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'domain-events-pipeline-'));
  silent = path.join(dir, 'silent.mp4');
  await runProcess('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=3:size=160x120:rate=10',
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=44100:cl=mono',
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-t',
    '3',
    silent,
  ]);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const published = async (ctx: TestAppContext, name: string, workspaceId: string) =>
  (
    await ctx.db.query<{ payload: Record<string, unknown> }>(
      'SELECT payload FROM domain_events WHERE name = $1 AND workspace_id = $2',
      [name, workspaceId],
    )
  ).rows.map((row) => row.payload);

const setUp = (ctx: TestAppContext, member: Awaited<ReturnType<typeof newMember>>, versionId: string) =>
  member.client.put(PIPELINE_PATHS.setup, {
    projectVersionIds: [versionId],
    includesTranscript: false,
    workspaceId: member.workspaceId,
    settings: { language: 'en', subtitleLanguages: [] },
  });

describeOnBothDatabases('domain events of the pipeline', (ctx) => {
  it('a finished run publishes processingFinished once; a failed one processingFailed with its step and message', async () => {
    const member = await newMember(ctx);
    const { versionId } = await seedVersionWithVideo(ctx.db, ctx.app.storage, member.workspaceId, silent, 'Silent');
    expect((await setUp(ctx, member, versionId)).status).toBe(202);
    expect(await waitForRun(member.client, versionId, 120_000)).toMatchObject({ state: 'done' });
    await ctx.runJobs();
    expect(await published(ctx, 'pipeline.processingFinished', member.workspaceId)).toEqual([
      { runId: expect.any(String), projectVersionId: versionId, kind: expect.any(String) },
    ]);
    expect(await published(ctx, 'pipeline.processingFailed', member.workspaceId)).toEqual([]);

    const broken = await seedVersionWithVideo(ctx.db, ctx.app.storage, member.workspaceId, silent, 'Broken');
    const { rows } = await ctx.db.query<{ key: string }>('SELECT storage_key AS key FROM elements WHERE id = $1', [
      broken.elementId,
    ]);
    await ctx.app.storage.put(rows[0].key, Buffer.from('not a video at all'), 'video/mp4');
    expect((await setUp(ctx, member, broken.versionId)).status).toBe(202);
    const info = await waitForRun(member.client, broken.versionId, 120_000);
    expect(info.state).toBe('failed');
    const failed = await published(ctx, 'pipeline.processingFailed', member.workspaceId);
    expect(failed).toEqual([
      {
        runId: expect.any(String),
        projectVersionId: broken.versionId,
        step: info.failure!.step,
        message: info.failure!.message,
      },
    ]);
  });
});
