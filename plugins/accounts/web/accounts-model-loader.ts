import { loadModelOnce, type Container, type ServiceIdentifier } from '../../../core';
import type { AccountsModel } from './accounts-model';

export type { AccountsModel };

/** Where the built accounts model is bound; pages and commands get it through `loadAccountsModel`. */
export const ACCOUNTS_MODEL = Symbol.for('polycue.accounts.model') as ServiceIdentifier<AccountsModel>;

/**
 * The accounts model (settings, workspaces, members, popups), fetched and built the first time an
 * account page opens or an accounts command needs it, then kept for the container's lifetime.
 * Its app wiring (clearing on account change, closing popups) starts then: before, there is
 * nothing of it to clear.
 */
export function loadAccountsModel(container: Container): Promise<AccountsModel> {
  return loadModelOnce(container, ACCOUNTS_MODEL, async () => (await import('./accounts-model')).buildAccountsModel);
}
