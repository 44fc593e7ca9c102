import {
  detectSilences,
  extractAudio,
  planChunks,
  probe,
  probePlayable,
  soundingAudioStream,
} from '../../../../server/plugin-api';
import { pipelineTuning } from '../pipeline-tuning';
import { PipelineFailure } from './step-errors';
import type { StepDefinition } from './step-runner';
import { runKey } from './work-files';

/**
 * The media steps: bring the upload to this machine, read it, and make the 16 kHz mono speech
 * audio, cut at silences into chunks. ffmpeg streams file to file: no audio passes through JS.
 */

export const fetchMediaStep: StepDefinition = {
  step: 'fetch_media',
  async execute({ files, complete }) {
    await files.source();
    await complete();
  },
};

export const probeStep: StepDefinition = {
  step: 'probe',
  async execute({ run, files, signal, complete }) {
    // What plays is what is billed (media_duration_ms): a truncated file's index promises more.
    const info = await probePlayable(await files.source(), { signal }).catch(() => null);
    if (!info || (!info.hasAudio && !info.hasVideo))
      throw new PipelineFailure('The file is not a video or audio file ffmpeg can read');
    if (!info.hasAudio) throw new PipelineFailure('The video has no audio track');
    if (info.durationMs <= 0) throw new PipelineFailure('The video has no duration');
    await complete(
      async (tx) => {
        await tx.query('UPDATE pipeline_runs SET media_duration_ms = $2, updated_at = now() WHERE id = $1', [
          run.id,
          info.durationMs,
        ]);
      },
      { durationMs: info.durationMs, hasVideo: info.hasVideo, streams: info.streams.length },
    );
  },
};

/** The recognition step of the run: alignment when the user gave a transcript. */
export const recognitionStepOf = (steps: readonly string[]) =>
  steps.includes('alignment') ? 'alignment' : 'speech_to_text';

export const extractAudioStep: StepDefinition = {
  step: 'extract_audio',
  async execute({ ctx, run, files, signal, complete }) {
    const source = await files.source();
    const scratch = await files.scratch('audio.wav');
    // The track with sound: a silent first track (several are common in films and screen recordings) would give no subtitles.
    await extractAudio(source, scratch, { signal, audioStream: await soundingAudioStream(source, { signal }) });
    const audio = await files.publish(scratch, 'audio.wav');
    await files.toStorage(audio, runKey(run.id, 'audio.wav'), 'audio/wav');
    const durationMs = (await probe(audio, { signal })).durationMs;
    // An audio track without a single sample plans no recognition at all, and the run waited for
    // a step that was never made ("running" for good, set-up refused as busy): said instead.
    if (durationMs <= 0)
      throw new PipelineFailure('The audio track is empty: there is no sound to make subtitles from');
    const recognition = recognitionStepOf(run.steps);
    // A transcript is aligned as a whole (its words cannot be shared out before they are timed).
    const chunks =
      recognition === 'alignment'
        ? [{ startMs: 0, endMs: durationMs }]
        : planChunks(durationMs, await detectSilences(audio, { signal }), pipelineTuning.chunkSeconds() * 1000);
    ctx.log.info({ runId: run.id, chunks: chunks.length, durationMs }, 'pipeline audio extracted');
    await complete(
      async (tx) => {
        // Replace, not append: a re-run after a crash plans the same chunks once.
        await tx.query('DELETE FROM pipeline_steps WHERE run_id = $1 AND step = $2', [run.id, recognition]);
        await tx.query(
          `INSERT INTO pipeline_steps (run_id, workspace_id, step, part, input)
           SELECT $1, $5, $2, (n - 1)::text, jsonb_build_object('startMs', s, 'endMs', e)
           FROM unnest($3::int[], $4::int[]) WITH ORDINALITY AS t(s, e, n)`,
          [run.id, recognition, chunks.map((c) => c.startMs), chunks.map((c) => c.endMs), run.workspaceId],
        );
      },
      { durationMs, chunks: chunks.length },
    );
  },
};
