import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useLazyModel } from '../../../core';
import type { TwoFactorState } from '../common/two-factor-contract';
import { PasskeysPanel } from './passkeys-panel';
import { twoFactorModel } from './two-factor-model-loader';
import { CodeForm, RecoveryCodes, SetupCode } from './two-factor-parts';

/** Whether two-factor sign-in is on (an app or a passkey), and how many recovery codes are left. */
function Summary({ state }: { state: TwoFactorState }) {
  if (!state.enabled)
    return (
      <p>Two-factor sign-in is off. Add an authenticator app or a passkey to be asked for it after your password.</p>
    );
  return (
    <p>
      Two-factor sign-in is on. {state.recoveryCodesLeft} recovery {state.recoveryCodesLeft === 1 ? 'code' : 'codes'}{' '}
      left.
    </p>
  );
}

/**
 * The profile's "Two-factor sign-in" section: whether it is on, the authenticator app (set up with
 * a QR code, removed with a code) and the passkeys and security keys (passkeys-panel.tsx).
 */
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
  // The last second factor stays while an account requires one.
  const appLocked = state.required && state.passkeys === 0;
  // With a passkey, two-factor sign-in is on either way: the buttons name the app alone.
  const alsoPasskeys = state.passkeys > 0;
  return (
    <div id="two-factor">
      <Summary state={state} />
      <h3>Authenticator app</h3>
      {state.authenticatorApp ? (
        appLocked ? (
          <p>An account you belong to requires it, so it stays on.</p>
        ) : (
          <CodeForm
            label="Code to turn it off"
            submitLabel={alsoPasskeys ? 'Remove the authenticator app' : 'Turn off two-factor sign-in'}
            error={error}
            pending={pending}
            onSubmit={disable}
          />
        )
      ) : (
        <>
          <p>Ask for a code from an authenticator app after your password.</p>
          {setup ? (
            <>
              <SetupCode setup={setup} />
              <CodeForm
                label="Code from your app"
                submitLabel={alsoPasskeys ? 'Turn on the authenticator app' : 'Turn on two-factor sign-in'}
                error={error}
                pending={pending}
                onSubmit={confirm}
                autoFocus
              />
            </>
          ) : (
            <button type="button" className="button" disabled={settingUp} onClick={() => setupRequested()}>
              {alsoPasskeys ? 'Set up an authenticator app' : 'Set up two-factor sign-in'}
            </button>
          )}
        </>
      )}
      <PasskeysPanel onChanged={opened} />
    </div>
  );
}
