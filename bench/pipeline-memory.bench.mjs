/**
 * pipeline.peakRssMb: peak resident memory (VmHWM) of the process that works the pipeline jobs,
 * on a generated ONE-HOUR video (1 fps test pattern, a looped spoken paragraph over noise). The
 * process is the embedded default (PGlite and the worker in one process, so PGlite's own ~300 MB
 * is included). Covered: fetch of the hour-long upload, probe, extraction of the 16 kHz audio
 * (115 MB, streamed by ffmpeg), silence detection and chunk planning (about 120 chunks), and the
 * first BENCH_PIPELINE_CHUNKS speech-to-text chunks with their words written to the database.
 * Not covered: the remaining chunks (about 10 minutes more on 2 cores), segmentation and
 * translation of the hour (their memory is the words and cues of one hour: a few MB of JSON).
 * The engines (ffmpeg, pocketsphinx) are child processes with their own, small, memory.
 */
import { loadAverage, runHarness } from './pipeline-realtime.bench.mjs';

const GOAL_MB = 1024;
const CHUNKS = Number(process.env.BENCH_PIPELINE_CHUNKS ?? 6);

export default async function pipelineMemory(ctx) {
  const result = await runHarness(ctx, ['memory', '60', String(CHUNKS)]);
  ctx.log(
    `   1 h video: ${result.chunksDone}/${result.chunksPlanned} chunks done after ${result.wallMs} ms; steps ${JSON.stringify(result.stepsMs)}; load average ${loadAverage()}`,
  );
  return { 'pipeline.peakRssMb': { value: result.vmHwmMb, unit: 'MB', goal: `<= ${GOAL_MB}` } };
}
