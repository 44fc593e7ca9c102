import { allSettled } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../core';
import { PIPELINE_PATHS, type CurrentProcessingStep, type ProcessingInfo } from '../../common/pipeline-contract';
import { createPipelineTestKit } from '../testing/pipeline-test-kit';
import { PROCESSING_POLL_ID } from './processing-model';

const STEPS = ['fetch_media', 'extract_audio', 'alignment', 'segmentation', 'translation', 'finish'] as const;

function stepAt(
  index: number,
  state: CurrentProcessingStep['state'] = 'running',
  failure: CurrentProcessingStep['failure'] = null,
): CurrentProcessingStep {
  return {
    allProcessingSteps: [...STEPS],
    currentProcessingStep: STEPS[index],
    state,
    progress: state === 'done' ? 1 : index / STEPS.length,
    steps: STEPS.map((step, i) => ({
      step,
      state:
        state === 'done' || i < index ? 'done' : i === index ? (state === 'failed' ? 'failed' : 'running') : 'pending',
      progress: i < index ? 1 : i === index ? 0.5 : 0,
    })),
    failure,
    noSpeech: false,
  };
}

function info(step: CurrentProcessingStep): ProcessingInfo {
  return {
    ...step,
    projectVersionDuration: 12.5,
    translations: [],
    projectTitle: 'Interview',
    projectId: 'p1',
    subtitleId: 's1',
    hasVoice: false,
    subtitles: [{ subtitleId: 's1', language: 'en', kind: 'transcript' }],
    dubbedMedia: [],
  };
}

const infoPath = PIPELINE_PATHS.showProcessingInfo('pv1');
const stepPath = PIPELINE_PATHS.showCurrentProcessingStep('pv1');

