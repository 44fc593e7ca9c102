import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GUIDELINES_PATHS } from '../../plugins/guidelines/common/guidelines-contract';
import { PIPELINE_PATHS } from '../../plugins/pipeline/common/pipeline-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { seedVersionWithVideo, waitForRun } from './pipeline-test-kit';
import { newMember } from './projects-test-kit';

/**
 * The guideline a run was set up with, in show_processing_info (ours): the subtitle editor checks
 * the run's subtitles against its reading rules. A run without one says null.
 */
describeOnBothDatabases('pipeline: show_processing_info names the run’s guideline', (ctx) => {
  let dir: string;
  let clip: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'run-guideline-'));
    clip = path.join(dir, 'tone.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=2:size=160x120:rate=10',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=2',
      '-shortest',
      '-pix_fmt',
      'yuv420p',
      clip,
    ]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('answers the guidelineId of the latest run, null without one', async () => {
    const member = await newMember(ctx);
    const guideline = await member.client.post(GUIDELINES_PATHS.guidelines, {
      workspaceId: member.workspaceId,
      name: 'Children',
      parameters: { maxCharsPerSecond: 12 },
    });
    const guidelineId: string = guideline.body.data.id;
    for (const [title, chosen] of [
      ['With a guideline', guidelineId],
      ['Without', null],
    ] as const) {
      const { versionId } = await seedVersionWithVideo(ctx.db, ctx.app.storage, member.workspaceId, clip, title);
      const setup = await member.client.put(PIPELINE_PATHS.setup, {
        projectVersionIds: [versionId],
        includesTranscript: false,
        workspaceId: member.workspaceId,
        settings: { language: 'en', subtitleLanguages: [], ...(chosen ? { guidelineId: chosen } : {}) },
      });
      expect(setup.status).toBe(202);
      const info = await member.client.get(PIPELINE_PATHS.showProcessingInfo(versionId));
      expect(info.body.data.guidelineId).toBe(chosen);
      // Let the run end (a tone has no words) before the app closes.
      await waitForRun(member.client, versionId, 60_000);
    }
  }, 150_000);
});
