import * as effectorReact from 'effector-react';
import { useMemo } from 'react';
import { TOKENS, useService } from '../../../../core';
import { ContributedSections } from '../../../../core/ui/contributed-sections';
import { AUTH_PAGES } from '../../common/auth-contract';
import { signInOptions } from '../extension-points';
import { useAuthModel } from '../components/use-lazy-model';
import { AppLink } from '../components/app-link';
import { CheckboxField, FormField, SubmitButton } from '../components/form-field';
import { onSubmitCall, useForm, usePageOpened } from '../components/use-form';

export default function SignInPage() {
  const { signIn } = useAuthModel();
  const { field, values, setValue } = useForm(signIn.form);
  const [pending, submitted, opened] = effectorReact.useUnit([signIn.$pending, signIn.submitted, signIn.pageOpened]);
  usePageOpened(() => opened(window.location.search));
  const registry = useService(TOKENS.PluginRegistry);
  const options = useMemo(() => registry.contributions(signInOptions), [registry]);

  return (
    <div className="auth-page">
      <h1>Log in to Polycue</h1>
      <form className="auth-form" onSubmit={onSubmitCall(submitted)} aria-label="Log in">
        <FormField label="E-mail" type="email" autoComplete="email" required autoFocus {...field('email')} />
        <FormField label="Password" type="password" autoComplete="current-password" required {...field('password')} />
        <CheckboxField
          label="Remember me"
          name="rememberMe"
          checked={values.rememberMe}
          onCheckedChange={(checked) => setValue('rememberMe', checked)}
        />
        <SubmitButton pending={pending}>Log in</SubmitButton>
      </form>
      <ContributedSections sections={options} props={{ email: values.email }} />
      <nav className="auth-links" aria-label="Account">
        <AppLink to={AUTH_PAGES.passwordNew}>Forgot your password?</AppLink>
        <AppLink to={AUTH_PAGES.signUp}>Create an account</AppLink>
      </nav>
    </div>
  );
}
