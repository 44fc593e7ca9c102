import * as effector from 'effector';
import { announceEffect, apiEffect, type ApiClient, type ToastService } from '../../../core';
import {
  API_TOKENS_MESSAGES as MESSAGES,
  API_TOKENS_PATHS,
  type ApiTokenListResponse,
  type ApiTokenResource,
  type CreateApiTokenRequest,
  type CreatedApiTokenResponse,
} from '../common/api-tokens-contract';

const { createEvent, createStore, sample } = effector;

export interface ApiTokensModelDeps {
  api: ApiClient;
  toast: ToastService;
  logger: Pick<Console, 'error'>;
}

/** The secret of the token just made: shown until dismissed, never again. */
export interface CreatedToken {
  id: string;
  name: string;
  token: string;
}

/**
 * The person's API tokens in the current account, one way: event -> sample -> effect (the
 * ApiClient, with the session and CSRF token) -> store. The secret of a new token lives only in
 * `$created` until the person dismisses it.
 */
export function createApiTokensModel(deps: ApiTokensModelDeps) {
  const { api } = deps;
  const opened = createEvent<string>();
  const createRequested = createEvent<CreateApiTokenRequest>();
  const revokeRequested = createEvent<string>();
  const createdDismissed = createEvent();

  const listFx = apiEffect(
    async (accountId: string) =>
      (await api.get<ApiTokenListResponse>(API_TOKENS_PATHS.tokens, { params: { accountId } })).data.data,
  );
  const createFx = apiEffect(
    async (body: CreateApiTokenRequest) =>
      (await api.post<CreatedApiTokenResponse>(API_TOKENS_PATHS.tokens, body)).data.data,
  );
  const revokeFx = apiEffect(async (id: string) => {
    await api.delete(API_TOKENS_PATHS.token(id));
    return id;
  });
  /** For the palette: the tokens of an account, read without opening the page. */
  const readFx = listFx;

  const $accountId = createStore<string | null>(null).on(opened, (_, id) => id);
  const $tokens = createStore<ApiTokenResource[]>([])
    .on(listFx.doneData, (_, list) => list)
    .on(createFx.doneData, (list, { id, type, attributes }) => {
      const { token: _secret, ...shown } = attributes;
      return [{ id, type, attributes: shown }, ...list];
    })
    .on(revokeFx.doneData, (list, id) => list.filter((t) => t.id !== id))
    .reset(opened);
  const $loaded = createStore(false)
    .on(listFx.finally, () => true)
    .reset(opened);
  const $loadError = createStore<string | null>(null)
    .on(listFx.failData, (_, error) => error.message)
    .reset(opened);
  const $fieldError = createStore<{ field: string; message: string } | null>(null)
    .on(createFx.failData, (_, error) => (error.field ? { field: error.field, message: error.message } : null))
    .reset([createRequested, opened]);
  const $created = createStore<CreatedToken | null>(null)
    .on(createFx.doneData, (_, { id, attributes }) => ({ id, name: attributes.name, token: attributes.token }))
    .reset([createdDismissed, opened]);

  sample({ clock: opened, target: listFx });
  sample({
    clock: createRequested,
    source: createFx.pending,
    filter: (pending) => !pending,
    fn: (_, body) => body,
    target: createFx,
  });
  sample({ clock: revokeRequested, target: revokeFx });

  announceEffect(deps, 'api-tokens', listFx, { fail: MESSAGES.notLoaded });
  announceEffect(deps, 'api-tokens', createFx, { done: MESSAGES.created, fail: MESSAGES.notCreated });
  announceEffect(deps, 'api-tokens', revokeFx, { done: MESSAGES.revoked, fail: MESSAGES.notRevoked });

  return {
    opened,
    createRequested,
    revokeRequested,
    createdDismissed,
    readFx,
    revokeFx,
    $accountId,
    $tokens,
    $loaded,
    $loadError,
    $fieldError,
    $created,
    $creating: createFx.pending,
    $revoking: revokeFx.pending,
  };
}

export type ApiTokensModel = ReturnType<typeof createApiTokensModel>;
