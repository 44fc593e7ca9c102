import * as effector from 'effector';
import { type UserResource } from '../../../../core';
import { AUTH_PATHS, type ResetNewsletterPopupRequest } from '../../common/auth-contract';
import { apiEffect, type AuthModelDeps, type FlowUnits } from './flow-units';

const { combine, createEffect, createEvent, createStore, sample } = effector;

/** One loader reference, so the shell's dialog host loads the popup's chunk once. */
export const loadNewsletterPopup = () => import('../newsletter-popup');

/**
 * The newsletter popup: offered once to members whose user says shouldSeeNewsletterPopup. It hides
 * at once on either answer; a failed save is only logged, since asking again would nag. The shell
 * has no slot for plugin overlays, so the popup is shown through ShellChrome.openDialog.
 */
export function createNewsletterModel({ api, app, chrome }: AuthModelDeps, units: FlowUnits) {
  const answered = createEvent<boolean>();
  const answerNewsletterFx = apiEffect(async (subscribe: boolean) => {
    const body: ResetNewsletterPopupRequest = { subscribe };
    return (await api.put<{ data?: UserResource }>(AUTH_PATHS.resetShouldSeeNewsletterPopup, body)).data?.data ?? null;
  });
  const $answeredHere = createStore(false).on(answered, () => true).reset(app.loggedOut);

  const $visible = combine(app.$user, $answeredHere, (user, answeredHere) => {
    if (!user || answeredHere) return false;
    const { shouldSeeNewsletterPopup, confirmedEmail, onboardingState } = user.attributes;
    return shouldSeeNewsletterPopup && confirmedEmail && onboardingState === 'processed';
  });

  const showPopupFx = createEffect(() => chrome?.openDialog(loadNewsletterPopup));
  sample({ clock: $visible.updates, filter: (visible) => visible, fn: () => undefined, target: showPopupFx });

  sample({ clock: answered, source: answerNewsletterFx.pending, filter: (pending) => !pending, fn: (_, subscribe) => subscribe, target: answerNewsletterFx });
  sample({ clock: answerNewsletterFx.doneData, filter: (user): user is UserResource => user !== null, fn: (user) => user!, target: app.userUpdated });
  sample({ clock: answerNewsletterFx.failData, fn: (error) => ({ context: 'newsletter answer not saved', error }), target: units.logFailureFx });

  return { answered, answerNewsletterFx, showPopupFx, $visible, $pending: answerNewsletterFx.pending };
}
