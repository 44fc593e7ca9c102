import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { EngineProcessError, storageProblem, type JobContext, type JobDefinition } from '../../../../server/plugin-api';
import { SUBTITLE_FILE_TYPES, writeSubtitles } from '../../../subtitles/common/formats';
import { burnInScript } from '../ass-style';
import { dubbedMediaOf, subtitleStoreOf, themeLookupOf, versionsOf } from '../export-request';
import { ExportationRepository, type ExportationRecord } from '../exportation-repository';
import { mailExportReady } from '../export-mail';
import { EXPORT_READY } from '../../common/export-events';
import { exportFileName } from '../file-names';
import { burnIn, sourceVideoOf } from './burn-in';
import { EXPORT_JOB, type ExportJobData } from './export-job-name';
import { exportTuning, scheduleExportWatchdog } from './export-watchdog';

export { EXPORT_JOB, type ExportJobData };

/** A failure the user can understand and act on (the subtitle was emptied, the video is gone): recorded as it is. */
export class ExportFailure extends Error {}

interface MadeFile {
  /** A local file in the work folder, or bytes. */
  file?: string;
  bytes?: Buffer;
  name: string;
  contentType: string;
}

/**
 * One export, end to end. Idempotent: a finished export is left alone; an unfinished one (a worker
 * lost mid-way, the job delivered again) is made again from the start into the same storage key.
 * The file is made in a private work folder, put into storage whole (storage writes by rename),
 * and only then is the row marked done, so a download never meets half a file and a failure
 * leaves nothing behind. Every failure is recorded with a message for people and not retried:
 * the same input would fail the same way, and the user sees why at once.
 */
