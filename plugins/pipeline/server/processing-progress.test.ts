import { describe, expect, it } from 'vitest';
import { processingProgress } from './processing-progress';
import type { RunRecord, StepRow } from './run-repository';

const run: RunRecord = {
  id: '1',
  projectVersionId: '2',
  workspaceId: '3',
  userId: null,
  kind: 'plain',
  settings: {} as RunRecord['settings'],
  steps: ['fetch_media', 'probe', 'extract_audio', 'speech_to_text', 'alignment', 'segmentation', 'finish'],
  state: 'running',
  transcriptSubtitleId: '4',
  mediaDurationMs: 60_000,
  failureStep: null,
  failureMessage: null,
  noSpeech: false,
};

function row(step: StepRow['step'], state: StepRow['state'], started = state !== 'pending'): StepRow {
  return { step, part: '', state, input: null, output: null, worker: null, attempts: started ? 1 : 0, started };
}

const before = ['fetch_media', 'probe', 'extract_audio', 'speech_to_text'].map((step) =>
  row(step as StepRow['step'], 'done'),
);

describe('the overall progress of a run', () => {
  it('never goes back when a running step is handed back for a retry', () => {
    const running = processingProgress(run, [...before, row('alignment', 'running')]);
    const handedBack = processingProgress(run, [...before, row('alignment', 'pending', true)]);
    expect(handedBack.progress).toBeGreaterThanOrEqual(running.progress);
    expect(handedBack.steps.find((step) => step.step === 'alignment')?.state).toBe('running');
  });

  it('counts a step nobody has started as not begun', () => {
    const waiting = processingProgress(run, [...before, row('alignment', 'pending')]);
    const running = processingProgress(run, [...before, row('alignment', 'running')]);
    expect(waiting.progress).toBeLessThan(running.progress);
    expect(waiting.steps.find((step) => step.step === 'alignment')?.state).toBe('pending');
  });
});
