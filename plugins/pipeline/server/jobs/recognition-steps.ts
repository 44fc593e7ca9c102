import { cutRange, type TimeRange, defaultEngines, type TimedWord } from '../../../../server/plugin-api';
import { pipelineTuning } from '../pipeline-tuning';
import { vocabularyOf } from '../workspace-resources';
import type { StepDefinition } from './step-runner';

/**
 * Speech to text, one job per chunk (they run in parallel across workers and, `concurrency`,
 * across the cores of one worker), or alignment of the user's transcript. Each chunk's words,
 * on the video's timeline, are its step row's output: the fan-in (segmentation) reads them in SQL.
 */
export const speechToTextStep: StepDefinition = {
  step: 'speech_to_text',
  concurrency: pipelineTuning.chunkConcurrency,
  async execute({ ctx, run, part, input, files, signal, complete }) {
    const range = input as TimeRange;
    const audio = await files.audio();
    const scratch = await files.scratch(`chunk-${part}.wav`);
    try {
      await cutRange(audio, scratch, range, { signal });
      const vocabulary = await vocabularyOf(ctx.services, ctx.db, run.workspaceId, run.settings);
      const words = await defaultEngines().speechToText.transcribe(scratch, {
        language: run.settings.language,
        vocabulary,
        signal,
      });
      const timed: TimedWord[] = words.map((word) => ({
        ...word,
        start: word.start + range.startMs,
        end: word.end + range.startMs,
      }));
      await complete(undefined, { words: timed });
    } finally {
      await files.discard(scratch);
    }
  },
};

export const alignmentStep: StepDefinition = {
  step: 'alignment',
  async execute({ run, files, signal, complete }) {
    const words = await defaultEngines().alignment.align(await files.audio(), run.settings.transcript ?? '', {
      language: run.settings.language,
      signal,
    });
    await complete(undefined, { words });
  },
};
