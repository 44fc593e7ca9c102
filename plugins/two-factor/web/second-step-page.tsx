import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import { useLazyModel } from '../../../core';
import { SECOND_FACTOR_SETUP_REQUIRED } from '../common/two-factor-contract';
import { PasskeyChoice } from './passkey-choice';
import { passkeysModel } from './passkeys-model-loader';
import { twoFactorModel } from './two-factor-model-loader';
import { CodeForm, RecoveryCodes, SetupCode } from './two-factor-parts';

/** A same-site path only (as the log-in's `redirect_to`): never a way off the site. */
function safePath(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/';
}

/**
 * `/users/two_factor`: the log-in's second step after a correct password. A passkey (when the user
 * has one), a code from the app or a recovery code; when an account requires two-factor sign-in
 * and it is not set up, set it up here.
 */
export default function SecondStepPage() {
  const model = useLazyModel(twoFactorModel);
  const [setup, recoveryCodes, error, pending, opened, submitted, seen] = useUnit([
    model.$setup,
    model.$recoveryCodes,
    model.$codeError,
    model.$stepPending,
    model.stepOpened,
    model.stepSubmitted,
    model.recoveryCodesSeen,
  ]);
  // A user with passkeys only has recovery codes besides: the field says so.
  const methods = useUnit(useLazyModel(passkeysModel).$methods);
  const codeLabel = methods && !methods.authenticatorApp ? 'Recovery code' : 'Code from your app, or a recovery code';
  const query = useMemo(() => new URLSearchParams(window.location.search), []);
  const needsSetup = query.get('step') === SECOND_FACTOR_SETUP_REQUIRED;
  const redirectTo = useMemo(() => safePath(query.get('redirect_to')), [query]);
  useEffect(() => {
    opened({ setup: needsSetup, redirectTo });
  }, [opened, needsSetup, redirectTo]);

  return (
    <div className="auth-page">
      <h1>Two-factor sign-in</h1>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={seen} doneLabel="Continue" />
      ) : (
        <>
          {needsSetup && (
            <>
              <p>An account you belong to requires two-factor sign-in. Set it up to continue.</p>
              {setup ? <SetupCode setup={setup} /> : <p aria-busy="true">Preparing…</p>}
            </>
          )}
          {!needsSetup && <PasskeyChoice redirectTo={redirectTo} />}
          <CodeForm
            label={needsSetup ? 'Code from your app' : codeLabel}
            submitLabel="Verify"
            error={error}
            pending={pending}
            onSubmit={submitted}
            autoFocus
          />
          <p>
            <a href="/users/sign_in">Back to log in</a>
          </p>
        </>
      )}
    </div>
  );
}
