import { Link } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { useShell } from '../shell-context';

/** Who is logged in. The profile page and log-out come from the auth plugin (nav and palette). */
export function UserArea() {
  const { app } = useShell();
  const user = useUnit(app.$user);
  if (!user) {
    return (
      <div className="user-area">
        <Link to="/users/sign_in">Log in</Link>
      </div>
    );
  }
  const { name, lastName, email, avatarUrl } = user.attributes;
  const fullName = [name, lastName].filter(Boolean).join(' ') || email;
  const initials = (fullName.match(/\b\p{L}/gu) ?? [fullName[0] ?? '?']).slice(0, 2).join('').toUpperCase();
  return (
    <div className="user-area">
      {avatarUrl ? (
        <img className="avatar" src={avatarUrl} alt="" width={28} height={28} />
      ) : (
        <span className="avatar avatar-initials" aria-hidden="true">
          {initials}
        </span>
      )}
      <div className="user-names">
        <span className="user-name">{fullName}</span>
        <span className="user-email">{email}</span>
      </div>
    </div>
  );
}
