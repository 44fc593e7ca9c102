import * as effector from 'effector';
import { type SignInFields } from '../../../../core';
import { AUTH_MESSAGES, ONBOARDING_COOKIE } from '../../common/auth-contract';
import { AUTH_PAGES } from '../../common/auth-pages';
import { isSecondStepCode } from '../../common/second-step';
import { createFormModel } from './form-model';
import { apiEffect, failureState, safeRedirectPath, type AuthModelDeps, type FlowUnits } from './flow-units';
import { WEB_MESSAGES } from '../web-messages';

const { createEvent, createStore, sample } = effector;

export interface SignInValues extends Record<string, unknown> {
  email: string;
  password: string;
  rememberMe: boolean;
}

/** `/users/sign_in`: AuthService.signIn, then `/` or a same-site `redirect_to`. */
export function createSignInModel({ auth }: AuthModelDeps, units: FlowUnits) {
  const form = createFormModel<SignInValues>({ email: '', password: '', rememberMe: false });
  const pageOpened = createEvent<string>();
  const submitted = createEvent();

  const queryRead = pageOpened.map((search) => new URLSearchParams(search));
  const $redirectTo = createStore<string>('/').on(
    queryRead,
    (_, query) => safeRedirectPath(query.get('redirect_to')) ?? '/',
  );

  // The confirmation link lands here (server redirect) with the outcome in the query.
  sample({
    clock: queryRead,
    filter: (query) => query.get('confirmed') === '1',
    fn: () => ({ kind: 'success' as const, title: WEB_MESSAGES.emailConfirmed }),
    target: units.toastTarget,
  });
  sample({
    clock: queryRead,
    filter: (query) => query.get('confirmation') === 'invalid',
    fn: () => ({ kind: 'error' as const, title: WEB_MESSAGES.confirmationInvalid }),
    target: units.toastTarget,
  });

  const signInFx = apiEffect((fields: SignInFields) => auth.signIn(fields));

  sample({
    clock: submitted,
    source: { values: form.$values, pending: signInFx.pending },
    filter: ({ pending }) => !pending,
    fn: ({ values }): SignInFields => ({
      email: values.email.trim(),
      password: values.password,
      rememberMe: values.rememberMe,
    }),
    target: signInFx,
  });

  // A survey marker left by whoever used this browser before must not speak for this user.
  sample({ clock: signInFx.done, fn: () => ONBOARDING_COOKIE, target: units.removeCookieFx });
  sample({
    clock: signInFx.done,
    source: $redirectTo,
    fn: (path) => ({ path, replace: true }),
    target: units.$navigationAfterUserLoad,
  });
  sample({ clock: signInFx.done, target: form.reset });

  // The password was right but a second step holds the log-in back (two-factor sign-in): its page.
  const heldBack = sample({ clock: signInFx.failData, filter: (error) => isSecondStepCode(error.code) });
  sample({
    clock: heldBack,
    source: $redirectTo,
    fn: (redirectTo, error) => ({
      path: `${AUTH_PAGES.secondStep}?${new URLSearchParams({ step: error.code ?? '', redirect_to: redirectTo })}`,
      replace: false,
    }),
    target: units.navigateFx,
  });
  const refused = sample({ clock: signInFx.failData, filter: (error) => !isSecondStepCode(error.code) });
  sample({
    clock: refused,
    fn: (error) => ({ context: 'log-in failed', error }),
    target: units.logFailureFx,
  });
  sample({
    clock: refused,
    fn: (error) => ({ kind: 'error' as const, title: AUTH_MESSAGES.logInFailed, description: error.message }),
    target: units.toastTarget,
  });
  sample({ clock: signInFx.fail, fn: (): 'password'[] => ['password'], target: form.fieldsCleared });

  return {
    form,
    pageOpened,
    submitted,
    signInFx,
    $redirectTo,
    $pending: signInFx.pending,
    $error: failureState(signInFx),
  };
}
