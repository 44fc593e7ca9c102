import { defaultEngines, type TimedWord } from '../../../../server/plugin-api';
import { SUBTITLE_STORE, type StoredCue, type SubtitleStore } from '../../../subtitles/common/subtitle-store';
import { segmentWords } from '../craft/index';
import { translateBySentence } from '../craft/translate-by-sentence';
import { translationAidsOf } from '../workspace-resources';
import { recognitionStepOf } from './media-steps';
import type { StepDefinition, StepExecution } from './step-runner';

/**
 * The subtitle steps: timed words -> transcript cues (the craft's segmentation), then one job
 * per subtitle language translating those cues sentence by sentence and fitting the translation
 * back over them (craft/translate-by-sentence.ts). Cues are
 * written with SubtitleStore.replaceCues in the step's completing transaction: a re-run
 * replaces, never duplicates.
 */
export const subtitleStore = (execution: Pick<StepExecution, 'ctx'>): SubtitleStore =>
  execution.ctx.services.get(SUBTITLE_STORE);

export const segmentationStep: StepDefinition = {
  step: 'segmentation',
  async execute(execution) {
    const { ctx, run, complete } = execution;
    const { rows } = await ctx.db.query<{ words: TimedWord[] }>(
      `SELECT output->'words' AS words FROM pipeline_steps WHERE run_id = $1 AND step = $2 ORDER BY part::int`,
      [run.id, recognitionStepOf(run.steps)],
    );
    const words = rows.flatMap((row) => row.words ?? []);
    const cues = segmentWords(words, { language: run.settings.language, mediaEndMs: run.mediaDurationMs ?? undefined });
    const stored: StoredCue[] = cues.map((cue) => ({
      start: Math.round(cue.start),
      end: Math.round(cue.end),
      text: cue.lines.join('\n'),
      // Speech has no italics: said, so a re-run does not keep the earlier transcript's by position.
      italic: false,
    }));
    const store = subtitleStore(execution);
    await complete((tx) => store.replaceCues(tx, run.transcriptSubtitleId, stored), {
      cues: stored.length,
      words: words.length,
    });
  },
};

export const translationStep: StepDefinition = {
  step: 'translation',
  async execute(execution) {
    const { ctx, run, part: to, signal, complete } = execution;
    const store = subtitleStore(execution);
    const source = await store.readCues(ctx.db, run.transcriptSubtitleId);
    const aids = await translationAidsOf(ctx.services, ctx.db, run.workspaceId, run.settings, to);
    const { cues, report } = await translateBySentence(source, {
      from: run.settings.language,
      to,
      guideline: aids.guideline,
      glossary: aids.glossary,
      rules: aids.maxCharsPerSecond ? { maxCharsPerSecond: aids.maxCharsPerSecond } : undefined,
      mediaEndMs: run.mediaDurationMs ?? undefined,
      translate: (units, options) => defaultEngines().translation.translate(units, { ...options, signal }),
    });
    await complete(
      async (tx) => {
        const subtitle = await store.ensureSubtitle(tx, {
          projectVersionId: run.projectVersionId,
          workspaceId: run.workspaceId,
          language: to,
          kind: 'translation',
        });
        await store.replaceCues(tx, subtitle.id, cues);
      },
      { cues: cues.length, ...report },
    );
  },
};
