import { TOKENS, type Container } from '../../../../core';
import { setupRefusalHandlers, setupResourcePickers } from '../extension-points';
import type { PipelineModelDeps } from './pipeline-deps';
import { createProcessingModel } from './processing-model';
import { createSetupModel } from './setup-model';

export function createPipelineModel(deps: PipelineModelDeps) {
  return { setup: createSetupModel(deps), processing: createProcessingModel(deps) };
}

export type PipelineModel = ReturnType<typeof createPipelineModel>;

export function pipelineDepsFrom(container: Container): PipelineModelDeps {
  return {
    api: container.get(TOKENS.ApiClient),
    toast: container.get(TOKENS.ToastService),
    app: container.get(TOKENS.AppModel),
    navigator: container.get(TOKENS.Navigator),
    polling: container.get(TOKENS.PollingService),
    logger: console,
    resourcePickers: () => container.get(TOKENS.PluginRegistry).contributions(setupResourcePickers),
    refusalHandlers: () =>
      container
        .get(TOKENS.PluginRegistry)
        .contributions(setupRefusalHandlers)
        .map((handler) => ({ code: handler.code, handle: (ctx) => handler.handle({ ...ctx, container }) })),
  };
}

/** What the loader calls once per container (pipeline-model-loader.ts). */
export function buildPipelineModel(container: Container): PipelineModel {
  return createPipelineModel(pipelineDepsFrom(container));
}
