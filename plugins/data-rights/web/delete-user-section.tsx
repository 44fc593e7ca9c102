import { useUnit } from 'effector-react';
import { useState } from 'react';
import { useLazyModel } from '../../../core';
import { dataRightsModel } from './data-rights-model-loader';
import './data-rights.css';

/** The profile's "Delete your user" section: refused while the person is an account's only admin (the server says which). */
export default function DeleteUserSection() {
  const model = useLazyModel(dataRightsModel);
  const [deleting, error, requested] = useUnit([
    model.$deletingUser,
    model.$userDeletionError,
    model.userDeletionRequested,
  ]);
  const [confirm, setConfirm] = useState('');
  return (
    <form
      className="data-rights"
      id="delete-user"
      onSubmit={(e) => {
        e.preventDefault();
        requested(confirm);
      }}
    >
      <p className="muted">
        Deletes your user at once. Accounts you are alone in are erased with it; in accounts others belong to, your work
        stays with them. If you are the only admin of such an account, make someone else an admin first.
      </p>
      <label htmlFor="data-rights-confirm-user">Type your e-mail address to confirm</label>
      <input
        id="data-rights-confirm-user"
        type="email"
        value={confirm}
        autoComplete="off"
        onChange={(e) => setConfirm(e.target.value)}
        aria-describedby={error ? 'data-rights-user-error' : undefined}
      />
      {error && (
        <p className="data-rights-error" id="data-rights-user-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-danger" disabled={deleting || !confirm.trim()}>
        Delete my user
      </button>
    </form>
  );
}
