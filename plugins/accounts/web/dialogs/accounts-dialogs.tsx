import { useUnit } from 'effector-react';
import { useAccountsModel } from '../components/use-accounts-model';
import { CreateAccountUserDialog, DeleteAccountUsersDialog, ManageWorkspaceAccessDialog } from './member-dialogs';
import {
  AccountDialog,
  CreateWorkspaceDialog,
  DeleteWorkspacesDialog,
  RenameWorkspaceDialog,
} from './workspace-dialogs';

/** Shows the popup the model says is open (pages and palette commands open them through the model). */
export function AccountsDialogs() {
  const { dialogs, $isAccountAdmin } = useAccountsModel();
  const [dialog, isAdmin, close] = useUnit([dialogs.$dialog, $isAccountAdmin, dialogs.dialogClosed]);
  // Every popup is an admin action; a member who reached one (an old palette entry) sees none.
  if (!dialog || !isAdmin) return null;
  const onClose = () => close();
  switch (dialog.kind) {
    case 'account':
      return <AccountDialog onClose={onClose} />;
    case 'createWorkspace':
      return <CreateWorkspaceDialog onClose={onClose} />;
    case 'renameWorkspace':
      return <RenameWorkspaceDialog workspaceId={dialog.workspaceId} onClose={onClose} />;
    case 'deleteWorkspaces':
      return <DeleteWorkspacesDialog onClose={onClose} />;
    case 'createAccountUser':
      return <CreateAccountUserDialog onClose={onClose} />;
    case 'deleteAccountUsers':
      return <DeleteAccountUsersDialog onClose={onClose} />;
    case 'manageWorkspaceAccess':
      return <ManageWorkspaceAccessDialog accountUserId={dialog.accountUserId} onClose={onClose} />;
  }
}
