import { Link } from 'react-router-dom';
import type { AccountSettingsSectionProps } from '../../accounts/web/extension-points';

/** The account settings' "Audit log" section: the way to the log for admins. */
export default function AuditAccountSection({ isAccountAdmin }: AccountSettingsSectionProps) {
  if (!isAccountAdmin) return <p className="muted">Account admins can see who did what in the account.</p>;
  return (
    <div>
      <p className="muted">
        Sign-ins, password changes, members, roles, workspace access, single sign-on, deletions and plan changes, with
        who made them and from where. Entries are never changed or removed.
      </p>
      <Link className="button" to="/account/audit_log">
        Open audit log
      </Link>
    </div>
  );
}
