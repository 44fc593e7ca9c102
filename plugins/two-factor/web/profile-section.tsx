import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useLazyModel } from '../../../core';
import { twoFactorModel } from './two-factor-model-loader';
import { CodeForm, RecoveryCodes, SetupCode } from './two-factor-parts';

/** The profile's "Two-factor sign-in" section: set it up with a QR code, or turn it off with a code. */
export default function TwoFactorProfileSection() {
  const model = useLazyModel(twoFactorModel);
  const [state, setup, recoveryCodes, error, pending, settingUp] = useUnit([
    model.$state,
    model.$setup,
    model.$recoveryCodes,
    model.$codeError,
    model.$codePending,
    model.$settingUp,
  ]);
  const [opened, setupRequested, confirm, disable, seen] = useUnit([
    model.ownOpened,
    model.setupRequested,
    model.confirmSubmitted,
    model.disableSubmitted,
    model.recoveryCodesSeen,
  ]);
  useEffect(() => opened(), [opened]);

  if (!state) return <p aria-busy="true">Loading…</p>;
  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={seen} doneLabel="I have kept them" />;
  if (state.enabled)
    return (
      <div id="two-factor">
        <p>
          Two-factor sign-in is on. {state.recoveryCodesLeft} recovery{' '}
          {state.recoveryCodesLeft === 1 ? 'code' : 'codes'} left.
        </p>
        {state.required ? (
          <p>An account you belong to requires it, so it stays on.</p>
        ) : (
          <CodeForm
            label="Code to turn it off"
            submitLabel="Turn off two-factor sign-in"
            error={error}
            pending={pending}
            onSubmit={disable}
          />
        )}
      </div>
    );
  return (
    <div id="two-factor">
      <p>Ask for a code from an authenticator app after your password.</p>
      {setup ? (
        <>
          <SetupCode setup={setup} />
          <CodeForm
            label="Code from your app"
            submitLabel="Turn on two-factor sign-in"
            error={error}
            pending={pending}
            onSubmit={confirm}
            autoFocus
          />
        </>
      ) : (
        <button type="button" className="button" disabled={settingUp} onClick={() => setupRequested()}>
          Set up two-factor sign-in
        </button>
      )}
    </div>
  );
}
