import { useUnit } from 'effector-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLazyModel } from '../../../core';
import { Dialog, DialogActions } from '../../../core/ui/dialog';
import { PASSKEY_NAME_MAX_LENGTH, type Passkey } from '../common/passkeys-contract';
import { passkeysModel } from './passkeys-model-loader';
import { RecoveryCodes } from './two-factor-parts';

const when = (iso: string) => new Date(iso).toLocaleDateString();

/** One key of the list: its name and dates, Rename (inline) and Remove (after a confirmation). */
function PasskeyRow({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  onRename(name: string): void;
  onRemove(): void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(passkey.name);
  const id = useId();
  const save = (event: FormEvent) => {
    event.preventDefault();
    onRename(name);
    setRenaming(false);
  };
  return (
    <li className="passkey-row">
      {renaming ? (
        <form className="passkey-rename" onSubmit={save} aria-label={`Rename ${passkey.name}`}>
          <label htmlFor={id}>New name for {passkey.name}</label>
          <input
            id={id}
            required
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setRenaming(false)}
          />
          <button type="submit" className="button button-primary">
            Save
          </button>
          <button type="button" className="button" onClick={() => setRenaming(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <>
          <span className="passkey-name">{passkey.name}</span>
          <span className="muted">
            Added {when(passkey.createdAt)} ·{' '}
            {passkey.lastUsedAt ? `last used ${when(passkey.lastUsedAt)}` : 'not used yet'}
          </span>
          <span className="passkey-actions">
            <button
              type="button"
              className="button"
              onClick={() => setRenaming(true)}
              aria-label={`Rename ${passkey.name}`}
            >
              Rename
            </button>
            <button type="button" className="button" onClick={onRemove} aria-label={`Remove ${passkey.name}`}>
              Remove
            </button>
          </span>
        </>
      )}
    </li>
  );
}

/**
 * The profile's passkeys and security keys: the list, a name and "Add a passkey" (the browser asks
 * for the key), rename, remove after a confirmation. `/profile#passkeys` (the palette's "Add a
 * passkey") puts the cursor in the name field.
 */
export function PasskeysPanel({ onChanged }: { onChanged(): void }) {
  const model = useLazyModel(passkeysModel);
  const [passkeys, recoveryCodes, error, adding] = useUnit([
    model.$passkeys,
    model.$recoveryCodes,
    model.$error,
    model.$adding,
  ]);
  const [opened, added, renamed, removed, seen] = useUnit([
    model.listOpened,
    model.addSubmitted,
    model.renameSubmitted,
    model.removeConfirmed,
    model.recoveryCodesSeen,
  ]);
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const nameId = useId();
  useEffect(() => opened(), [opened]);
  // The summary above (on or off, recovery codes left) is the two-factor model's: told when keys change.
  useEffect(() => model.changed.watch(() => onChanged()).unsubscribe, [model, onChanged]);
  useEffect(() => model.addSubmitted.watch(() => setName('')).unsubscribe, [model]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    added(name);
  };

  return (
    <div id="passkeys" className="passkeys">
      <h3>Passkeys and security keys</h3>
      <p>
        Instead of a code, confirm with a passkey on this device, your phone, or a security key after your password.
      </p>
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} onDone={seen} doneLabel="I have kept them" />}
      {passkeys === null ? (
        <p aria-busy="true">Loading…</p>
      ) : passkeys.length === 0 ? (
        <p className="muted">No passkeys yet.</p>
      ) : (
        <ul className="passkey-list" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              onRename={(next) => renamed({ id: passkey.id, name: next })}
              onRemove={() => setRemoving(passkey)}
            />
          ))}
        </ul>
      )}
      <form className="two-factor-code" onSubmit={submit} aria-label="Add a passkey">
        <label htmlFor={nameId}>Passkey name</label>
        <input
          id={nameId}
          required
          maxLength={PASSKEY_NAME_MAX_LENGTH}
          placeholder="e.g. Work laptop"
          autoFocus={window.location.hash === '#passkeys'}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${nameId}-error` : undefined}
        />
        {error && (
          <p className="two-factor-error" id={`${nameId}-error`} role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={adding} aria-busy={adding}>
          Add a passkey
        </button>
      </form>
      {removing && (
        <Dialog label={`Remove ${removing.name}?`} role="alertdialog" onClose={() => setRemoving(null)}>
          <h2 className="dialog-header">Remove “{removing.name}”?</h2>
          <p>It no longer signs you in. You can add it again later.</p>
          <DialogActions
            onCancel={() => setRemoving(null)}
            confirmLabel="Remove"
            danger
            cancelAutoFocus
            onConfirm={() => {
              removed(removing.id);
              setRemoving(null);
            }}
          />
        </Dialog>
      )}
    </div>
  );
}