async function render(data: ExportJobData, ctx: JobContext): Promise<void> {
  const exportations = new ExportationRepository(ctx.db);
  const row = await exportations.find(String(data.exportationId));
  if (!row || !(await exportations.start(row.id))) return;
  // Alive, said every few seconds; the watchdog sends the export again if this worker falls silent.
  await scheduleExportWatchdog(ctx.jobs, row.id);
  const heartbeat = setInterval(
    () => void exportations.touch(row.id).catch(() => {}),
    exportTuning.heartbeatSeconds() * 1000,
  );
  // Per attempt: an attempt still ending on this machine never shares (or removes) another's files.
  const workDir = path.join(ctx.config.dataDir, 'work', 'exports', `${row.id}-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(workDir, { recursive: true });
    const made = await make(
      row,
      ctx,
      workDir,
      (fraction) => void exportations.setProgress(row.id, fraction).catch(() => {}),
    );
    const key = `exports/${row.workspaceId}/${row.id}/export${path.extname(made.name)}`;
    const stored = await ctx.storage.put(key, made.bytes ?? createReadStream(made.file!), made.contentType);
    // Finished and announced (exports.ready) in one transaction: the event comes once, with the file.
    const finishedNow = await ctx.db.transaction(async (tx) => {
      const finished = await new ExportationRepository(tx).finish(row.id, {
        key,
        name: made.name,
        contentType: made.contentType,
        size: stored.size,
      });
      const announced = {
        exportationId: row.id,
        projectVersionId: row.projectVersionId,
        kind: row.kind,
        fileName: made.name,
        sizeBytes: stored.size,
      };
      if (finished) await ctx.events.publish(tx, EXPORT_READY, announced, { workspaceId: row.workspaceId });
      return finished;
    });
    if (finishedNow)
      await mailExportReady(ctx, row).catch((error) =>
        ctx.log.error({ err: error, exportationId: row.id }, 'export mail not queued'),
      );
  } catch (error) {
    // The worker is stopping (SIGTERM): ffmpeg was stopped with it; pg-boss gives the job to the
    // next worker, which makes the export again from the start. Not the export's failure.
    if (ctx.shutdown.aborted) throw error;
    ctx.log.error({ err: error, exportationId: row.id }, 'export failed');
    await exportations.fail(row.id, failureMessage(row, error));
  } finally {
    clearInterval(heartbeat);
    await rm(workDir, { recursive: true, force: true });
  }
}

function failureMessage(row: ExportationRecord, error: unknown): string {
  if (error instanceof ExportFailure) return error.message;
  const storage = storageProblem(error);
  if (storage === 'full') return 'There is no room left to store the export; please try again later';
  if (storage === 'unwritable') return 'The export could not be stored; please try again later';
  if (error instanceof EngineProcessError) {
    const tail =
      error.stderrTail.trim().split('\n').filter(Boolean).at(-1) ?? `exit code ${error.exitCode ?? 'signal'}`;
    return `${row.kind === 'burned_video' ? 'Burning the subtitles into the video' : 'Making the file'} failed: ${tail.slice(0, 300)}`;
  }
  return 'The export failed unexpectedly; please try again';
}

async function make(
  row: ExportationRecord,
  ctx: JobContext,
  workDir: string,
  onProgress: (fraction: number) => void,
): Promise<MadeFile> {
  const summary = await versionsOf(ctx.services)?.summary(ctx.db, row.projectVersionId);
  if (!summary) throw new ExportFailure('The project version no longer exists');
  const options = row.options;
  if (row.kind === 'dubbed_audio' || row.kind === 'dubbed_video') {
    const dubbed = await dubbedMediaOf(ctx.services)?.latest(ctx.db, row.projectVersionId, options.language ?? '');
    const key = row.kind === 'dubbed_audio' ? dubbed?.audioKey : dubbed?.videoKey;
    const source = key ? await ctx.storage.get(key) : null;
    if (!source) throw new ExportFailure('The voice-over of this language is no longer there');
    const extension = row.kind === 'dubbed_audio' ? 'm4a' : 'mp4';
    const file = path.join(workDir, `voice-over.${extension}`);
    await pipeline(source.stream, createWriteStream(file));
    return {
      file,
      name: exportFileName(summary.title, `${options.language} voice-over`, extension),
      contentType: row.kind === 'dubbed_audio' ? 'audio/mp4' : 'video/mp4',
    };
  }

  const store = subtitleStoreOf(ctx.services);
  const subtitle = (await store?.listForProjectVersion(ctx.db, row.projectVersionId))?.find(
    (s) => s.id === options.subtitleId,
  );
  if (!store || !subtitle) throw new ExportFailure('The subtitle no longer exists');
  const cues = await store.readCues(ctx.db, subtitle.id);
  if (cues.length === 0) throw new ExportFailure('The subtitle has no cues any more');

  if (row.kind === 'subtitles') {
    const format = options.format ?? 'srt';
    const text = writeSubtitles(cues, format, { language: subtitle.language, title: summary.title });
    const type = SUBTITLE_FILE_TYPES[format];
    return {
      bytes: Buffer.from(text, 'utf8'),
      name: exportFileName(summary.title, subtitle.language, type.extension),
      contentType: `${type.mimeType}; charset=utf-8`,
    };
  }

  const media = await versionsOf(ctx.services)?.sourceOf(ctx.db, row.projectVersionId);
  const stored = media?.storageKey && media.state === 'ready' ? await ctx.storage.get(media.storageKey) : null;
  if (!stored) throw new ExportFailure('The video of this project is missing');
  const source = path.join(workDir, `source${path.extname(media!.storageKey!).toLowerCase() || '.media'}`);
  await pipeline(stored.stream, createWriteStream(source));
  const video = await sourceVideoOf(source).catch(() => null);
  if (!video) throw new ExportFailure('This project has no video to burn subtitles into');
  let theme = null;
  if (options.themeId) {
    theme = (await themeLookupOf(ctx.services)?.find(ctx.db, row.workspaceId, options.themeId)) ?? null;
    if (!theme) throw new ExportFailure('The chosen theme no longer exists');
  }
  const output = path.join(workDir, 'subtitled.mp4');
  await burnIn(source, video, burnInScript(cues, theme, video, summary.title), output, {
    workDir,
    onProgress,
    signal: ctx.shutdown,
  });
  if (!(await stat(output)).size) throw new ExportFailure('The video could not be made');
  return {
    file: output,
    name: exportFileName(summary.title, `${subtitle.language} subtitled`, 'mp4'),
    contentType: 'video/mp4',
  };
}

export const exportJob: JobDefinition<ExportJobData> = {
  name: EXPORT_JOB,
  handler: render,
  // A lost worker (crash, deploy) gets the job again; failures the handler sees are recorded, not retried.
  retryLimit: 2,
  concurrency: 1,
  // A burn-in takes ~0.4x the film's length (a 2-hour film ~50 min): pg-boss's default 15 min
  // would take the running worker for dead and start the same export a second time beside it.
  // A worker stopped by SIGTERM hands its job back at once (above); one killed outright falls
  // silent and the export's watchdog (export-watchdog.ts) sends it again within a minute or so.
  expireInSeconds: 6 * 60 * 60,
};
