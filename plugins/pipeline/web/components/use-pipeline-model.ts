import { useLazyModel } from '../../../../core';
import type { PipelineModel } from '../model/pipeline-model';
import { pipelineModel } from '../pipeline-model-loader';

/** The pipeline model inside a component: suspends on the first load, synchronous afterwards. */
export function usePipelineModel(): PipelineModel {
  return useLazyModel(pipelineModel);
}

/** Formats seconds as `m:ss` or `h:mm:ss`. */
export function formatSeconds(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
