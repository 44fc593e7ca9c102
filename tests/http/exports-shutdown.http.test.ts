import path from 'node:path';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportJob } from '../../plugins/exports/server/jobs/export-job';
import { ExportationRepository } from '../../plugins/exports/server/exportation-repository';
import type { JobContext } from '../../server/plugin-api';
import { startTestApp, type TestApp } from '../support/test-app';
import { newMember, type Member } from './projects-test-kit';
import { seedVersionWithVideo } from './pipeline-test-kit';
import { importFile, newSubtitle } from './subtitles-test-kit';
import { makeVideo, withTempDir } from './exports-test-kit';

/**
 * A worker stopping (SIGTERM) in the middle of a burn-in: ffmpeg is stopped with it and the job
 * is handed back to the queue, the export neither failed nor half-stored; the next attempt makes
 * it from the start, once. The job runs here by hand (the row is made without queueing it), with
 * a shutdown signal the test pulls when the burn-in has begun.
 */
const CUE = '1\n00:00:01,000 --> 00:00:09,000\nSTILL BURNING\n';

let app: TestApp;
let owner: Member;
let versionId: string;
let subtitleId: string;
beforeAll(async () => {
  app = await startTestApp('pglite');
  owner = await newMember(app);
  await withTempDir(async (dir) => {
    const file = path.join(dir, 'clip.mp4');
    await makeVideo(file, 20, '640x360');
    ({ versionId } = await seedVersionWithVideo(app.db, app.app.storage, owner.workspaceId, file, 'Long clip'));
  });
  subtitleId = await newSubtitle(owner.client, versionId, 'en');
  expect((await importFile(owner.client, versionId, subtitleId, CUE)).status).toBe(200);
}, 90_000);
afterAll(() => app?.close());

const jobContext = (shutdown: AbortSignal): JobContext => ({
  db: app.db,
  log: { info: () => {}, error: () => {} },
  config: app.app.config,
  storage: app.app.storage,
  jobs: app.app.jobs,
  mailer: app.app.mailer,
  services: app.app.services,
  extensions: app.app.extensions,
  events: app.app.events,
  accountData: app.app.accountData,
  shutdown,
});

it('hands a burn-in back when the worker stops, then makes it once on the next attempt', async () => {
  const exportations = new ExportationRepository(app.db);
  const row = await exportations.create({
    workspaceId: owner.workspaceId,
    projectVersionId: versionId,
    userId: owner.userId,
    kind: 'burned_video',
    options: { subtitleId },
    title: 'Long clip · burned',
  });

  const stopping = new AbortController();
  const attempt = exportJob.handler({ exportationId: row.id }, jobContext(stopping.signal));
  for (let i = 0; i < 600 && !((await exportations.find(row.id))!.progress > 0); i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  stopping.abort();
  await expect(attempt).rejects.toThrow();

  const handedBack = (await exportations.find(row.id))!;
  expect(handedBack.state).toBe('running');
  expect(handedBack.failure).toBeNull();
  expect(handedBack.fileKey).toBeNull();
  // Neither a stored half nor the attempt's work folder is left.
  expect(await readdir(path.join(app.app.config.dataDir, 'work', 'exports')).catch(() => [])).toEqual([]);

  await exportJob.handler({ exportationId: row.id }, jobContext(new AbortController().signal));
  const done = (await exportations.find(row.id))!;
  expect(done.state).toBe('done');
  expect(done.sizeBytes).toBeGreaterThan(0);
  expect(done.fileKey).not.toBeNull();
}, 120_000);
