import * as React from 'react';
import { useContainer } from '../../../../core';
import { loadAccountsModel, type AccountsModel } from '../accounts-model-loader';

/** The accounts model inside a component: suspends on the first load, synchronous afterwards. */
export function useAccountsModel(): AccountsModel {
  return React.use(loadAccountsModel(useContainer()));
}
