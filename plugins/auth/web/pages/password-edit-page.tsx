import * as effectorReact from 'effector-react';
import { AUTH_PAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../common/auth-contract';
import { useAuthModel } from '../components/use-lazy-model';
import { AppLink } from '../components/app-link';
import { FormField, SubmitButton } from '../components/form-field';
import { onSubmitCall, useForm, usePageOpened } from '../components/use-form';
import { WEB_MESSAGES } from '../web-messages';

export default function PasswordEditPage() {
  const { passwordReset } = useAuthModel();
  const { field } = useForm(passwordReset.editForm);
  const [pending, token, submitted, opened] = effectorReact.useUnit([
    passwordReset.$editPending,
    passwordReset.$resetToken,
    passwordReset.editSubmitted,
    passwordReset.editPageOpened,
  ]);
  usePageOpened(() => opened(window.location.search));

  return (
    <div className="auth-page">
      <h1>Choose a new password</h1>
      {token ? (
        <form className="auth-form" onSubmit={onSubmitCall(submitted)} aria-label="Change password">
          <FormField
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            autoFocus
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
            {...field('password')}
          />
          <FormField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            required
            {...field('passwordConfirmation')}
          />
          <SubmitButton pending={pending}>Change password</SubmitButton>
        </form>
      ) : (
        <p role="alert">{WEB_MESSAGES.resetTokenMissing}</p>
      )}
      <nav className="auth-links" aria-label="Account">
        <AppLink to={AUTH_PAGES.passwordNew}>Request a new link</AppLink>
        <AppLink to={AUTH_PAGES.signIn}>Back to log in</AppLink>
      </nav>
    </div>
  );
}
