import * as effectorReact from 'effector-react';
import { AUTH_PAGES } from '../../common/auth-contract';
import { useAuthModel } from '../components/use-lazy-model';
import { AppLink } from '../components/app-link';
import { FormField, SubmitButton } from '../components/form-field';
import { onSubmitCall, useForm } from '../components/use-form';

export default function PasswordNewPage() {
  const { passwordReset } = useAuthModel();
  const { field } = useForm(passwordReset.requestForm);
  const [pending, sentTo, submitted] = effectorReact.useUnit([
    passwordReset.$requestPending,
    passwordReset.$instructionsSentTo,
    passwordReset.requestSubmitted,
  ]);

  return (
    <div className="auth-page">
      <h1>Forgot your password?</h1>
      <p className="auth-page-lead">Enter your e-mail and we will send you a link to choose a new password.</p>
      <form className="auth-form" onSubmit={onSubmitCall(submitted)} aria-label="Request password reset">
        <FormField label="E-mail" type="email" autoComplete="email" required autoFocus {...field('email')} />
        <SubmitButton pending={pending}>Send reset instructions</SubmitButton>
      </form>
      {sentTo && (
        <p role="status">
          If an account exists for <strong>{sentTo}</strong>, the instructions are on their way. The link is valid for a
          few hours.
        </p>
      )}
      <nav className="auth-links" aria-label="Account">
        <AppLink to={AUTH_PAGES.signIn}>Back to log in</AppLink>
        <AppLink to={AUTH_PAGES.signUp}>Create an account</AppLink>
      </nav>
    </div>
  );
}
