import { useMemo } from 'react';
import { useUnit } from 'effector-react';
import type { WorkspaceResource } from '../../../../core';
import { DataTable, dataTableColumnHelper } from '../../../../core/ui';
import { adminOnly } from '../components/admin-only';
import { AccountsPageFrame } from '../components/accounts-page-frame';
import { useAccountsModel } from '../components/use-accounts-model';

const col = dataTableColumnHelper<WorkspaceResource>();

/** `/account/workspaces`: the account's workspaces; admins create, rename and delete several at once. */
export default function WorkspacesPage() {
  const { workspaces, dialogs, $isAccountAdmin } = useAccountsModel();
  const [rows, selection, loading, isAdmin, select, openDialog] = useUnit([
    workspaces.$workspaces,
    workspaces.$selection,
    workspaces.$loading,
    $isAccountAdmin,
    workspaces.selectionChanged,
    dialogs.dialogOpened,
  ]);
  const columns = useMemo(
    () => [
      col.accessor((w) => w.attributes.name, { id: 'name', header: 'Workspace' }),
      col.accessor((w) => w.attributes.numberOfProjects, { id: 'projects', header: 'Projects' }),
      col.display({
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        cell: ({ row }) => (
          <button
            type="button"
            className="link-button"
            onClick={() => openDialog({ kind: 'renameWorkspace', workspaceId: row.original.id })}
            aria-label={`Rename ${row.original.attributes.name}`}
            {...adminOnly(isAdmin)}
          >
            Rename
          </button>
        ),
      }),
    ],
    [isAdmin, openDialog],
  );
  const actions = (
    <div className="accounts-toolbar">
      <button
        type="button"
        className="button"
        onClick={() => openDialog({ kind: 'deleteWorkspaces' })}
        {...adminOnly(isAdmin, selection.size === 0)}
      >
        Delete selected{selection.size > 0 ? ` (${selection.size})` : ''}
      </button>
      <button
        type="button"
        className="button button-primary"
        onClick={() => openDialog({ kind: 'createWorkspace' })}
        {...adminOnly(isAdmin)}
      >
        Create workspace
      </button>
    </div>
  );
  return (
    <AccountsPageFrame title="Workspaces" actions={actions}>
      <div className="accounts-table">
        <DataTable
          label="Workspaces"
          rows={rows}
          columns={columns}
          getRowId={(w) => w.id}
          getRowLabel={(w) => w.attributes.name}
          selection={selection}
          onSelectionChange={isAdmin ? select : undefined}
          loading={loading}
          hasMore={false}
          emptyState={isAdmin ? 'No workspaces yet' : 'No workspace has been shared with you in this account yet'}
        />
      </div>
    </AccountsPageFrame>
  );
}
