import { useService } from '../../../../core';
import { ACCOUNTS_MODEL, type AccountsModel } from '../accounts-model';

export function useAccountsModel(): AccountsModel {
  return useService(ACCOUNTS_MODEL);
}
