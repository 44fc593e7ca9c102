import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { toastOnFailure, type ApiClient, type AppModel, type RelevantAlert, type ToastService } from '../core';

export const SET_LAST_VIEWED_ALERT_PATH = '/api/v1/users/set_last_viewed_alert';
export const CANT_SET_LAST_VIEWED_ALERT = "Can't set last viewed alert";

/**
 * The site-wide alert banner: the user's relevantAlert until dismissed. Dismissing hides it at
 * once (this session) and records it on the server so it stays hidden for good.
 */
export function createAlertBannerModel({ api, toast, app }: { api: ApiClient; toast: ToastService; app: Pick<AppModel, '$user' | 'loggedOut'> }) {
  const dismissClicked = createEvent<string>();
  const setLastViewedAlertFx = createEffect(async (alertId: string) => {
    await api.put(SET_LAST_VIEWED_ALERT_PATH, { alertId });
  });
  const $dismissedIds = createStore<string[]>([])
    .on(dismissClicked, (ids, id) => (ids.includes(id) ? ids : [...ids, id]))
    .reset(app.loggedOut);
  const $alert = combine(app.$user, $dismissedIds, (user, dismissed): RelevantAlert | null => {
    const alert = user?.attributes.relevantAlert ?? null;
    return alert && !dismissed.includes(alert.id) ? alert : null;
  });

  sample({ clock: dismissClicked, target: setLastViewedAlertFx });
  toastOnFailure(toast, setLastViewedAlertFx.fail, CANT_SET_LAST_VIEWED_ALERT);

  return { dismissClicked, setLastViewedAlertFx, $alert };
}

export type AlertBannerModel = ReturnType<typeof createAlertBannerModel>;
