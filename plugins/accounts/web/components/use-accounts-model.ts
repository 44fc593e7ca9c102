import { useLazyModel } from '../../../../core';
import { accountsModel, type AccountsModel } from '../accounts-model-loader';

/** The accounts model inside a component: suspends on the first load, synchronous afterwards. */
export function useAccountsModel(): AccountsModel {
  return useLazyModel(accountsModel);
}
