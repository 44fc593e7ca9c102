import { useMemo, useState } from 'react';
import { useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import type { AccountRole } from '../../common/accounts-contract';
import { useAccountsModel } from '../components/use-accounts-model';
import { FormDialog } from './form-dialog';

type Close = { onClose: () => void };

/** Addresses separated by commas, spaces or new lines. */
export function parseEmails(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  ];
}

/** Spelled here (the billing plugin's BILLING_PAGE): accounts reaches billing only by its address. */
const BILLING_PAGE = '/billing';

/**
 * The "create account user" popup: people by e-mail; unknown addresses get an invitation mail.
 * When the plan has no seat left for them, the refusal stays in the popup with its upgrade action.
 */
export function CreateAccountUserDialog({ onClose }: Close) {
  const { members } = useAccountsModel();
  const [pending, submit, seatRefusal] = useUnit([members.$inviting, members.inviteSubmitted, members.$seatRefusal]);
  const [emails, setEmails] = useState('');
  const [role, setRole] = useState<AccountRole>('member');
  return (
    <FormDialog
      title="Invite member"
      submitLabel="Invite"
      pending={pending}
      onSubmit={() => submit({ emails: parseEmails(emails), role })}
      onClose={onClose}
    >
      <label>
        E-mail addresses
        <textarea
          value={emails}
          onChange={(e) => setEmails(e.target.value)}
          placeholder="ada@example.com, grace@example.com"
          required
          autoFocus
        />
        <span className="hint">People without a Polycue user get an invitation mail and join when they sign up.</span>
      </label>
      <label>
        Role
        <select value={role} onChange={(e) => setRole(e.target.value as AccountRole)}>
          <option value="member">Member: works in the workspaces given to them</option>
          <option value="admin">Admin: manages the account and sees every workspace</option>
          <option value="reviewer">Reviewer: reviews and comments in the workspaces given to them, no edits</option>
        </select>
      </label>
      {seatRefusal && (
        <div className="accounts-refusal" role="alert">
          <p>{seatRefusal}</p>
          <Link className="button button-primary" to={BILLING_PAGE} onClick={onClose}>
            Upgrade the plan
          </Link>
        </div>
      )}
    </FormDialog>
  );
}

export function DeleteAccountUsersDialog({ onClose }: Close) {
  const { members } = useAccountsModel();
  const [rows, selection, pending, confirm] = useUnit([
    members.$rows,
    members.$selection,
    members.$deleting,
    members.deleteConfirmed,
  ]);
  const labels = rows
    .filter((row) => selection.has(row.id))
    .map((row) =>
      row.kind === 'user' ? row.user.attributes.name || row.user.attributes.email : row.invitation.attributes.email,
    );
  return (
    <FormDialog
      title={labels.length === 1 ? 'Remove member' : `Remove ${labels.length} members`}
      submitLabel="Remove"
      danger
      pending={pending}
      onSubmit={() => confirm()}
      onClose={onClose}
    >
      <p>{labels.join(', ')} will lose access to this account and its workspaces.</p>
    </FormDialog>
  );
}

/**
 * The "manage workspace access" popup for one account user: a box per workspace. Admins have
 * every workspace through their role, so their boxes are shown checked and locked.
 */
export function ManageWorkspaceAccessDialog({ accountUserId, onClose }: Close & { accountUserId: string }) {
  const { members, workspaces } = useAccountsModel();
  const [users, allWorkspaces, granting, removing, grant, remove] = useUnit([
    members.$users,
    workspaces.$workspaces,
    members.$granting,
    members.$removingAccess,
    members.accessGranted,
    members.accessRemoved,
  ]);
  const person = users.find((u) => u.id === accountUserId);
  const current = useMemo(
    () => new Map(person?.attributes.workspaceUsers.map((w) => [w.workspaceId, w]) ?? []),
    [person],
  );
  const [wanted, setWanted] = useState<Set<string>>(() => new Set(current.keys()));
  if (!person) return null;
  const isAdmin = person.attributes.role === 'admin';
  const save = () => {
    const toGrant = [...wanted].filter((id) => !current.has(id));
    if (toGrant.length > 0) grant({ accountUserIds: [person.id], workspaceIds: toGrant });
    for (const [workspaceId, access] of current)
      if (!wanted.has(workspaceId) && access.accessType === 'member') remove(access.id);
    onClose();
  };
  return (
    <FormDialog
      title={`Workspace access: ${person.attributes.name || person.attributes.email}`}
      submitLabel="Save access"
      pending={granting || removing}
      onSubmit={save}
      onClose={onClose}
    >
      {isAdmin && <p className="hint">Admins have access to every workspace. Change the role to limit it.</p>}
      <ul className="accounts-access-list">
        {allWorkspaces.map((w) => (
          <li key={w.id}>
            <label>
              <input
                type="checkbox"
                checked={isAdmin || wanted.has(w.id)}
                disabled={isAdmin}
                onChange={(e) => {
                  const next = new Set(wanted);
                  if (e.target.checked) next.add(w.id);
                  else next.delete(w.id);
                  setWanted(next);
                }}
              />
              {w.attributes.name}
            </label>
          </li>
        ))}
      </ul>
    </FormDialog>
  );
}
