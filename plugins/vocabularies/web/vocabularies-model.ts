import { combine, createEvent, createStore, sample } from 'effector';
import { announceEffect, apiEffect, type ApiClient, type AppModel, type ToastService } from '../../../core';
import {
  VOCABULARIES_MESSAGES as MESSAGES,
  VOCABULARIES_PATHS,
  type VocabulariesResponse,
  type VocabularyResource,
  type VocabularyResponse,
} from '../common/vocabularies-contract';

export interface VocabulariesDeps {
  api: ApiClient;
  app: AppModel;
  toast: ToastService;
  logger: Pick<Console, 'error'>;
}

interface ListRequest {
  workspaceId: string;
  search: string;
  page: number;
}

/** What the edit dialog saves: a rename, new entries, or both. */
export interface VocabularyChanges {
  id: string;
  name?: string;
  utterances?: string[];
}

/**
 * The workspace's vocabulary lists, one way: event -> sample -> effect (the ApiClient) -> store.
 * Spec 4: changing workspace clears them so they reload; spec 8's toasts verbatim.
 */
export function createVocabulariesModel({ api, app, toast, logger }: VocabulariesDeps) {
  const pageOpened = createEvent();
  const searchChanged = createEvent<string>();
  const nextPageRequested = createEvent();
  const createSubmitted = createEvent<{ name: string; utterances: string[] }>();
  const changesSubmitted = createEvent<VocabularyChanges>();
  const deleteRequested = createEvent<string[]>();

  const fetchFx = apiEffect(async ({ workspaceId, search, page }: ListRequest) => {
    const params: Record<string, unknown> = { workspaceId, page, ...(search ? { search } : {}) };
    return (await api.get<VocabulariesResponse>(VOCABULARIES_PATHS.vocabularies, { params })).data;
  });
  const createFx = apiEffect(async ({ workspaceId, name, utterances }: { workspaceId: string; name: string; utterances: string[] }) =>
    (await api.post<VocabularyResponse>(VOCABULARIES_PATHS.vocabularies, { workspaceId, name, utterances })).data.data,
  );
  const updateFx = apiEffect(async ({ id, ...changes }: VocabularyChanges) => (await api.put<VocabularyResponse>(VOCABULARIES_PATHS.vocabulary(id), changes)).data.data);
  const deleteFx = apiEffect(async (ids: string[]) => {
    for (const id of ids) await api.delete(VOCABULARIES_PATHS.vocabulary(id));
    return ids;
  });

  const $search = createStore('').on(searchChanged, (_, search) => search.trim()).reset(app.workspaceChanged);
  const $page = createStore(1).on(fetchFx.done, (_, { params }) => params.page).reset(app.workspaceChanged);
  const $hasMore = createStore(false).on(fetchFx.doneData, (_, { meta }) => meta.hasMore).reset(app.workspaceChanged);
  const $lists = createStore<VocabularyResource[]>([])
    .on(fetchFx.done, (lists, { params, result }) => (params.page === 1 ? result.data : [...lists, ...result.data]))
    .on(createFx.doneData, (lists, created) => [...lists, created].sort((a, b) => a.attributes.name.localeCompare(b.attributes.name)))
    .on(updateFx.doneData, (lists, updated) => lists.map((list) => (list.id === updated.id ? updated : list)))
    .on(deleteFx.doneData, (lists, ids) => lists.filter((list) => !ids.includes(list.id)))
    .reset(app.workspaceChanged, app.loggedOut);

  const firstPage = sample({
    clock: [pageOpened, searchChanged, app.workspaceChanged],
    source: { workspaceId: app.$currentWorkspaceId, search: $search },
    filter: ({ workspaceId }) => workspaceId !== null,
    fn: ({ workspaceId, search }): ListRequest => ({ workspaceId: workspaceId!, search, page: 1 }),
  });
  sample({ clock: firstPage, target: fetchFx });
  sample({
    clock: nextPageRequested,
    source: { workspaceId: app.$currentWorkspaceId, search: $search, page: $page, hasMore: $hasMore, pending: fetchFx.pending },
    filter: ({ workspaceId, hasMore, pending }) => workspaceId !== null && hasMore && !pending,
    fn: ({ workspaceId, search, page }): ListRequest => ({ workspaceId: workspaceId!, search, page: page + 1 }),
    target: fetchFx,
  });
  sample({
    clock: createSubmitted,
    source: app.$currentWorkspaceId,
    filter: (workspaceId: string | null) => workspaceId !== null,
    fn: (workspaceId, form) => ({ workspaceId: workspaceId!, ...form }),
    target: createFx,
  });
  sample({ clock: changesSubmitted, target: updateFx });
  sample({ clock: deleteRequested, filter: (ids) => ids.length > 0, target: deleteFx });

  const deps = { toast, logger };
  announceEffect(deps, 'vocabularies', fetchFx, { fail: MESSAGES.notLoaded });
  announceEffect(deps, 'vocabularies', createFx, { done: MESSAGES.created, fail: MESSAGES.notCreated });
  announceEffect(deps, 'vocabularies', deleteFx, { done: MESSAGES.deleted, fail: MESSAGES.notDeleted });
  // A rename alone says 'Name saved'; new entries (with or without a rename) say 'Changes saved'.
  announceEffect(deps, 'vocabularies', updateFx, { fail: MESSAGES.notSaved });
  sample({
    clock: updateFx.done,
    fn: ({ params }) => ({ kind: 'success' as const, title: params.utterances === undefined ? MESSAGES.nameSaved : MESSAGES.saved }),
    target: toast.shown,
  });

  return {
    pageOpened,
    searchChanged,
    nextPageRequested,
    createSubmitted,
    changesSubmitted,
    deleteRequested,
    fetchFx,
    createFx,
    updateFx,
    deleteFx,
    $lists,
    $search,
    $hasMore,
    $loading: fetchFx.pending,
    $saving: combine(createFx.pending, updateFx.pending, deleteFx.pending, (a, b, c) => a || b || c),
  };
}

export type VocabulariesModel = ReturnType<typeof createVocabulariesModel>;
