import * as effector from 'effector';
import { apiEffect, type ApiClient } from '../../../core';
import {
  NOTIFICATIONS_PATHS,
  type NotificationResource,
  type NotificationsResponse,
} from '../common/notifications-contract';

const { createEvent, createStore, sample } = effector;

/** The notification page's model: the list, how many are unread, marking one or all read. */
export function createNotificationsModel({ api }: { api: ApiClient }) {
  const opened = createEvent();
  const entryOpened = createEvent<NotificationResource>();
  const allReadPressed = createEvent();
  const loadFx = apiEffect<void, NotificationsResponse>(
    async () => (await api.get<NotificationsResponse>(NOTIFICATIONS_PATHS.list)).data,
  );
  const readFx = apiEffect<string, NotificationResource>(
    async (id) => (await api.post<{ data: NotificationResource }>(NOTIFICATIONS_PATHS.read(id), {})).data.data,
  );
  const readAllFx = apiEffect<void, void>(async () => void (await api.post(NOTIFICATIONS_PATHS.readAll, {})));

  const $items = createStore<NotificationResource[]>([])
    .on(loadFx.doneData, (_, res) => res.data)
    .on(readFx.doneData, (items, read) => items.map((item) => (item.id === read.id ? read : item)))
    .on(readAllFx.done, (items) =>
      items.map((item) => ({ ...item, attributes: { ...item.attributes, readAt: item.attributes.readAt ?? 'now' } })),
    );
  const $unread = $items.map((items) => items.filter((item) => !item.attributes.readAt).length);
  const $loaded = createStore(false).on(loadFx.finally, () => true);
  const $failed = createStore<string | null>(null)
    .on(loadFx.failData, (_, error) => error.message)
    .reset(loadFx.done);

  sample({ clock: opened, target: loadFx });
  sample({ clock: entryOpened, filter: (item) => !item.attributes.readAt, fn: (item) => item.id, target: readFx });
  sample({ clock: allReadPressed, target: readAllFx });

  return { opened, entryOpened, allReadPressed, loadFx, readFx, readAllFx, $items, $unread, $loaded, $failed };
}
