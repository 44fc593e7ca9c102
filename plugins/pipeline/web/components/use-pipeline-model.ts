import { useLazyModel } from '../../../../core';
import type { PipelineModel } from '../model/pipeline-model';
import { pipelineModel } from '../pipeline-model-loader';

/** The pipeline model inside a component: suspends on the first load, synchronous afterwards. */
export function usePipelineModel(): PipelineModel {
  return useLazyModel(pipelineModel);
}
