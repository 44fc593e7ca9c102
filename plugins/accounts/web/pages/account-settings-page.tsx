import { useEffect, useMemo, useRef } from 'react';
import { useUnit } from 'effector-react';
import { TOKENS, useService } from '../../../../core';
import { ContributedSections } from '../../../../core/ui';
import { accountSettingsSections } from '../extension-points';
import { adminOnly } from '../components/admin-only';
import { AccountsPageFrame } from '../components/accounts-page-frame';
import { useAccountsModel } from '../components/use-accounts-model';
import { AVATAR_TYPES } from '../model/account-settings-model';

/** `/account`: the account's name (the "account" popup) and its avatar. */
export default function AccountSettingsPage() {
  const { settings, dialogs, $currentAccount, $isAccountAdmin } = useAccountsModel();
  const [account, isAdmin, uploading, chooseAvatar, openDialog] = useUnit([
    $currentAccount,
    $isAccountAdmin,
    settings.$uploading,
    settings.avatarChosen,
    dialogs.dialogOpened,
  ]);
  const fileInput = useRef<HTMLInputElement>(null);
  const avatarButton = useRef<HTMLButtonElement>(null);
  // `/account#avatar` (palette: "Change account avatar") lands on the button: Enter picks a file.
  useEffect(() => {
    if (window.location.hash === '#avatar') avatarButton.current?.focus();
  }, []);
  const registry = useService(TOKENS.PluginRegistry);
  const sections = useMemo(() => registry.contributions(accountSettingsSections), [registry]);
  const name = account?.attributes.name ?? '';
  return (
    <AccountsPageFrame title="Account settings">
      <div className="accounts-settings">
        <section aria-label="Account name">
          <div style={{ flex: 1 }}>
            <h2>Name</h2>
            <p>{name}</p>
          </div>
          <button
            type="button"
            className="button"
            onClick={() => openDialog({ kind: 'account' })}
            {...adminOnly(isAdmin)}
          >
            Rename account
          </button>
        </section>
        <section aria-label="Account avatar">
          {account?.attributes.avatarUrl ? (
            <img className="accounts-avatar" src={account.attributes.avatarUrl} alt={`${name} avatar`} />
          ) : (
            <span className="accounts-avatar" aria-hidden="true">
              {name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div style={{ flex: 1 }}>
            <h2>Avatar</h2>
            <p className="muted">PNG, JPEG, WebP or GIF, up to 2 MB.</p>
          </div>
          <input
            ref={fileInput}
            type="file"
            accept={AVATAR_TYPES.join(',')}
            hidden
            aria-label="Account avatar file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) chooseAvatar(file);
              e.target.value = '';
            }}
          />
          <button
            ref={avatarButton}
            type="button"
            className="button"
            onClick={() => fileInput.current?.click()}
            {...adminOnly(isAdmin, uploading)}
          >
            {uploading ? 'Uploading…' : 'Change avatar'}
          </button>
        </section>
      </div>
      {account && (
        <ContributedSections sections={sections} props={{ accountId: account.id, isAccountAdmin: isAdmin }} />
      )}
    </AccountsPageFrame>
  );
}
