import { defineLazyModel } from '../../../core';
import type { PipelineModel } from './model/pipeline-model';

/**
 * The pipeline model (set-up popups and the processing page), fetched and built the first time a
 * set-up command runs, the projects page opens (its bulk actions) or /processing opens; then kept,
 * so a submit in flight finishes even when its popup closed.
 */
export const pipelineModel = defineLazyModel<PipelineModel>(
  'pipeline',
  async () => (await import('./model/pipeline-model')).buildPipelineModel,
);
export const PIPELINE_MODEL = pipelineModel.token;
export const loadPipelineModel = pipelineModel.load;
