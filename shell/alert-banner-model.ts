import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { toastOnFailure, type ApiClient, type AppModel, type RelevantAlert, type ToastService } from '../core';
import { RELEVANT_ALERT_PATH } from './alert-banner-poll';

export { ALERT_POLL_MS, RELEVANT_ALERT_PATH } from './alert-banner-poll';
export const SET_LAST_VIEWED_ALERT_PATH = '/api/v1/users/set_last_viewed_alert';
export const CANT_SET_LAST_VIEWED_ALERT = "Can't set last viewed alert";

/**
 * The site-wide alert banner: the user's relevantAlert until dismissed, kept current by a poll.
 * Dismissing hides it at once (this session) and records it on the server so it stays hidden for
 * good. A failed poll keeps what is shown and says nothing: the next one tries again.
 */
export function createAlertBannerModel({
  api,
  toast,
  app,
}: {
  api: Pick<ApiClient, 'get' | 'put'>;
  toast: ToastService;
  app: Pick<AppModel, '$user' | 'loggedOut'>;
}) {
  const dismissClicked = createEvent<string>();
  const pollRequested = createEvent();
  const setLastViewedAlertFx = createEffect(async (alertId: string) => {
    await api.put(SET_LAST_VIEWED_ALERT_PATH, { alertId });
  });
  const fetchRelevantFx = createEffect(
    async () => (await api.get<{ data: RelevantAlert | null }>(RELEVANT_ALERT_PATH)).data.data,
  );
  const $dismissedIds = createStore<string[]>([])
    .on(dismissClicked, (ids, id) => (ids.includes(id) ? ids : [...ids, id]))
    .reset(app.loggedOut);
  // The last poll's answer; null until one came since the user was (re)loaded, whose own relevantAlert holds until then.
  const $polled = createStore<{ alert: RelevantAlert | null } | null>(null)
    .on(fetchRelevantFx.doneData, (_, alert) => ({ alert }))
    .reset(app.$user.updates, app.loggedOut);
  const $alert = combine(app.$user, $polled, $dismissedIds, (user, polled, dismissed): RelevantAlert | null => {
    if (!user) return null;
    const alert = polled ? polled.alert : user.attributes.relevantAlert;
    return alert && !dismissed.includes(alert.id) ? alert : null;
  });

  sample({ clock: dismissClicked, target: setLastViewedAlertFx });
  sample({
    clock: pollRequested,
    source: { user: app.$user, pending: fetchRelevantFx.pending },
    filter: ({ user, pending }) => user !== null && !pending,
    target: fetchRelevantFx,
  });
  toastOnFailure(toast, setLastViewedAlertFx.fail, CANT_SET_LAST_VIEWED_ALERT);

  return { dismissClicked, pollRequested, setLastViewedAlertFx, fetchRelevantFx, $alert };
}

export type AlertBannerModel = ReturnType<typeof createAlertBannerModel>;
