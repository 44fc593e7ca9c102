import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import { useLazyModel } from '../../../core';
import { SECOND_FACTOR_SETUP_REQUIRED } from '../common/two-factor-contract';
import { twoFactorModel } from './two-factor-model-loader';
import { CodeForm, RecoveryCodes, SetupCode } from './two-factor-parts';

/** A same-site path only (as the log-in's `redirect_to`): never a way off the site. */
function safePath(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/';
}

/**
 * `/users/two_factor`: the log-in's second step after a correct password. A code from the app or a
 * recovery code; when an account requires two-factor sign-in and it is not set up, set it up here.
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
  const query = useMemo(() => new URLSearchParams(window.location.search), []);
  const needsSetup = query.get('step') === SECOND_FACTOR_SETUP_REQUIRED;
  useEffect(() => {
    opened({ setup: needsSetup, redirectTo: safePath(query.get('redirect_to')) });
  }, [opened, needsSetup, query]);

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
          <CodeForm
            label={needsSetup ? 'Code from your app' : 'Code from your app, or a recovery code'}
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
