import { useState } from 'react';
import { useUnit } from 'effector-react';
import { NAME_MAX_LENGTH } from '../../common/accounts-contract';
import { useAccountsModel } from '../components/use-accounts-model';
import { FormDialog } from './form-dialog';

type Close = { onClose: () => void };

/** The "account" popup: the account's name. */
export function AccountDialog({ onClose }: Close) {
  const { settings, $currentAccount } = useAccountsModel();
  const [account, pending, submit] = useUnit([$currentAccount, settings.$renaming, settings.renameSubmitted]);
  const [name, setName] = useState(account?.attributes.name ?? '');
  return (
    <FormDialog title="Account" submitLabel="Save" pending={pending} onSubmit={() => submit(name)} onClose={onClose}>
      <label>
        Account name
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={NAME_MAX_LENGTH} required autoFocus />
      </label>
    </FormDialog>
  );
}

export function CreateWorkspaceDialog({ onClose }: Close) {
  const { workspaces } = useAccountsModel();
  const [pending, submit] = useUnit([workspaces.$creating, workspaces.createSubmitted]);
  const [name, setName] = useState('');
  return (
    <FormDialog
      title="Create workspace"
      submitLabel="Create workspace"
      pending={pending}
      onSubmit={() => submit(name)}
      onClose={onClose}
    >
      <label>
        Workspace name
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={NAME_MAX_LENGTH} required autoFocus />
      </label>
      <p className="hint">Every admin of the account gets access to it; give members access from the members page.</p>
    </FormDialog>
  );
}

export function RenameWorkspaceDialog({ workspaceId, onClose }: Close & { workspaceId: string }) {
  const { workspaces } = useAccountsModel();
  const [list, pending, submit] = useUnit([workspaces.$workspaces, workspaces.$renaming, workspaces.renameSubmitted]);
  const [name, setName] = useState(list.find((w) => w.id === workspaceId)?.attributes.name ?? '');
  return (
    <FormDialog
      title="Rename workspace"
      submitLabel="Save"
      pending={pending}
      onSubmit={() => submit({ workspaceId, name })}
      onClose={onClose}
    >
      <label>
        Workspace name
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={NAME_MAX_LENGTH} required autoFocus />
      </label>
    </FormDialog>
  );
}

export function DeleteWorkspacesDialog({ onClose }: Close) {
  const { workspaces } = useAccountsModel();
  const [list, selection, pending, confirm] = useUnit([
    workspaces.$workspaces,
    workspaces.$selection,
    workspaces.$deleting,
    workspaces.deleteConfirmed,
  ]);
  const names = list.filter((w) => selection.has(w.id)).map((w) => w.attributes.name);
  const title = names.length === 1 ? 'Delete workspace' : `Delete ${names.length} workspaces`;
  return (
    <FormDialog
      title={title}
      submitLabel="Delete"
      danger
      pending={pending}
      onSubmit={() => confirm()}
      onClose={onClose}
    >
      <p>
        {names.length === 1 ? `"${names[0]}"` : names.map((n) => `"${n}"`).join(', ')} and everything in{' '}
        {names.length === 1 ? 'it' : 'them'} will be deleted. This cannot be undone.
      </p>
    </FormDialog>
  );
}
