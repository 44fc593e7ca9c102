import * as effector from 'effector';
import {
  AUTH_MESSAGES,
  AUTH_PAGES,
  AUTH_PATHS,
  ONBOARDING_COOKIE,
  SIGN_UP_FAILURE_REDIRECT_MS,
  type SignUpRequest,
  type SignUpResponse,
} from '../../common/auth-contract';
import { createFormModel, formFieldName } from './form-model';
import { apiEffect, failureState, type AuthModelDeps, type FlowUnits } from './flow-units';
import { WEB_MESSAGES } from '../web-messages';

const { attach, createEvent, createStore, sample } = effector;

export interface SignUpValues extends Record<string, string> {
  name: string;
  lastName: string;
  email: string;
  password: string;
  passwordConfirmation: string;
}

/** `/users/sign_up`: POST /users, then onboarding; every failure returns to sign-up after 3 s (docs/product-contract.md#messages). */
export function createSignUpModel({ api }: AuthModelDeps, units: FlowUnits) {
  const form = createFormModel<SignUpValues>({
    name: '',
    lastName: '',
    email: '',
    password: '',
    passwordConfirmation: '',
  });
  /** The page passes `location.search`; `anonymous_id` is carried on to the sign-up call. */
  const pageOpened = createEvent<string>();
  const submitted = createEvent();

  const $anonymousId = createStore<string | null>(null);
  sample({
    clock: pageOpened.map((search) => new URLSearchParams(search).get('anonymous_id')),
    filter: (id): id is string => !!id,
    target: $anonymousId,
  });

  const signUpFx = apiEffect(
    async (body: SignUpRequest) => (await api.post<SignUpResponse>(AUTH_PATHS.signUp, body)).data,
  );
  const failureRedirectFx = attach({ effect: units.waitFx, mapParams: () => SIGN_UP_FAILURE_REDIRECT_MS });

  const passwordsDiffer = sample({
    clock: submitted,
    source: form.$values,
    filter: (values) => values.password !== values.passwordConfirmation,
  });
  sample({
    clock: passwordsDiffer,
    fn: () => ({ passwordConfirmation: WEB_MESSAGES.passwordsDiffer }),
    target: form.errorsShown,
  });

  sample({
    clock: submitted,
    source: { values: form.$values, anonymousId: $anonymousId, pending: signUpFx.pending },
    filter: ({ values, pending }) => !pending && values.password === values.passwordConfirmation,
    fn: ({ values, anonymousId }): SignUpRequest => ({
      user: {
        name: values.name.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
        passwordConfirmation: values.passwordConfirmation,
      },
      ...(anonymousId ? { anonymousId } : {}),
    }),
    target: signUpFx,
  });

  // Success: a new person on this browser answers the survey afresh, whatever an earlier user did.
  sample({ clock: signUpFx.done, fn: () => ONBOARDING_COOKIE, target: units.removeCookieFx });
  sample({ clock: signUpFx.done, target: [units.sessionReplacedFx, form.reset] });
  sample({ clock: signUpFx.done, fn: () => ({ path: AUTH_PAGES.onboarding }), target: units.$navigationAfterUserLoad });

  // Failure: logged, shown, then back to a fresh sign-up page after SIGN_UP_FAILURE_REDIRECT_MS.
  sample({
    clock: signUpFx.failData,
    fn: (error) => ({ context: 'sign-up failed', error }),
    target: units.logFailureFx,
  });
  const domainRefused = sample({
    clock: signUpFx.failData,
    filter: (error) => error.code === 'email_domain_not_permitted',
  });
  sample({
    clock: domainRefused,
    fn: () => ({ kind: 'error' as const, title: AUTH_MESSAGES.emailDomainNotPermitted }),
    target: units.toastTarget,
  });
  sample({
    clock: domainRefused,
    fn: () => ({ email: AUTH_MESSAGES.emailDomainNotPermitted }),
    target: form.errorsShown,
  });

  const otherFailure = sample({
    clock: signUpFx.failData,
    filter: (error) => error.code !== 'email_domain_not_permitted',
  });
  sample({
    clock: otherFailure,
    filter: (error) => form.showsField(error.field),
    fn: (error) => ({ [formFieldName(error.field!)]: error.message }),
    target: form.errorsShown,
  });
  sample({
    clock: otherFailure,
    filter: (error) => !form.showsField(error.field),
    fn: (error) => ({ kind: 'error' as const, title: WEB_MESSAGES.signUpFailed, description: error.message }),
    target: units.toastTarget,
  });

  sample({ clock: signUpFx.fail, target: failureRedirectFx });
  sample({
    clock: failureRedirectFx.done,
    fn: (): SignUpFieldList => ['password', 'passwordConfirmation'],
    target: form.fieldsCleared,
  });
  sample({
    clock: failureRedirectFx.done,
    source: $anonymousId,
    fn: (anonymousId) => ({
      path: anonymousId ? `${AUTH_PAGES.signUp}?anonymous_id=${encodeURIComponent(anonymousId)}` : AUTH_PAGES.signUp,
      replace: true,
    }),
    target: units.navigateFx,
  });

  return {
    form,
    pageOpened,
    submitted,
    signUpFx,
    failureRedirectFx,
    $anonymousId,
    $pending: signUpFx.pending,
    /** True while the page waits to return to a fresh sign-up form. */
    $returning: failureRedirectFx.pending,
    $error: failureState(signUpFx),
  };
}

type SignUpFieldList = (keyof SignUpValues & string)[];
