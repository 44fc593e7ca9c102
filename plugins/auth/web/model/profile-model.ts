import * as effector from 'effector';
import { type ApiError, type UserResource } from '../../../../core';
import {
  AUTH_MESSAGES,
  AUTH_PATHS,
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  type UpdateProfileRequest,
} from '../../common/auth-contract';
import { createFormModel, formFieldName, type FormModel } from './form-model';
import { apiEffect, failureState, type AuthModelDeps, type FlowUnits } from './flow-units';
import { WEB_MESSAGES } from '../web-messages';

const { createEvent, sample } = effector;

/**
 * `/profile`: three sections, each its own form, call and pending flag, all on PUT update_profile.
 * A wrong current password is shown inline as 'Invalid password' on the section that was sent
 * (docs/product-contract.md#validation), because each section has its own current-password field.
 */
export function createProfileModel({ api, app }: AuthModelDeps, units: FlowUnits) {
  const pageOpened = createEvent();
  const nameForm = createFormModel({ name: '', lastName: '' });
  const emailForm = createFormModel({ email: '', currentPassword: '' });
  const passwordForm = createFormModel({ password: '', passwordConfirmation: '', currentPassword: '' });

  // The name and e-mail fields start from the current user.
  sample({
    clock: pageOpened,
    source: app.$user,
    filter: Boolean,
    fn: (user) => ({ name: user!.attributes.name, lastName: user!.attributes.lastName }),
    target: nameForm.valuesReplaced,
  });
  sample({
    clock: pageOpened,
    source: app.$user,
    filter: Boolean,
    fn: (user) => ({ email: user!.attributes.email }),
    target: emailForm.valuesReplaced,
  });

  const updateProfile = () =>
    apiEffect(async (body: UpdateProfileRequest) => {
      const response = await api.put<{ data?: UserResource }>(AUTH_PATHS.updateProfile, body);
      return response.data?.data ?? null;
    });
  const saveNameFx = updateProfile();
  const changeEmailFx = updateProfile();
  const changePasswordFx = updateProfile();

  const nameSubmitted = createEvent();
  const emailSubmitted = createEvent();
  const passwordSubmitted = createEvent();

  sample({
    clock: nameSubmitted,
    source: { values: nameForm.$values, pending: saveNameFx.pending },
    filter: ({ pending }) => !pending,
    fn: ({ values }): UpdateProfileRequest => ({
      user: { name: values.name.trim(), lastName: values.lastName.trim() },
    }),
    target: saveNameFx,
  });
  sample({
    clock: emailSubmitted,
    source: { values: emailForm.$values, pending: changeEmailFx.pending },
    filter: ({ pending }) => !pending,
    fn: ({ values }): UpdateProfileRequest => ({
      user: { email: values.email.trim(), currentPassword: values.currentPassword },
    }),
    target: changeEmailFx,
  });
  sample({
    clock: passwordSubmitted,
    source: passwordForm.$values,
    filter: (values) => values.password !== values.passwordConfirmation,
    fn: () => ({ passwordConfirmation: WEB_MESSAGES.passwordsDiffer }),
    target: passwordForm.errorsShown,
  });
  sample({
    clock: passwordSubmitted,
    source: { values: passwordForm.$values, pending: changePasswordFx.pending },
    filter: ({ values, pending }) => !pending && values.password === values.passwordConfirmation,
    fn: ({ values }): UpdateProfileRequest => ({
      user: {
        password: values.password,
        passwordConfirmation: values.passwordConfirmation,
        currentPassword: values.currentPassword,
      },
    }),
    target: changePasswordFx,
  });

  for (const fx of [saveNameFx, changeEmailFx, changePasswordFx]) {
    sample({
      clock: fx.doneData,
      filter: (user): user is UserResource => user !== null,
      fn: (user) => user!,
      target: app.userUpdated,
    });
    sample({
      clock: fx.failData,
      fn: (error) => ({ context: 'profile update failed', error }),
      target: units.logFailureFx,
    });
  }
  sample({
    clock: [saveNameFx.done, changeEmailFx.done],
    fn: () => ({ kind: 'success' as const, title: WEB_MESSAGES.changesSaved }),
    target: units.toastTarget,
  });
  sample({
    clock: changeEmailFx.done,
    fn: (): 'currentPassword'[] => ['currentPassword'],
    target: emailForm.fieldsCleared,
  });
  sample({
    clock: changePasswordFx.done,
    fn: () => ({ kind: 'success' as const, title: AUTH_MESSAGES.passwordChanged }),
    target: units.toastTarget,
  });
  sample({ clock: changePasswordFx.done, target: passwordForm.reset });
  // The server rotates the session when the password changes; pick up the new CSRF token.
  sample({ clock: changePasswordFx.done, target: units.sessionReplacedFx });

  showFailure(nameForm, saveNameFx.failData, units);
  showFailure(emailForm, changeEmailFx.failData, units);
  showFailure(passwordForm, changePasswordFx.failData, units);

  // --- avatar: checked here first so a wrong file never travels to the server
  const avatarChosen = createEvent<File>();
  const uploadAvatarFx = apiEffect(async (file: File) => {
    const body = new FormData();
    body.append('avatar', file);
    return (await api.post<{ data?: UserResource }>(AUTH_PATHS.changeAvatar, body)).data?.data ?? null;
  });
  const avatarProblem = (file: File): string | null =>
    !(AVATAR_TYPES as readonly string[]).includes(file.type)
      ? WEB_MESSAGES.imageWrongType
      : file.size > AVATAR_MAX_BYTES
        ? WEB_MESSAGES.imageTooLarge
        : null;
  sample({
    clock: avatarChosen,
    filter: (file) => avatarProblem(file) !== null,
    fn: (file) => ({ kind: 'error' as const, title: AUTH_MESSAGES.imageNotChanged, description: avatarProblem(file)! }),
    target: units.toastTarget,
  });
  sample({
    clock: avatarChosen,
    source: uploadAvatarFx.pending,
    filter: (pending, file) => !pending && avatarProblem(file) === null,
    fn: (_, file) => file,
    target: uploadAvatarFx,
  });
  sample({
    clock: uploadAvatarFx.doneData,
    filter: (user): user is UserResource => user !== null,
    fn: (user) => user!,
    target: app.userUpdated,
  });
  sample({
    clock: uploadAvatarFx.done,
    fn: () => ({ kind: 'success' as const, title: AUTH_MESSAGES.imageChanged }),
    target: units.toastTarget,
  });
  sample({
    clock: uploadAvatarFx.failData,
    fn: (error) => ({ context: 'avatar upload failed', error }),
    target: units.logFailureFx,
  });
  sample({
    clock: uploadAvatarFx.failData,
    fn: (error) => ({ kind: 'error' as const, title: AUTH_MESSAGES.imageNotChanged, description: error.message }),
    target: units.toastTarget,
  });

  return {
    pageOpened,
    nameForm,
    emailForm,
    passwordForm,
    nameSubmitted,
    emailSubmitted,
    passwordSubmitted,
    saveNameFx,
    changeEmailFx,
    changePasswordFx,
    avatarChosen,
    uploadAvatarFx,
    $namePending: saveNameFx.pending,
    $emailPending: changeEmailFx.pending,
    $passwordPending: changePasswordFx.pending,
    $avatarPending: uploadAvatarFx.pending,
    $nameError: failureState(saveNameFx),
    $emailError: failureState(changeEmailFx),
    $passwordError: failureState(changePasswordFx),
    $avatarError: failureState(uploadAvatarFx),
  };
}

/** A wrong current password is inline only (docs/product-contract.md#validation); other field errors inline too; the rest a toast. */
function showFailure<T extends Record<string, unknown>>(
  form: FormModel<T>,
  failData: effector.Event<ApiError>,
  units: FlowUnits,
) {
  sample({
    clock: failData,
    filter: (error) => error.code === 'current_password_incorrect',
    fn: () => ({ currentPassword: AUTH_MESSAGES.invalidPassword }) as Partial<Record<keyof T & string, string>>,
    target: form.errorsShown,
  });
  sample({
    clock: failData,
    filter: (error) => error.code !== 'current_password_incorrect' && !!error.field,
    fn: (error) => ({ [formFieldName(error.field!)]: error.message }) as Partial<Record<keyof T & string, string>>,
    target: form.errorsShown,
  });
  sample({
    clock: failData,
    filter: (error) => error.code !== 'current_password_incorrect',
    fn: (error) => ({ kind: 'error' as const, title: AUTH_MESSAGES.profileNotUpdated, description: error.message }),
    target: units.toastTarget,
  });
}
