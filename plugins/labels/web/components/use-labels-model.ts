import * as React from 'react';
import { useContainer } from '../../../../core';
import { loadLabelsModel } from '../labels-model-loader';
import type { LabelsModel } from '../model/labels-model';

/** The labels model inside a component: suspends on the first load, synchronous afterwards. */
export function useLabelsModel(): LabelsModel {
  return React.use(loadLabelsModel(useContainer()));
}
