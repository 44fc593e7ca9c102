import { defaultEngines, type TimedWord } from '../../../../server/plugin-api';
import { SUBTITLE_STORE, type StoredCue, type SubtitleStore } from '../../../subtitles/common/subtitle-store';
import { breakLines, noBreakWordsFor, READING_RULES, segmentWords } from '../craft/index';
import { translationAidsOf } from '../workspace-resources';
import { recognitionStepOf } from './media-steps';
import type { StepDefinition, StepExecution } from './step-runner';

/**
 * The subtitle steps: timed words -> transcript cues (the craft's segmentation), then one job
 * per subtitle language translating those cues one for one (cue boundaries kept). Cues are
 * written with SubtitleStore.replaceCues in the step's completing transaction: a re-run
 * replaces, never duplicates.
 */
export const subtitleStore = (execution: Pick<StepExecution, 'ctx'>): SubtitleStore => execution.ctx.services.get(SUBTITLE_STORE);

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
    const stored: StoredCue[] = cues.map((cue) => ({ start: Math.round(cue.start), end: Math.round(cue.end), text: cue.lines.join('\n') }));
    const store = subtitleStore(execution);
    await complete((tx) => store.replaceCues(tx, run.transcriptSubtitleId, stored), { cues: stored.length, words: words.length });
  },
};

/** A translated cue laid out again in lines for its own language (same reading rules). */
function layout(text: string, language: string): string {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  return breakLines(words, READING_RULES.maxCharsPerLine, noBreakWordsFor(language)).lines.join('\n');
}

export const translationStep: StepDefinition = {
  step: 'translation',
  async execute(execution) {
    const { ctx, run, part: to, complete } = execution;
    const store = subtitleStore(execution);
    const source = await store.readCues(ctx.db, run.transcriptSubtitleId);
    const aids = await translationAidsOf(ctx.services, ctx.db, run.workspaceId, run.settings, to);
    const translated = source.length
      ? await defaultEngines().translation.translate(
          source.map((cue, index) => ({ id: String(index), text: cue.text.replace(/\s*\n\s*/g, ' ') })),
          { from: run.settings.language, to, guideline: aids.guideline, glossary: aids.glossary },
        )
      : [];
    const byId = new Map(translated.map((cue) => [cue.id, cue.text]));
    const cues: StoredCue[] = source.map((cue, index) => ({ start: cue.start, end: cue.end, text: layout(byId.get(String(index)) ?? '', to) }));
    await complete(
      async (tx) => {
        const subtitle = await store.ensureSubtitle(tx, { projectVersionId: run.projectVersionId, workspaceId: run.workspaceId, language: to, kind: 'translation' });
        await store.replaceCues(tx, subtitle.id, cues);
      },
      { cues: cues.length },
    );
  },
};
