import { describe, expect, it } from 'vitest';
import { createContainer, TOKENS, type Container } from '../../../core';
import { testWhenContext } from '../../../core/testing/when-context';
import { accountsCommands } from './accounts-commands';
import { ACCOUNTS_MODEL, loadAccountsModel } from './accounts-model-loader';
import accountsPlugin from './index';
import { createAccountsTestKit } from './testing/accounts-test-kit';

/** A container holding the kit's services under the core tokens, as the shell's would (no model bound). */
function containerFor(kit: ReturnType<typeof createAccountsTestKit>): Container {
  const container = createContainer();
  container.bind(TOKENS.ApiClient).toConstantValue(kit.api);
  container.bind(TOKENS.ToastService).toConstantValue(kit.toast);
  container.bind(TOKENS.AppModel).toConstantValue(kit.app);
  return container;
}

describe('the lazily loaded accounts model', () => {
  it('is not built by the plugin definition: only routes, nav and commands are declared', () => {
    expect(accountsPlugin.model).toBeUndefined();
    expect(accountsPlugin.routes?.map((r) => r.path)).toEqual(['/account', '/account/members', '/account/workspaces']);
  });

  it('is built on first use, once per container, and then bound for synchronous reads', async () => {
    const kit = createAccountsTestKit();
    const container = containerFor(kit);
    expect(container.isBound(ACCOUNTS_MODEL)).toBe(false);

    const [first, second] = await Promise.all([loadAccountsModel(container), loadAccountsModel(container)]);
    expect(second).toBe(first);
    expect(container.get(ACCOUNTS_MODEL)).toBe(first);
    expect(await loadAccountsModel(containerFor(kit))).not.toBe(first);
  });

  it('loaded after the app fetched the workspaces, it lists them; an account change then empties the list', async () => {
    const kit = createAccountsTestKit();
    await kit.app.fetchUserFx();
    await kit.app.fetchWorkspacesFx('a1');
    const model = await loadAccountsModel(containerFor(kit));
    expect(model.workspaces.$workspaces.getState().map((w) => w.id)).toEqual(['w1']);

    kit.app.accountSelected('a2');
    expect(model.workspaces.$workspaces.getState()).toEqual([]); // not the previous account's list
    await expect.poll(() => model.workspaces.$workspaces.getState().map((w) => w.id)).toEqual(['w9']);
  });

  it('"Create workspace" from the palette loads the model and opens its popup on the workspaces page', async () => {
    const kit = createAccountsTestKit();
    const container = containerFor(kit);
    const visits: string[] = [];
    await accountsCommands.find((c) => c.id === 'accounts.createWorkspace')!.run!({
      container,
      app: kit.app,
      navigate: (path) => void visits.push(path),
      when: testWhenContext(),
    });
    expect(visits).toEqual(['/account/workspaces']);
    expect(container.get(ACCOUNTS_MODEL).dialogs.$dialog.getState()).toEqual({ kind: 'createWorkspace' });
  });
});
