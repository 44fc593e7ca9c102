import { useId } from 'react';
import { useUnit } from 'effector-react';
import { useShell } from '../shell-context';

/** Current account and workspace; changing either goes through the app model's events. */
export function ContextSwitchers() {
  const { app } = useShell();
  const [accounts, accountId, workspaces, workspaceId, selectAccount, selectWorkspace] = useUnit([
    app.$accounts,
    app.$currentAccountId,
    app.$workspaces,
    app.$currentWorkspaceId,
    app.accountSelected,
    app.workspaceSelected,
  ]);
  const accountFieldId = useId();
  const workspaceFieldId = useId();
  return (
    <div className="context-switchers">
      <label className="switcher-label" htmlFor={accountFieldId}>
        Account
      </label>
      <select
        id={accountFieldId}
        className="select"
        value={accountId ?? ''}
        disabled={accounts.length === 0}
        onChange={(e) => selectAccount(e.target.value)}
      >
        {accountId === null && <option value="">—</option>}
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.attributes.name}
          </option>
        ))}
      </select>
      <label className="switcher-label" htmlFor={workspaceFieldId}>
        Workspace
      </label>
      <select
        id={workspaceFieldId}
        className="select"
        value={workspaceId ?? ''}
        disabled={workspaces.length === 0}
        onChange={(e) => selectWorkspace(e.target.value)}
      >
        {workspaceId === null && <option value="">—</option>}
        {workspaces.map((w) => (
          <option key={w.id} value={w.id}>
            {w.attributes.name}
          </option>
        ))}
      </select>
    </div>
  );
}
