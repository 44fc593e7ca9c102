import * as effector from 'effector';
import { TOKENS, type Container, type ServiceIdentifier, type UserResource } from '../../../../core';
import { AUTH_PATHS, type ResetNewsletterPopupRequest } from '../../common/auth-contract';
import { apiEffect, type AuthModelDeps } from './flow-units';

const { combine, createEffect, createEvent, createStore, sample } = effector;

export type NewsletterModelDeps = Pick<AuthModelDeps, 'api' | 'app' | 'logger'>;

/**
 * The newsletter popup: offered once to members whose user says shouldSeeNewsletterPopup. It hides
 * at once on either answer; a failed save is only logged, since asking again would nag.
 * Separate from the auth model: the popup is a shell overlay on every member page, and must not
 * pull in the sign-up, sign-in, reset, onboarding and profile flows with it.
 */
export function createNewsletterModel({ api, app, logger }: NewsletterModelDeps) {
  const answered = createEvent<boolean>();
  const answerNewsletterFx = apiEffect(async (subscribe: boolean) => {
    const body: ResetNewsletterPopupRequest = { subscribe };
    return (await api.put<{ data?: UserResource }>(AUTH_PATHS.resetShouldSeeNewsletterPopup, body)).data?.data ?? null;
  });
  const logFailureFx = createEffect((error: unknown) => logger.error('[auth] newsletter answer not saved', error));
  const $answeredHere = createStore(false)
    .on(answered, () => true)
    .reset(app.loggedOut);

  const $visible = combine(app.$user, $answeredHere, (user, answeredHere) => {
    if (!user || answeredHere) return false;
    const { shouldSeeNewsletterPopup, confirmedEmail, onboardingState } = user.attributes;
    return shouldSeeNewsletterPopup && confirmedEmail && onboardingState === 'processed';
  });

  sample({
    clock: answered,
    source: answerNewsletterFx.pending,
    filter: (pending) => !pending,
    fn: (_, subscribe) => subscribe,
    target: answerNewsletterFx,
  });
  sample({
    clock: answerNewsletterFx.doneData,
    filter: (user): user is UserResource => user !== null,
    fn: (user) => user!,
    target: app.userUpdated,
  });
  sample({ clock: answerNewsletterFx.failData, target: logFailureFx });

  return { answered, answerNewsletterFx, $visible, $pending: answerNewsletterFx.pending };
}

export type NewsletterModel = ReturnType<typeof createNewsletterModel>;

/** The token `defineLazyModel('newsletter')` in newsletter-popup.tsx binds the model under. */
export const NEWSLETTER_MODEL = Symbol.for('polycue.newsletter.model') as ServiceIdentifier<NewsletterModel>;

export function buildNewsletterModel(container: Container): NewsletterModel {
  return createNewsletterModel({
    api: container.get(TOKENS.ApiClient),
    app: container.get(TOKENS.AppModel),
    logger: console,
  });
}
