import { useEffect, useLayoutEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { TOKENS, useService } from '../../../../core';
import { makeReviewerCommand } from '../make-reviewer-command';
import { useUnit } from 'effector-react';
import { DataTable, dataTableColumnHelper } from '../../../../core/ui';
import type { AccountRole } from '../../common/accounts-contract';

/** How each role reads in the table (docs/roles.md says what each may do). */
const ROLE_NAMES: Record<AccountRole, string> = { admin: 'Admin', member: 'Member', reviewer: 'Reviewer' };
import { adminOnly } from '../components/admin-only';
import { AccountsPageFrame } from '../components/accounts-page-frame';
import { useAccountsModel } from '../components/use-accounts-model';
import type { MemberRow } from '../model/members-model';

const col = dataTableColumnHelper<MemberRow>();
const SEARCH_DELAY_MS = 300;
/** Keys typed in a control inside a row belong to the control, not to the grid's navigation. */
const keepKeys = (event: KeyboardEvent) => event.stopPropagation();

/** `/account/members`: the members table (searchable, paged as you scroll, bulk removal, roles, access). */
export default function MembersPage() {
  const { members, dialogs, $isAccountAdmin } = useAccountsModel();
  const registry = useService(TOKENS.PluginRegistry);
  useLayoutEffect(() => registry.registerCommand(makeReviewerCommand), [registry]);
  const invitations = useUnit(members.$invitations).length;
  const [rows, selection, loading, hasMore, total, isAdmin, changingRole] = useUnit([
    members.$rows,
    members.$selection,
    members.$loading,
    members.$hasMore,
    members.$total,
    $isAccountAdmin,
    members.$changingRole,
  ]);
  const [opened, closed, searched, more, select, changeRole, removeAccess, openDialog] = useUnit([
    members.pageOpened,
    members.pageClosed,
    members.searchChanged,
    members.nextPageRequested,
    members.selectionChanged,
    members.roleChanged,
    members.accessRemoved,
    dialogs.dialogOpened,
  ]);
  useEffect(() => {
    opened();
    return () => closed();
  }, [opened, closed]);
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => searched(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, searched]);

  const columns = useMemo(
    () => [
      col.display({
        id: 'person',
        header: 'Member',
        cell: ({ row: { original: row } }) =>
          row.kind === 'user' ? (
            <span className="accounts-person">
              <span>{row.user.attributes.name || row.user.attributes.email}</span>
              <span className="muted">{row.user.attributes.email}</span>
            </span>
          ) : (
            <span className="accounts-person">
              <span>{row.invitation.attributes.email}</span>
              <span>
                <span className="accounts-badge">Invitation pending</span>
              </span>
            </span>
          ),
      }),
      col.display({
        id: 'role',
        header: 'Role',
        cell: ({ row: { original: row } }) => {
          if (row.kind === 'invitation') return <span>{ROLE_NAMES[row.invitation.attributes.role]}</span>;
          const { name, email, role } = row.user.attributes;
          return (
            <select
              className="select"
              aria-label={`Role of ${name || email}`}
              value={role}
              onKeyDown={keepKeys}
              onClick={(e) => e.stopPropagation()}
              onChange={(e) => changeRole({ accountUserId: row.user.id, role: e.target.value as AccountRole })}
              {...adminOnly(isAdmin, changingRole)}
            >
              <option value="admin">{ROLE_NAMES.admin}</option>
              <option value="member">{ROLE_NAMES.member}</option>
              <option value="reviewer">{ROLE_NAMES.reviewer}</option>
            </select>
          );
        },
      }),
      col.display({
        id: 'workspaces',
        header: 'Workspace access',
        cell: ({ row: { original: row } }) => {
          if (row.kind === 'invitation') return <span className="muted">After sign-up</span>;
          const { role, workspaceUsers, name, email } = row.user.attributes;
          if (role === 'admin') return <span className="muted">All workspaces (admin)</span>;
          return (
            <span className="accounts-chips">
              {workspaceUsers.map((access) => (
                <span key={access.id} className="accounts-chip">
                  {access.workspaceName}
                  {isAdmin && (
                    <button
                      type="button"
                      aria-label={`Remove ${name || email} from ${access.workspaceName}`}
                      onClick={() => removeAccess(access.id)}
                      onKeyDown={keepKeys}
                    >
                      <span aria-hidden="true">×</span>
                    </button>
                  )}
                </span>
              ))}
              {workspaceUsers.length === 0 && <span className="muted">None</span>}
              <button
                type="button"
                className="link-button"
                aria-label={`Manage workspace access of ${name || email}`}
                onClick={() => openDialog({ kind: 'manageWorkspaceAccess', accountUserId: row.user.id })}
                onKeyDown={keepKeys}
                {...adminOnly(isAdmin)}
              >
                Manage
              </button>
            </span>
          );
        },
      }),
    ],
    [isAdmin, changingRole, changeRole, removeAccess, openDialog],
  );

  const actions = (
    <div className="accounts-toolbar">
      <button
        type="button"
        className="button"
        onClick={() => openDialog({ kind: 'deleteAccountUsers' })}
        {...adminOnly(isAdmin, selection.size === 0)}
      >
        Remove selected{selection.size > 0 ? ` (${selection.size})` : ''}
      </button>
      <button
        type="button"
        className="button button-primary"
        onClick={() => openDialog({ kind: 'createAccountUser' })}
        {...adminOnly(isAdmin)}
      >
        Invite member
      </button>
    </div>
  );
  return (
    <AccountsPageFrame title="Members" actions={actions}>
      <div className="accounts-toolbar">
        <input
          type="search"
          className="accounts-search"
          placeholder="Search by name or e-mail"
          aria-label="Search members"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <span className="muted" role="status">
          {total === 1 ? '1 member' : `${total} members`}
          {invitations > 0 ? `, ${invitations === 1 ? '1 invitation' : `${invitations} invitations`} pending` : ''}
        </span>
      </div>
      <div className="accounts-table">
        <DataTable
          label="Members"
          rows={rows}
          columns={columns}
          getRowId={(row) => row.id}
          getRowLabel={(row) =>
            row.kind === 'user'
              ? row.user.attributes.name || row.user.attributes.email
              : row.invitation.attributes.email
          }
          selection={selection}
          onSelectionChange={isAdmin ? select : undefined}
          onEndReached={more}
          hasMore={hasMore}
          loading={loading}
          emptyState={search ? 'Nobody matches this search' : 'No members yet'}
        />
      </div>
    </AccountsPageFrame>
  );
}
