import * as effector from 'effector';
import {
  PIPELINE_MESSAGES,
  PIPELINE_PATHS,
  PROCESSING_INFO_FAILURE_REDIRECT_MS,
  PROCESSING_POLL_INTERVAL_MS,
  type CurrentProcessingStep,
  type CurrentProcessingStepResponse,
  type ProcessingInfo,
  type ProcessingInfoResponse,
} from '../../common/pipeline-contract';
import { apiEffect, navigateEffect, toastAndLogFailure, type PipelineModelDeps } from './pipeline-deps';

const { combine, createEffect, createEvent, createStore, sample, scopeBind } = effector;

export const PROCESSING_POLL_ID = 'pipeline.processing';

export type ProcessingStatus = 'idle' | 'loading' | 'empty' | 'ready' | 'failed';

const finished = (step: Pick<CurrentProcessingStep, 'state'>) => step.state === 'done' || step.state === 'failed';

/** The body's `data`, or null when the body or its data is missing (docs/product-contract.md#validation: an empty case, not an error). */
function dataOf<T>(body: { data: T | null } | '' | null | undefined): T | null {
  return body && typeof body === 'object' ? (body.data ?? null) : null;
}

/**
 * `/processing?projectVersionId=…`: the run's info is loaded once when the page opens (and once
 * more when it finishes, for the subtitles made); its progress is polled every 2 s through core's
 * PollingService until the run is done or failed or the page closes. A failed info load shows
 * 'Processing info could not be loaded' and goes to `/` 2 s later (docs/product-contract.md#messages, #constants-and-limits).
 */
export function createProcessingModel(deps: PipelineModelDeps) {
  const { api } = deps;

  const pageOpened = createEvent<string>();
  const pageClosed = createEvent();

  const fetchInfoFx = apiEffect(async (projectVersionId: string) =>
    dataOf((await api.get<ProcessingInfoResponse>(PIPELINE_PATHS.showProcessingInfo(projectVersionId))).data),
  );
  /** Once the run is done: the subtitles (and dubbed media) it made. Not the page's load: a failure is only logged. */
  const refreshInfoFx = apiEffect(async (projectVersionId: string) =>
    dataOf((await api.get<ProcessingInfoResponse>(PIPELINE_PATHS.showProcessingInfo(projectVersionId))).data),
  );
  const pollStepFx = apiEffect(async (projectVersionId: string) =>
    dataOf(
      (await api.get<CurrentProcessingStepResponse>(PIPELINE_PATHS.showCurrentProcessingStep(projectVersionId))).data,
    ),
  );
  const startPollingFx = createEffect((projectVersionId: string) => {
    // Bound here, in the effect's synchronous part, so polls run in the scope that started them.
    const poll = scopeBind(pollStepFx, { safe: true });
    deps.polling.start({
      id: PROCESSING_POLL_ID,
      intervalMs: PROCESSING_POLL_INTERVAL_MS,
      run: () =>
        poll(projectVersionId).then(
          () => undefined,
          () => undefined, // a failed poll is shown and logged below; the next one may succeed
        ),
    });
  });
  const stopPollingFx = createEffect(() => deps.polling.stop(PROCESSING_POLL_ID));
  const waitBeforeRedirectFx = createEffect(
    () => new Promise<void>((resolve) => setTimeout(resolve, PROCESSING_INFO_FAILURE_REDIRECT_MS)),
  );
  const navigateFx = navigateEffect(deps.navigator);

  const $projectVersionId = createStore<string | null>(null)
    .on(pageOpened, (_, id) => id)
    .reset(pageClosed);

  // Answers about another page (opened before this one) are dropped.
  const infoArrived = sample({
    clock: fetchInfoFx.done,
    source: $projectVersionId,
    filter: (current, { params }) => current === params,
    fn: (_, { result }) => result,
  });
  const stepArrived = sample({
    clock: pollStepFx.done,
    source: $projectVersionId,
    filter: (current, { params, result }) => current === params && result !== null,
    fn: (_, { result }) => result!,
  });

  const resultsArrived = sample({
    clock: refreshInfoFx.done,
    source: $projectVersionId,
    filter: (current, { params, result }) => current === params && result !== null,
    fn: (_, { result }) => result!,
  });

  const $info = createStore<ProcessingInfo | null>(null)
    .on(infoArrived, (_, info) => info)
    .on(resultsArrived, (_, info) => info)
    .reset(pageOpened, pageClosed);
  /** The latest progress, from the info or the newest poll. */
  const $run = createStore<CurrentProcessingStep | null>(null)
    .on(infoArrived, (_, info) => info)
    .on(stepArrived, (_, step) => step)
    .reset(pageOpened, pageClosed);
  const $status = createStore<ProcessingStatus>('idle')
    .on(pageOpened, () => 'loading')
    .on(infoArrived, (status, info) => (info ? 'ready' : status === 'ready' ? status : 'empty'))
    .on(fetchInfoFx.fail, () => 'failed')
    .reset(pageClosed);
  /** True while polls fail (the page says it is reconnecting); the last known progress stays on screen. */
  const $pollFailing = createStore(false)
    .on(pollStepFx.fail, () => true)
    .on(pollStepFx.done, () => false)
    .reset(pageOpened, pageClosed);

  sample({ clock: pageOpened, target: fetchInfoFx });
  sample({
    clock: infoArrived,
    source: $projectVersionId,
    filter: (id, info) => id !== null && info !== null && !finished(info),
    fn: (id) => id!,
    target: startPollingFx,
  });
  sample({ clock: stepArrived, filter: finished, target: stopPollingFx });
  // Once finished, the info is read again: the subtitles (and dubbed media) made by the run.
  sample({
    clock: stepArrived,
    source: $projectVersionId,
    filter: (id, step) => id !== null && step.state === 'done',
    fn: (id) => id!,
    target: refreshInfoFx,
  });
  sample({ clock: [pageClosed, pageOpened], target: stopPollingFx });

  // docs/product-contract.md#messages, #constants-and-limits: toast, then `/` after 2000 ms.
  toastAndLogFailure(deps, fetchInfoFx.failData, PIPELINE_MESSAGES.processingInfoNotLoaded);
  sample({ clock: fetchInfoFx.fail, target: [stopPollingFx, waitBeforeRedirectFx] });
  sample({ clock: waitBeforeRedirectFx.done, fn: () => '/', target: navigateFx });
  const pollLogFx = createEffect((error: unknown) =>
    deps.logger.error('[pipeline] processing step poll failed', error),
  );
  sample({ clock: [pollStepFx.failData, refreshInfoFx.failData], target: pollLogFx });

  const $currentStep = $run.map((run) => run?.steps.find((s) => s.step === run.currentProcessingStep) ?? null);
  const $isFinished = $run.map((run) => (run ? finished(run) : false));

  return {
    pageOpened,
    pageClosed,
    fetchInfoFx,
    pollStepFx,
    $projectVersionId,
    $info,
    $run,
    $status,
    $pollFailing,
    $currentStep,
    $isFinished,
    $loading: combine($status, (s) => s === 'loading'),
  };
}

export type ProcessingModel = ReturnType<typeof createProcessingModel>;
