import type { CurrentProcessingStep, ProcessingStepName, ProcessingStepProgress } from '../common/pipeline-contract';
import type { RunRecord, StepRow } from './run-repository';

/** Rough share of a run's time per step (recognition dominates), for one overall progress figure. */
const STEP_WEIGHTS: Record<ProcessingStepName, number> = {
  fetch_media: 2,
  probe: 1,
  extract_audio: 5,
  speech_to_text: 50,
  alignment: 40,
  segmentation: 3,
  translation: 10,
  synthesis: 15,
  mixing: 8,
  finish: 1,
};
/** A part being worked on counts as partly done, so progress moves while a long step runs. */
const RUNNING_SHARE = 0.3;

function stepProgress(step: ProcessingStepName, rows: readonly StepRow[]): ProcessingStepProgress {
  if (rows.length === 0) return { step, state: 'pending', progress: 0 };
  const done = rows.filter((row) => row.state === 'done').length;
  // A part handed back for a retry (timed out, its worker stopping or dead) counts as still
  // running: shown as pending, the overall figure went back (alignment 32 % -> 13 % -> 32 %).
  const running = rows.filter((row) => row.state === 'running' || (row.state === 'pending' && row.started)).length;
  const state = rows.some((row) => row.state === 'failed')
    ? 'failed'
    : done === rows.length
      ? 'done'
      : done + running > 0
        ? 'running'
        : 'pending';
  return { step, state, progress: (done + running * RUNNING_SHARE) / rows.length };
}

/** What the processing page shows, from the run and its step rows. */
export function processingProgress(run: RunRecord, rows: readonly StepRow[]): CurrentProcessingStep {
  const steps = run.steps.map((step) =>
    stepProgress(
      step,
      rows.filter((row) => row.step === step),
    ),
  );
  const totalWeight = run.steps.reduce((sum, step) => sum + STEP_WEIGHTS[step], 0);
  const weighted = steps.reduce((sum, step) => sum + STEP_WEIGHTS[step.step] * step.progress, 0);
  const current =
    run.state === 'failed' && run.failureStep
      ? run.failureStep
      : run.state === 'done'
        ? 'finish'
        : (steps.find((step) => step.state !== 'done')?.step ?? 'finish');
  return {
    allProcessingSteps: run.steps,
    currentProcessingStep: current,
    state: run.state,
    progress: run.state === 'done' ? 1 : Math.min(0.99, Math.round((weighted / totalWeight) * 1000) / 1000),
    steps: steps.map((step) => ({ ...step, progress: Math.round(step.progress * 1000) / 1000 })),
    failure:
      run.state === 'failed' && run.failureStep
        ? { step: run.failureStep, message: run.failureMessage ?? 'Processing failed' }
        : null,
    // Kept on the run by the finish step: the segmentation step found no word (a silent video).
    noSpeech: run.state === 'done' && run.noSpeech,
  };
}
