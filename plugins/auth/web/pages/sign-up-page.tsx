import * as effectorReact from 'effector-react';
import { AUTH_PAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../common/auth-contract';
import { useAuthModel } from '../components/use-lazy-model';
import { AppLink } from '../components/app-link';
import { FormField, SubmitButton } from '../components/form-field';
import { onSubmitCall, useForm, usePageOpened } from '../components/use-form';

export default function SignUpPage() {
  const { signUp } = useAuthModel();
  const { field } = useForm(signUp.form);
  const [pending, returning, submitted, opened] = effectorReact.useUnit([
    signUp.$pending,
    signUp.$returning,
    signUp.submitted,
    signUp.pageOpened,
  ]);
  usePageOpened(() => opened(window.location.search));

  return (
    <div className="auth-page">
      <h1>Create your account</h1>
      <form className="auth-form" onSubmit={onSubmitCall(submitted)} aria-label="Sign up">
        <div className="auth-row">
          <FormField label="Name" autoComplete="given-name" required {...field('name')} />
          <FormField label="Last name" autoComplete="family-name" required {...field('lastName')} />
        </div>
        <FormField label="E-mail" type="email" autoComplete="email" required {...field('email')} />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          {...field('password')}
        />
        <FormField
          label="Password confirmation"
          type="password"
          autoComplete="new-password"
          required
          {...field('passwordConfirmation')}
        />
        <SubmitButton pending={pending || returning}>Sign up</SubmitButton>
      </form>
      <nav className="auth-links" aria-label="Account">
        <span>
          Already have an account? <AppLink to={AUTH_PAGES.signIn}>Log in</AppLink>
        </span>
      </nav>
    </div>
  );
}
