import * as effector from 'effector';
import { type UserResource } from '../../../../core';
import {
  AUTH_MESSAGES,
  AUTH_PAGES,
  AUTH_PATHS,
  ONBOARDING_COOKIE,
  ONBOARDING_PROCESSED,
  type ResendConfirmationRequest,
  type SurveyRequest,
} from '../../common/auth-contract';
import { answeredOnly, type SurveyAnswers } from '../onboarding-questions';
import { apiEffect, failureState, type AuthModelDeps, type FlowUnits } from './flow-units';
import { WEB_MESSAGES } from '../web-messages';

const { createEffect, createEvent, createStore, sample } = effector;

/** `/onboarding` (the survey) and `/onboarding/check_email` (confirm the address; either order works). */
export function createOnboardingModel({ api, cookies, app }: AuthModelDeps, units: FlowUnits) {
  // --- survey
  const surveyPageOpened = createEvent();
  const answerChanged = createEvent<{ questionId: string; value: string | string[] }>();
  const surveySubmitted = createEvent();
  const $answers = createStore<SurveyAnswers>({}).on(answerChanged, (answers, { questionId, value }) => ({
    ...answers,
    [questionId]: value,
  }));

  const readOnboardingCookieFx = createEffect(() => cookies.get(ONBOARDING_COOKIE));
  const submitSurveyFx = apiEffect(
    async (body: SurveyRequest) => (await api.put<{ data?: UserResource }>(AUTH_PATHS.survey, body)).data,
  );

  sample({ clock: surveyPageOpened, target: readOnboardingCookieFx });
  const repeatVisit = sample({
    clock: readOnboardingCookieFx.doneData,
    source: app.$user,
    filter: (user, cookie) =>
      cookie === ONBOARDING_PROCESSED || user?.attributes.onboardingState === ONBOARDING_PROCESSED,
  });

  sample({
    clock: surveySubmitted,
    source: { answers: $answers, pending: submitSurveyFx.pending },
    filter: ({ pending }) => !pending,
    fn: ({ answers }): SurveyRequest => ({ survey: { answers: answeredOnly(answers) } }),
    target: submitSurveyFx,
  });

  sample({
    clock: submitSurveyFx.done,
    fn: () => ({ name: ONBOARDING_COOKIE, value: ONBOARDING_PROCESSED }),
    target: units.setCookieFx,
  });
  sample({
    clock: submitSurveyFx.doneData,
    filter: (response): response is { data: UserResource } => !!response?.data,
    fn: (response) => response.data!,
    target: app.userUpdated,
  });
  sample({
    clock: submitSurveyFx.done,
    fn: () => ({ path: AUTH_PAGES.checkEmail, replace: true }),
    target: units.navigateFx,
  });
  sample({ clock: submitSurveyFx.done, target: $answers.reinit });

  // The server already has answers: mark it here too and reload the user, so no guard sends them back.
  const answeredBefore = sample({
    clock: submitSurveyFx.failData,
    filter: (error) => error.code === 'already_answered' || error.status === 409,
  });
  sample({
    clock: answeredBefore,
    fn: () => ({ name: ONBOARDING_COOKIE, value: ONBOARDING_PROCESSED }),
    target: units.setCookieFx,
  });
  sample({ clock: answeredBefore, target: app.userRequested });
  sample({ clock: answeredBefore, fn: () => ({ path: '/', replace: true }), target: units.$navigationAfterUserLoad });
  sample({ clock: repeatVisit, fn: () => ({ path: '/', replace: true }), target: units.navigateFx });
  sample({
    clock: [repeatVisit, answeredBefore],
    fn: () => ({
      kind: 'info' as const,
      title: AUTH_MESSAGES.surveyAlreadyStored,
      description: AUTH_MESSAGES.surveyNoNeed,
    }),
    target: units.toastTarget,
  });

  const surveyFailed = sample({
    clock: submitSurveyFx.failData,
    filter: (error) => error.code !== 'already_answered' && error.status !== 409,
  });
  sample({ clock: surveyFailed, fn: (error) => ({ context: 'survey failed', error }), target: units.logFailureFx });
  sample({
    clock: surveyFailed,
    fn: (error) => ({ kind: 'error' as const, title: WEB_MESSAGES.surveyNotSaved, description: error.message }),
    target: units.toastTarget,
  });

  // --- check e-mail: resend the confirmation
  const resendRequested = createEvent();
  const resendConfirmationFx = apiEffect(async (body: ResendConfirmationRequest) => {
    await api.post(AUTH_PATHS.confirmation, body);
  });
  sample({
    clock: resendRequested,
    source: { user: app.$user, pending: resendConfirmationFx.pending },
    filter: ({ user, pending }) => !pending && !!user,
    fn: ({ user }): ResendConfirmationRequest => ({ user: { email: user!.attributes.email } }),
    target: resendConfirmationFx,
  });
  sample({
    clock: resendConfirmationFx.done,
    fn: () => ({ kind: 'success' as const, title: AUTH_MESSAGES.confirmationResent }),
    target: units.toastTarget,
  });

  const alreadyConfirmed = sample({
    clock: resendConfirmationFx.failData,
    filter: (error) => error.code === 'already_confirmed',
  });
  sample({
    clock: alreadyConfirmed,
    fn: () => ({ kind: 'info' as const, title: AUTH_MESSAGES.alreadyConfirmed }),
    target: units.toastTarget,
  });
  // The app user still says "unconfirmed": reload it first, or the guard of `/` would send them back here.
  sample({ clock: alreadyConfirmed, target: app.userRequested });
  sample({ clock: alreadyConfirmed, fn: () => ({ path: '/', replace: true }), target: units.$navigationAfterUserLoad });

  const resendFailed = sample({
    clock: resendConfirmationFx.failData,
    filter: (error) => error.code !== 'already_confirmed',
  });
  sample({
    clock: resendFailed,
    fn: (error) => ({ context: 'confirmation resend failed', error }),
    target: units.logFailureFx,
  });
  sample({
    clock: resendFailed,
    fn: (error) => ({ kind: 'error' as const, title: WEB_MESSAGES.confirmationNotResent, description: error.message }),
    target: units.toastTarget,
  });

  return {
    surveyPageOpened,
    answerChanged,
    surveySubmitted,
    submitSurveyFx,
    $answers,
    $surveyPending: submitSurveyFx.pending,
    $surveyError: failureState(submitSurveyFx),
    resendRequested,
    resendConfirmationFx,
    $resendPending: resendConfirmationFx.pending,
    $resendError: failureState(resendConfirmationFx),
  };
}
