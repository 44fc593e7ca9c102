import { defineLazyModel } from '../../../core';
import type { AccountsModel } from './accounts-model';

export type { AccountsModel };

/**
 * The accounts model (settings, workspaces, members, popups), fetched and built the first time an
 * account page opens or an accounts command needs it, then kept for the container's lifetime.
 * Its app wiring (clearing on account change, closing popups) starts then: before, there is
 * nothing of it to clear.
 */
export const accountsModel = defineLazyModel<AccountsModel>(
  'accounts',
  async () => (await import('./accounts-model')).buildAccountsModel,
);
export const ACCOUNTS_MODEL = accountsModel.token;
export const loadAccountsModel = accountsModel.load;
