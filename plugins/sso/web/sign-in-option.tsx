import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useLazyModel } from '../../../core';
import type { SignInOptionProps } from '../../auth/web/extension-points';
import { ssoModel } from './sso-model-loader';
import './sso.css';

/**
 * Below the log-in form: "Sign in with SSO" for the e-mail typed above (its organisation's
 * identity provider), and "Sign in with Google" when the server offers it.
 */
export default function SsoSignInOption({ email }: SignInOptionProps) {
  const model = useLazyModel(ssoModel);
  const [google, busy, opened, ssoRequested, googleRequested] = useUnit([
    model.$google,
    model.$busy,
    model.signInPageOpened,
    model.ssoRequested,
    model.googleRequested,
  ]);
  useEffect(() => {
    opened(window.location.search);
  }, [opened]);
  const hasEmail = email.trim() !== '';
  return (
    <div className="sso-sign-in">
      <button
        type="button"
        className="button"
        disabled={busy || !hasEmail}
        aria-describedby="sso-sign-in-hint"
        onClick={() => ssoRequested(email)}
      >
        Sign in with SSO
      </button>
      <p id="sso-sign-in-hint" className="sso-hint">
        {hasEmail
          ? 'Your organisation\u2019s identity provider signs you in; no password needed.'
          : 'Type your work e-mail above to sign in with your organisation\u2019s identity provider.'}
      </p>
      {google && (
        <button type="button" className="button" disabled={busy} onClick={() => googleRequested()}>
          Sign in with Google
        </button>
      )}
    </div>
  );
}
