import * as effector from 'effector';
import { announceEffect, apiEffect, type ApiClient, type ToastService } from '../../../core';
import {
  WEBHOOKS_MESSAGES as MESSAGES,
  WEBHOOKS_PATHS,
  type CreatedWebhookEndpointResponse,
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  type WebhookDeliveryListResponse,
  type WebhookDeliveryResource,
  type WebhookEndpointListResponse,
  type WebhookEndpointResource,
} from '../common/webhooks-contract';

const { createEvent, createStore, sample } = effector;

export interface WebhooksModelDeps {
  api: ApiClient;
  toast: ToastService;
  logger: Pick<Console, 'error'>;
}

/** A secret just made (create or roll): shown until dismissed, never again. */
export interface ShownSecret {
  endpointId: string;
  url: string;
  secret: string;
}

type Created = CreatedWebhookEndpointResponse['data'];
const withoutSecret = ({ id, type, attributes }: Created): WebhookEndpointResource => {
  const { secret: _secret, ...shown } = attributes;
  return { id, type, attributes: shown };
};

/**
 * The workspace's webhooks, one way: event -> sample -> effect (ApiClient) -> store. A secret
 * lives only in `$secret` until dismissed; the delivery log is one endpoint's at a time.
 */
export function createWebhooksModel(deps: WebhooksModelDeps) {
  const { api } = deps;
  const opened = createEvent<string>();
  const createRequested = createEvent<CreateWebhookEndpointRequest>();
  const updateRequested = createEvent<{ id: string; changes: UpdateWebhookEndpointRequest }>();
  const deleteRequested = createEvent<string>();
  const rollRequested = createEvent<string>();
  const logOpened = createEvent<string>();
  const logClosed = createEvent();
  const resendRequested = createEvent<string>();
  const secretDismissed = createEvent();

  const listFx = apiEffect(
    async (workspaceId: string) =>
      (await api.get<WebhookEndpointListResponse>(WEBHOOKS_PATHS.endpoints, { params: { workspaceId } })).data,
  );
  const createFx = apiEffect(
    async (body: CreateWebhookEndpointRequest) =>
      (await api.post<CreatedWebhookEndpointResponse>(WEBHOOKS_PATHS.endpoints, body)).data.data,
  );
  const updateFx = apiEffect(
    async ({ id, changes }: { id: string; changes: UpdateWebhookEndpointRequest }) =>
      (await api.patch<{ data: WebhookEndpointResource }>(WEBHOOKS_PATHS.endpoint(id), changes)).data.data,
  );
  const deleteFx = apiEffect(async (id: string) => {
    await api.delete(WEBHOOKS_PATHS.endpoint(id));
    return id;
  });
  const rollFx = apiEffect(
    async (id: string) => (await api.post<CreatedWebhookEndpointResponse>(WEBHOOKS_PATHS.rollSecret(id))).data.data,
  );
  const deliveriesFx = apiEffect(
    async (id: string) => (await api.get<WebhookDeliveryListResponse>(WEBHOOKS_PATHS.deliveries(id))).data.data,
  );
  const resendFx = apiEffect(
    async (id: string) => (await api.post<{ data: WebhookDeliveryResource }>(WEBHOOKS_PATHS.resend(id))).data.data,
  );

  const replace = (list: WebhookEndpointResource[], row: WebhookEndpointResource) =>
    list.map((item) => (item.id === row.id ? row : item));
  const $endpoints = createStore<WebhookEndpointResource[]>([])
    .on(listFx.doneData, (_, answer) => answer.data)
    .on(createFx.doneData, (list, created) => [...list, withoutSecret(created)])
    .on(updateFx.doneData, replace)
    .on(rollFx.doneData, (list, rolled) => replace(list, withoutSecret(rolled)))
    .on(deleteFx.doneData, (list, id) => list.filter((item) => item.id !== id))
    .reset(opened);
  const $eventTypes = createStore<{ type: string; description: string }[]>([]).on(
    listFx.doneData,
    (_, answer) => answer.meta.eventTypes,
  );
  const $loaded = createStore(false)
    .on(listFx.finally, () => true)
    .reset(opened);
  const $loadError = createStore<string | null>(null)
    .on(listFx.failData, (_, error) => error.message)
    .reset(opened);
  const $fieldError = createStore<{ field: string; message: string } | null>(null)
    .on(createFx.failData, (_, error) => (error.field ? { field: error.field, message: error.message } : null))
    .reset([createRequested, opened]);
  const $secret = createStore<ShownSecret | null>(null)
    .on([createFx.doneData, rollFx.doneData], (_, { id, attributes }) => ({
      endpointId: id,
      url: attributes.url,
      secret: attributes.secret,
    }))
    .reset([secretDismissed, opened]);
  const $logEndpointId = createStore<string | null>(null)
    .on(logOpened, (_, id) => id)
    .on(deleteFx.doneData, (current, id) => (current === id ? null : current))
    .reset([logClosed, opened]);
  const $deliveries = createStore<WebhookDeliveryResource[]>([])
    .on(deliveriesFx.doneData, (_, rows) => rows)
    .on(resendFx.doneData, (rows, row) => rows.map((item) => (item.id === row.id ? row : item)))
    .reset([logOpened, logClosed, opened]);

  sample({ clock: opened, target: listFx });
  sample({
    clock: createRequested,
    source: createFx.pending,
    filter: (pending) => !pending,
    fn: (_, body) => body,
    target: createFx,
  });
  sample({ clock: updateRequested, target: updateFx });
  sample({ clock: deleteRequested, target: deleteFx });
  sample({ clock: rollRequested, target: rollFx });
  sample({ clock: logOpened, target: deliveriesFx });
  sample({ clock: resendRequested, target: resendFx });

  announceEffect(deps, 'webhooks', listFx, { fail: MESSAGES.notLoaded });
  announceEffect(deps, 'webhooks', createFx, { done: MESSAGES.created, fail: MESSAGES.notCreated });
  announceEffect(deps, 'webhooks', updateFx, { done: MESSAGES.updated, fail: MESSAGES.notUpdated });
  announceEffect(deps, 'webhooks', deleteFx, { done: MESSAGES.deleted, fail: MESSAGES.notDeleted });
  announceEffect(deps, 'webhooks', rollFx, { done: MESSAGES.rolled, fail: MESSAGES.notRolled });
  announceEffect(deps, 'webhooks', deliveriesFx, { fail: MESSAGES.notLoaded });
  announceEffect(deps, 'webhooks', resendFx, { done: MESSAGES.resent, fail: MESSAGES.notResent });

  return {
    opened,
    createRequested,
    updateRequested,
    deleteRequested,
    rollRequested,
    logOpened,
    logClosed,
    resendRequested,
    secretDismissed,
    $endpoints,
    $eventTypes,
    $loaded,
    $loadError,
    $fieldError,
    $secret,
    $logEndpointId,
    $deliveries,
    $creating: createFx.pending,
    $logLoading: deliveriesFx.pending,
  };
}

export type WebhooksModel = ReturnType<typeof createWebhooksModel>;