/** Lets the poll's HTTP promise and the effects after it run under fake timers. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('the processing page model', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads the info once, then polls the current step every 2 s until the run is done', async () => {
    const kit = createPipelineTestKit();
    const answers = [stepAt(1), stepAt(3), stepAt(5, 'done')];
    let latest = stepAt(0);
    const translated = { subtitleId: 's2', language: 'es', kind: 'translation' as const };
    kit.api.reply('GET', infoPath, () => ({
      data:
        latest.state === 'done'
          ? { ...info(latest), subtitles: [...info(latest).subtitles, translated] }
          : info(latest),
    }));
    kit.api.reply('GET', stepPath, () => ({ data: (latest = answers.shift()!) }));

    await allSettled(kit.model.processing.pageOpened, { scope: kit.scope, params: 'pv1' });
    expect(kit.scope.getState(kit.model.processing.$info)?.projectTitle).toBe('Interview');
    expect(kit.polling.isRunning(PROCESSING_POLL_ID)).toBe(true);
    expect(kit.api.callsTo('GET', stepPath)).toHaveLength(1);
    expect(kit.scope.getState(kit.model.processing.$run)?.currentProcessingStep).toBe('extract_audio');

    await advance(1999);
    expect(kit.api.callsTo('GET', stepPath)).toHaveLength(1);
    await advance(1);
    expect(kit.api.callsTo('GET', stepPath)).toHaveLength(2);
    expect(kit.scope.getState(kit.model.processing.$currentStep)).toMatchObject({
      step: 'segmentation',
      progress: 0.5,
    });

    await advance(2000);
    expect(kit.scope.getState(kit.model.processing.$isFinished)).toBe(true);
    expect(kit.polling.isRunning(PROCESSING_POLL_ID)).toBe(false);
    // Done: the info is read once more for the subtitles the run made; no more polls.
    expect(kit.api.callsTo('GET', infoPath)).toHaveLength(2);
    expect(kit.scope.getState(kit.model.processing.$info)?.subtitles.map((s) => s.language)).toEqual(['en', 'es']);
    await advance(10_000);
    expect(kit.api.callsTo('GET', stepPath)).toHaveLength(3);
  });

  it('stops polling when the page closes', async () => {
    const kit = createPipelineTestKit();
    kit.api.reply('GET', infoPath, { data: info(stepAt(0)) }).reply('GET', stepPath, { data: stepAt(1) });
    await allSettled(kit.model.processing.pageOpened, { scope: kit.scope, params: 'pv1' });
    await allSettled(kit.model.processing.pageClosed, { scope: kit.scope });
    expect(kit.polling.isRunning(PROCESSING_POLL_ID)).toBe(false);
    await advance(6000);
    expect(kit.api.callsTo('GET', stepPath)).toHaveLength(1);
    expect(kit.scope.getState(kit.model.processing.$info)).toBeNull();
  });

  it('stops polling on a failed run and keeps the failed step and its message', async () => {
    const kit = createPipelineTestKit();
    const failure = { step: 'alignment' as const, message: 'The video has no audio track' };
    kit.api
      .reply('GET', infoPath, { data: info(stepAt(0)) })
      .reply('GET', stepPath, { data: stepAt(2, 'failed', failure) });
    await allSettled(kit.model.processing.pageOpened, { scope: kit.scope, params: 'pv1' });
    expect(kit.scope.getState(kit.model.processing.$run)?.failure).toEqual(failure);
    expect(kit.polling.isRunning(PROCESSING_POLL_ID)).toBe(false);
    expect(kit.api.callsTo('GET', infoPath)).toHaveLength(1);
  });

  it('does not poll a run that is already done', async () => {
    const kit = createPipelineTestKit();
    kit.api
      .reply('GET', infoPath, { data: info(stepAt(5, 'done')) })
      .reply('GET', stepPath, { data: stepAt(5, 'done') });
    await allSettled(kit.model.processing.pageOpened, { scope: kit.scope, params: 'pv1' });
    expect(kit.scope.getState(kit.model.processing.$status)).toBe('ready');
    expect(kit.api.callsTo('GET', stepPath)).toHaveLength(0);
  });

  it('treats a missing processing info as the empty case (docs/product-contract.md#validation): no toast, no poll, no redirect', async () => {
    for (const body of [{ data: null }, '', null]) {
      const kit = createPipelineTestKit();
      kit.api.reply('GET', infoPath, body);
      await allSettled(kit.model.processing.pageOpened, { scope: kit.scope, params: 'pv1' });
      await advance(3000);
      expect(kit.scope.getState(kit.model.processing.$status)).toBe('empty');
      expect(kit.toasts()).toEqual([]);
      expect(kit.polling.isRunning(PROCESSING_POLL_ID)).toBe(false);
      expect(kit.navigator.visits).toEqual([]);
    }
  });

  it("says 'Processing info could not be loaded' and goes to / after 2000 ms", async () => {
    const kit = createPipelineTestKit();
    kit.api.reply('GET', infoPath, new ApiError('Project version not found', 404, 'project_version_not_found'));
    const opened = allSettled(kit.model.processing.pageOpened, { scope: kit.scope, params: 'pv1' });
    await advance(0);
    expect(kit.toasts()).toEqual([
      { kind: 'error', title: 'Processing info could not be loaded', description: 'Project version not found' },
    ]);
    await advance(1999);
    expect(kit.navigator.visits).toEqual([]);
    await advance(1);
    await opened;
    expect(kit.navigator.visits).toEqual(['/']);
    expect(kit.polling.isRunning(PROCESSING_POLL_ID)).toBe(false);
  });

  it('keeps polling through a failed poll and says it is reconnecting', async () => {
    const kit = createPipelineTestKit();
    const answers: unknown[] = [new ApiError('The server could not be reached', 0), { data: stepAt(2) }];
    kit.api.reply('GET', infoPath, { data: info(stepAt(0)) }).reply('GET', stepPath, () => {
      const next = answers.shift();
      if (next instanceof ApiError) throw next;
      return next;
    });
    await allSettled(kit.model.processing.pageOpened, { scope: kit.scope, params: 'pv1' });
    expect(kit.scope.getState(kit.model.processing.$pollFailing)).toBe(true);
    await advance(2000);
    expect(kit.scope.getState(kit.model.processing.$pollFailing)).toBe(false);
    expect(kit.scope.getState(kit.model.processing.$run)?.currentProcessingStep).toBe('alignment');
  });
});
