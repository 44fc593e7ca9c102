import { PROCESSING_STEP_LABELS, type CurrentProcessingStep } from '../../common/pipeline-contract';
import { ProgressBar } from './progress-bar';

/**
 * Every step of the run in order: done ones checked, the current one highlighted (aria-current)
 * with its own progress bar, the failed one marked.
 */
export function ProcessingSteps({ run }: { run: CurrentProcessingStep }) {
  const byStep = new Map(run.steps.map((s) => [s.step, s]));
  const currentIndex = run.allProcessingSteps.indexOf(run.currentProcessingStep);
  return (
    <ol className="pipeline-steps" aria-label="Processing steps">
      {run.allProcessingSteps.map((step, index) => {
        const progress = byStep.get(step);
        const state =
          progress?.state ??
          (run.state === 'done' || index < currentIndex
            ? 'done'
            : index === currentIndex && run.state === 'running'
              ? 'running'
              : 'pending');
        const current = run.state !== 'done' && step === run.currentProcessingStep;
        const label = PROCESSING_STEP_LABELS[step] ?? step;
        const mark = state === 'done' ? '✓' : state === 'failed' ? '✕' : current ? '…' : String(index + 1);
        const status = state === 'done' ? 'done' : state === 'failed' ? 'failed' : current ? 'in progress' : 'waiting';
        return (
          <li
            key={step}
            className={`pipeline-step is-${state}${current ? ' is-current' : ''}`}
            aria-current={current ? 'step' : undefined}
            data-step={step}
            data-state={state}
          >
            <span className="pipeline-step-mark" aria-hidden="true">
              {mark}
            </span>
            <span>
              {label} <span className="visually-hidden">({status})</span>
            </span>
            {current && state !== 'failed' && (
              <ProgressBar label={`${label} progress`} value={progress?.progress ?? 0} />
            )}
          </li>
        );
      })}
    </ol>
  );
}
