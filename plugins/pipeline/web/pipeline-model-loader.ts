import type { Container, ServiceIdentifier } from '../../../core';
import type { PipelineModel } from './model/pipeline-model';
import { loadModelOnce } from './lazy-model';

/** Where the built pipeline model is bound; the popups and the processing page read it through `loadPipelineModel`. */
export const PIPELINE_MODEL = Symbol.for('polycue.pipeline.model') as ServiceIdentifier<PipelineModel>;

/**
 * The pipeline model (set-up popups and the processing page), fetched and built the first time a
 * set-up command runs, the projects page opens (its bulk actions) or /processing opens; then kept,
 * so a submit in flight finishes even when its popup closed.
 */
export function loadPipelineModel(container: Container): Promise<PipelineModel> {
  return loadModelOnce(container, PIPELINE_MODEL, async () => (await import('./model/pipeline-model')).buildPipelineModel);
}
