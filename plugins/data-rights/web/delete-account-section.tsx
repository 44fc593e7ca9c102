import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { useLazyModel } from '../../../core';
import type { AccountSettingsSectionProps } from '../../accounts/web/extension-points';
import { dataRightsModel } from './data-rights-model-loader';
import './data-rights.css';

/** The account settings' "Delete account" section: 14 days to change one's mind, then everything is erased. */
export default function DeleteAccountSection({ accountId, isAccountAdmin }: AccountSettingsSectionProps) {
  const model = useLazyModel(dataRightsModel);
  const [deletion, loaded, deleting, error, opened, requested, kept] = useUnit([
    model.$deletion,
    model.$loaded,
    model.$deleting,
    model.$deletionError,
    model.opened,
    model.deletionRequested,
    model.deletionCancelled,
  ]);
  const [confirm, setConfirm] = useState('');
  useEffect(() => {
    if (isAccountAdmin) opened(accountId);
  }, [accountId, isAccountAdmin, opened]);
  if (!isAccountAdmin) return <p className="muted">Account admins can delete the account.</p>;
  if (!loaded) return null;
  if (deletion)
    return (
      <div className="data-rights" id="account-deletion">
        <p role="status">
          This account will be deleted on <strong>{new Date(deletion.eraseAfter).toLocaleString()}</strong>: every
          project, video, subtitle and file of it is then erased for good.
        </p>
        <button type="button" className="button button-primary" onClick={() => kept(accountId)}>
          Keep the account
        </button>
      </div>
    );
  return (
    <form
      className="data-rights"
      id="account-deletion"
      onSubmit={(e) => {
        e.preventDefault();
        requested({ accountId, confirm });
      }}
    >
      <p className="muted">
        Deletes the account for everyone in it. You have 14 days to change your mind (every admin gets a mail with a
        link to undo it); then every project, video, subtitle, export and file of it is erased, and the audit log keeps
        only that it happened. Export the account’s data first if you want to keep it.
      </p>
      <label htmlFor="data-rights-confirm-account">Type the account’s name to confirm</label>
      <input
        id="data-rights-confirm-account"
        value={confirm}
        autoComplete="off"
        onChange={(e) => setConfirm(e.target.value)}
        aria-describedby={error ? 'data-rights-account-error' : undefined}
      />
      {error && (
        <p className="data-rights-error" id="data-rights-account-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-danger" disabled={deleting || !confirm.trim()}>
        Delete account
      </button>
    </form>
  );
}
