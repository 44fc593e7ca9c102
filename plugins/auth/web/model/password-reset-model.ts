import * as effector from 'effector';
import {
  AUTH_MESSAGES,
  AUTH_PAGES,
  AUTH_PATHS,
  type ResetRequest,
  type SetPasswordRequest,
} from '../../common/auth-contract';
import { createFormModel, formFieldName } from './form-model';
import { apiEffect, failureState, type AuthModelDeps, type FlowUnits } from './flow-units';
import { WEB_MESSAGES } from '../web-messages';

const { createEvent, createStore, sample } = effector;

export interface PasswordEditValues extends Record<string, string> {
  password: string;
  passwordConfirmation: string;
}

/** `/users/password/new` (request instructions) and `/users/password/edit` (set with the mailed token). */
export function createPasswordResetModel({ api }: AuthModelDeps, units: FlowUnits) {
  // --- request reset instructions
  const requestForm = createFormModel<{ email: string }>({ email: '' });
  const requestSubmitted = createEvent();
  const requestResetFx = apiEffect(async (body: ResetRequest) => {
    await api.post(AUTH_PATHS.password, body);
  });
  sample({
    clock: requestSubmitted,
    source: { values: requestForm.$values, pending: requestResetFx.pending },
    filter: ({ pending }) => !pending,
    fn: ({ values }): ResetRequest => ({ user: { email: values.email.trim() } }),
    target: requestResetFx,
  });
  /** The e-mail the instructions went to, so the page can say where to look. */
  const $instructionsSentTo = createStore<string | null>(null)
    .on(requestResetFx.done, (_, { params }) => params.user.email)
    .reset(requestForm.fieldChanged);
  sample({
    clock: requestResetFx.done,
    fn: () => ({ kind: 'success' as const, title: AUTH_MESSAGES.resetInstructionsSent }),
    target: units.toastTarget,
  });
  sample({
    clock: requestResetFx.failData,
    fn: (error) => ({ context: 'reset request failed', error }),
    target: units.logFailureFx,
  });
  sample({
    clock: requestResetFx.failData,
    fn: (error) => ({
      kind: 'error' as const,
      title: AUTH_MESSAGES.resetInstructionsNotSent,
      description: error.message,
    }),
    target: units.toastTarget,
  });

  // --- set a new password with the token from the mail
  const editForm = createFormModel<PasswordEditValues>({ password: '', passwordConfirmation: '' });
  const editPageOpened = createEvent<string>();
  const editSubmitted = createEvent();
  const $resetToken = createStore<string | null>(null).on(
    editPageOpened,
    (_, search) => new URLSearchParams(search).get('reset_password_token') || null,
  );
  const setPasswordFx = apiEffect(async (body: SetPasswordRequest) => {
    await api.put(AUTH_PATHS.password, body);
  });

  sample({
    clock: editSubmitted,
    source: editForm.$values,
    filter: (values) => values.password !== values.passwordConfirmation,
    fn: () => ({ passwordConfirmation: WEB_MESSAGES.passwordsDiffer }),
    target: editForm.errorsShown,
  });
  sample({
    clock: editSubmitted,
    source: { values: editForm.$values, token: $resetToken, pending: setPasswordFx.pending },
    filter: ({ values, token, pending }) => !pending && !!token && values.password === values.passwordConfirmation,
    fn: ({ values, token }): SetPasswordRequest => ({
      user: {
        reset_password_token: token!,
        password: values.password,
        password_confirmation: values.passwordConfirmation,
      },
    }),
    target: setPasswordFx,
  });

  // Success: the server logged the user in, so the session (and CSRF token) changed.
  sample({
    clock: setPasswordFx.done,
    fn: () => ({ kind: 'success' as const, title: AUTH_MESSAGES.passwordChanged }),
    target: units.toastTarget,
  });
  sample({ clock: setPasswordFx.done, target: [units.sessionReplacedFx, editForm.reset] });
  sample({
    clock: setPasswordFx.done,
    fn: () => ({ path: '/', replace: true }),
    target: units.$navigationAfterUserLoad,
  });

  sample({
    clock: setPasswordFx.failData,
    fn: (error) => ({ context: 'password change failed', error }),
    target: units.logFailureFx,
  });
  const tokenExpired = sample({ clock: setPasswordFx.failData, filter: (error) => error.code === 'token_expired' });
  sample({
    clock: tokenExpired,
    fn: (error) => ({ kind: 'error' as const, title: error.message || AUTH_MESSAGES.resetTokenExpired }),
    target: units.toastTarget,
  });
  sample({ clock: tokenExpired, fn: () => ({ path: AUTH_PAGES.passwordNew }), target: units.navigateFx });

  const otherFailure = sample({ clock: setPasswordFx.failData, filter: (error) => error.code !== 'token_expired' });
  sample({
    clock: otherFailure,
    filter: (error) => !!error.field,
    fn: (error) => ({ [formFieldName(error.field!)]: error.message }),
    target: editForm.errorsShown,
  });
  sample({
    clock: otherFailure,
    fn: (error) => ({ kind: 'error' as const, title: AUTH_MESSAGES.passwordNotChanged, description: error.message }),
    target: units.toastTarget,
  });

  return {
    requestForm,
    requestSubmitted,
    requestResetFx,
    $instructionsSentTo,
    $requestPending: requestResetFx.pending,
    $requestError: failureState(requestResetFx),
    editForm,
    editPageOpened,
    editSubmitted,
    setPasswordFx,
    $resetToken,
    $editPending: setPasswordFx.pending,
    $editError: failureState(setPasswordFx),
  };
}
