import * as effector from 'effector';
import { announceEffect, apiEffect, type ApiClient, type ToastService } from '../../../core';
import {
  OPERATORS_MESSAGES as MESSAGES,
  OPERATORS_PATHS,
  type AlertFieldsRequest,
  type AlertResource,
  type AlertResponse,
  type AlertsResponse,
} from '../common/operators-contract';

const { createEvent, createStore, sample } = effector;

export interface OperatorsModelDeps {
  api: ApiClient;
  toast: ToastService;
  logger: Pick<Console, 'error'>;
}

/** The alert every user is shown now, unless they dismissed it: the newest active one. */
export const shownAlert = (alerts: AlertResource[]): AlertResource | null =>
  alerts.find((alert) => alert.attributes.active) ?? null;

/**
 * The operators' page, one way: event -> sample -> effect (ApiClient) -> store. Publishing,
 * correcting and withdrawing answer with the alert, which replaces its row; open pages of every
 * user pick the change up on their banner's next poll.
 */
export function createOperatorsModel(deps: OperatorsModelDeps) {
  const { api } = deps;
  const pageOpened = createEvent();
  const publishSubmitted = createEvent<AlertFieldsRequest>();
  const editSubmitted = createEvent<{ id: string; fields: AlertFieldsRequest }>();
  const withdrawRequested = createEvent<string>();

  const fetchAlertsFx = apiEffect<void, AlertResource[]>(
    async () => (await api.get<AlertsResponse>(OPERATORS_PATHS.alerts)).data.data,
  );
  const publishFx = apiEffect(
    async (fields: AlertFieldsRequest) => (await api.post<AlertResponse>(OPERATORS_PATHS.alerts, fields)).data.data,
  );
  const editFx = apiEffect(
    async ({ id, fields }: { id: string; fields: AlertFieldsRequest }) =>
      (await api.put<AlertResponse>(OPERATORS_PATHS.alert(id), fields)).data.data,
  );
  const withdrawFx = apiEffect(
    async (id: string) => (await api.delete<AlertResponse>(OPERATORS_PATHS.alert(id))).data.data,
  );

  const replaced = (alerts: AlertResource[], changed: AlertResource) =>
    alerts.map((alert) => (alert.id === changed.id ? changed : alert));
  const $alerts = createStore<AlertResource[]>([])
    .on(fetchAlertsFx.doneData, (_, alerts) => alerts)
    .on(publishFx.doneData, (alerts, published) => [published, ...alerts])
    .on([editFx.doneData, withdrawFx.doneData], replaced);
  const $loaded = createStore(false).on(fetchAlertsFx.finally, () => true);
  /** Why the list could not be read (a non-operator who typed the address: the server's 403 sentence). */
  const $loadError = createStore<string | null>(null)
    .on(fetchAlertsFx.failData, (_, error) => error.message)
    .reset(fetchAlertsFx.done);
  /** The server's sentence on the field it names, after a refused publish or edit. */
  const $fieldError = createStore<{ field: string; message: string } | null>(null)
    .on([publishFx.failData, editFx.failData], (_, error) =>
      error.field ? { field: error.field, message: error.message } : null,
    )
    .reset([publishSubmitted, editSubmitted, publishFx.done, editFx.done]);
  /** Counts saves: the page empties its form when it grows. */
  const $saves = createStore(0).on([publishFx.done, editFx.done], (n) => n + 1);
  const $busy = effector.combine(publishFx.pending, editFx.pending, withdrawFx.pending, (...pending) =>
    pending.some(Boolean),
  );

  sample({ clock: pageOpened, target: fetchAlertsFx });
  sample({
    clock: publishSubmitted,
    source: $busy,
    filter: (busy) => !busy,
    fn: (_, fields) => fields,
    target: publishFx,
  });
  sample({ clock: editSubmitted, source: $busy, filter: (busy) => !busy, fn: (_, change) => change, target: editFx });
  sample({ clock: withdrawRequested, source: $busy, filter: (busy) => !busy, fn: (_, id) => id, target: withdrawFx });

  announceEffect(deps, 'operators', fetchAlertsFx, { fail: MESSAGES.alertsNotLoaded });
  announceEffect(deps, 'operators', publishFx, { done: MESSAGES.published, fail: MESSAGES.notPublished });
  announceEffect(deps, 'operators', editFx, { done: MESSAGES.edited, fail: MESSAGES.notEdited });
  announceEffect(deps, 'operators', withdrawFx, { done: MESSAGES.withdrawn, fail: MESSAGES.notWithdrawn });

  return {
    pageOpened,
    publishSubmitted,
    editSubmitted,
    withdrawRequested,
    fetchAlertsFx,
    publishFx,
    editFx,
    withdrawFx,
    $alerts,
    $loaded,
    $loadError,
    $fieldError,
    $saves,
    $busy,
    $loading: fetchAlertsFx.pending,
  };
}

export type OperatorsModel = ReturnType<typeof createOperatorsModel>;
