import { useLazyModel } from '../../../../core';
import { labelsModel } from '../labels-model-loader';
import type { LabelsModel } from '../model/labels-model';

/** The labels model inside a component: suspends on the first load, synchronous afterwards. */
export function useLabelsModel(): LabelsModel {
  return useLazyModel(labelsModel);
}
