import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PIPELINE_PATHS } from '../../plugins/pipeline/common/pipeline-contract';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { runProcess } from '../../server/engines/process-runner';
import { describeOnBothDatabases } from '../support/test-app';
import { seedVersionWithVideo, waitForRun } from './pipeline-test-kit';
import { newMember } from './projects-test-kit';

/**
 * Issue 22 item 7: a silent video's run finished "done" with an empty subtitle and no word about
 * it. It still finishes (nothing failed), but the run says no speech was heard, to the
 * processing page (show_processing_info, show_current_processing_step) and to the list's Status.
 */

let dir: string;
let silent: string;
let truncated: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pipeline-no-speech-'));
  silent = path.join(dir, 'silent.mp4');
  await runProcess('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=4:size=160x120:rate=10',
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
    '4',
    silent,
  ]);
  // Index first, then cut at 40 %: the index still promises 10 s; about 4 s play.
  const whole = path.join(dir, 'whole.mp4');
  await runProcess('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=10:size=160x120:rate=10',
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
    '10',
    '-movflags',
    '+faststart',
    whole,
  ]);
  const bytes = await readFile(whole);
  truncated = path.join(dir, 'truncated.mp4');
  await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.4)));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describeOnBothDatabases('pipeline: a silent video says "no speech heard"', (ctx) => {
  it('finishes the run and says no speech was heard on the run, the processing page and the list', async () => {
    const member = await newMember(ctx);
    const { versionId } = await seedVersionWithVideo(ctx.db, ctx.app.storage, member.workspaceId, silent, 'Silent');
    const setUp = await member.client.put(PIPELINE_PATHS.setup, {
      projectVersionIds: [versionId],
      includesTranscript: false,
      workspaceId: member.workspaceId,
      settings: { language: 'en', subtitleLanguages: [] },
    });
    expect(setUp.status).toBe(202);
    const info = await waitForRun(member.client, versionId, 120_000);
    expect(info).toMatchObject({ state: 'done', failure: null, noSpeech: true });
    const current = await member.client.get(PIPELINE_PATHS.showCurrentProcessingStep(versionId));
    expect(current.body.data).toMatchObject({ state: 'done', noSpeech: true });
    const list = await member.client.get(`${PROJECTS_PATHS.projectVersions}?workspaceId=${member.workspaceId}&page=1`);
    const row = list.body.data.find((version: { id: string }) => version.id === versionId);
    expect(row.attributes.processing).toMatchObject({ state: 'done', noSpeech: true });
  });

  it('bills a truncated MP4 at what plays, not at the 10 s its index promises (item 7)', async () => {
    const member = await newMember(ctx);
    const { versionId } = await seedVersionWithVideo(
      ctx.db,
      ctx.app.storage,
      member.workspaceId,
      truncated,
      'Truncated',
    );
    const setUp = await member.client.put(PIPELINE_PATHS.setup, {
      projectVersionIds: [versionId],
      includesTranscript: false,
      workspaceId: member.workspaceId,
      settings: { language: 'en', subtitleLanguages: [] },
    });
    expect(setUp.status).toBe(202);
    expect(await waitForRun(member.client, versionId, 120_000)).toMatchObject({ state: 'done' });
    // media_duration_ms is what the plan's minutes count (plugins/pipeline/server/usage-queries.ts).
    const { rows } = await ctx.db.query<{ ms: number }>(
      'SELECT media_duration_ms AS ms FROM pipeline_runs WHERE project_version_id = $1',
      [versionId],
    );
    expect(rows[0].ms).toBeGreaterThan(1_000);
    expect(rows[0].ms).toBeLessThan(6_000);
  });
});
