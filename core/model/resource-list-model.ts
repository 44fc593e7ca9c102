import { combine, createEvent, createStore, sample } from 'effector';
// Through the kernel's index, not its files: plugins import this module directly (it is not in
// core/index.ts), so it lands in their lazy chunks and the initial JavaScript stays as it was.
import { announceEffect, apiEffect, type ApiClient, type AppModel, type Resource, type ToastService } from '../index';

/** Where a workspace's list of resources lives: `GET/POST list`, `PUT/DELETE one(id)`. */
export interface ResourceListPaths {
  list: string;
  one(id: string): string;
}

/** The spec's toasts for the list (docs/product-contract.md#messages), verbatim. */
export interface ResourceListMessages {
  notLoaded: string;
  created: string;
  notCreated: string;
  saved: string;
  notSaved: string;
  deleted: string;
  notDeleted: string;
}

export interface ResourceListDeps {
  api: ApiClient;
  app: AppModel;
  toast: ToastService;
  logger: Pick<Console, 'error'>;
}

/** What a command asks of the list page for one resource, which may not be on the loaded page. */
export interface ItemAction<R> {
  action: 'edit' | 'delete';
  item: R;
}

interface PageRequest {
  workspaceId: string;
  search: string;
  page: number;
}

interface Page<R> {
  data: R[];
  meta: { hasMore: boolean };
}

/**
 * A workspace's list of named resources (vocabulary lists, guidelines, term bases), one way:
 * event -> sample -> effect (the ApiClient) -> store. Paged by the server (`page`, `meta.hasMore`),
 * searched, created, changed and deleted several at once, each with the spec's toasts. docs/product-contract.md#states-and-transitions:
 * changing workspace clears the list so it reloads. `savedTitle` lets a plugin say more precisely
 * what a change saved (vocabularies: "Name saved" for a rename alone).
 */
export function createResourceListModel<
  R extends Resource<string, { name: string }>,
  C extends object,
  U extends object,
>(
  { api, app, toast, logger }: ResourceListDeps,
  options: {
    tag: string;
    paths: ResourceListPaths;
    messages: ResourceListMessages;
    savedTitle?: (changes: U) => string;
  },
) {
  const { paths, messages, tag } = options;
  const pageOpened = createEvent();
  const searchChanged = createEvent<string>();
  const nextPageRequested = createEvent();
  const createSubmitted = createEvent<C>();
  const changesSubmitted = createEvent<U & { id: string }>();
  const deleteRequested = createEvent<string[]>();
  /** A palette command asks the page to open one resource's dialog ("Rename …") or delete confirmation. */
  const itemActionRequested = createEvent<ItemAction<R>>();
  const itemActionTaken = createEvent();

  const fetchFx = apiEffect(async ({ workspaceId, search, page }: PageRequest) => {
    const params: Record<string, unknown> = { workspaceId, page, ...(search ? { search } : {}) };
    return (await api.get<Page<R>>(paths.list, { params })).data;
  });
  const createFx = apiEffect(
    async (body: C & { workspaceId: string }) => (await api.post<{ data: R }>(paths.list, body)).data.data,
  );
  const updateFx = apiEffect(
    async ({ id, ...changes }: U & { id: string }) => (await api.put<{ data: R }>(paths.one(id), changes)).data.data,
  );
  const deleteFx = apiEffect(async (ids: string[]) => {
    for (const id of ids) await api.delete(paths.one(id));
    return ids;
  });

  const byName = (a: R, b: R) => a.attributes.name.localeCompare(b.attributes.name);
  const $search = createStore('')
    .on(searchChanged, (_, search) => search.trim())
    .reset(app.workspaceChanged);
  const $page = createStore(1)
    .on(fetchFx.done, (_, { params }) => params.page)
    .reset(app.workspaceChanged);
  const $hasMore = createStore(false)
    .on(fetchFx.doneData, (_, { meta }) => meta.hasMore)
    .reset(app.workspaceChanged);
  const $items = createStore<R[]>([])
    .on(fetchFx.done, (items, { params, result }) => (params.page === 1 ? result.data : [...items, ...result.data]))
    .on(createFx.doneData, (items, created) => [...items, created].sort(byName))
    .on(updateFx.doneData, (items, updated) => items.map((item) => (item.id === updated.id ? updated : item)))
    .on(deleteFx.doneData, (items, ids) => items.filter((item) => !ids.includes(item.id)))
    .reset(app.workspaceChanged, app.loggedOut);

  const $requestedAction = createStore<ItemAction<R> | null>(null)
    .on(itemActionRequested, (_, action) => action)
    .reset(itemActionTaken, app.workspaceChanged);

  const firstPage = sample({
    clock: [pageOpened, searchChanged, app.workspaceChanged],
    source: { workspaceId: app.$currentWorkspaceId, search: $search },
    filter: ({ workspaceId }) => workspaceId !== null,
    fn: ({ workspaceId, search }): PageRequest => ({ workspaceId: workspaceId!, search, page: 1 }),
  });
  sample({ clock: firstPage, target: fetchFx });
  sample({
    clock: nextPageRequested,
    source: {
      workspaceId: app.$currentWorkspaceId,
      search: $search,
      page: $page,
      hasMore: $hasMore,
      pending: fetchFx.pending,
    },
    filter: ({ workspaceId, hasMore, pending }) => workspaceId !== null && hasMore && !pending,
    fn: ({ workspaceId, search, page }): PageRequest => ({ workspaceId: workspaceId!, search, page: page + 1 }),
    target: fetchFx,
  });
  sample({
    clock: createSubmitted,
    source: app.$currentWorkspaceId,
    filter: (workspaceId: string | null) => workspaceId !== null,
    fn: (workspaceId, form) => ({ ...form, workspaceId: workspaceId! }),
    target: createFx,
  });
  sample({ clock: changesSubmitted, target: updateFx });
  sample({ clock: deleteRequested, filter: (ids) => ids.length > 0, target: deleteFx });

  const deps = { toast, logger };
  announceEffect(deps, tag, fetchFx, { fail: messages.notLoaded });
  announceEffect(deps, tag, createFx, { done: messages.created, fail: messages.notCreated });
  announceEffect(deps, tag, deleteFx, { done: messages.deleted, fail: messages.notDeleted });
  announceEffect(deps, tag, updateFx, { fail: messages.notSaved });
  sample({
    clock: updateFx.done,
    fn: ({ params }) => ({
      kind: 'success' as const,
      title: options.savedTitle?.(params as unknown as U) ?? messages.saved,
    }),
    target: toast.shown,
  });

  return {
    pageOpened,
    searchChanged,
    nextPageRequested,
    createSubmitted,
    changesSubmitted,
    deleteRequested,
    itemActionRequested,
    itemActionTaken,
    $requestedAction,
    fetchFx,
    createFx,
    updateFx,
    deleteFx,
    $items,
    $search,
    $hasMore,
    $loading: fetchFx.pending,
    $saving: combine(createFx.pending, updateFx.pending, deleteFx.pending, (a, b, c) => a || b || c),
  };
}

export type ResourceListModel<
  R extends Resource<string, { name: string }>,
  C extends object,
  U extends object,
> = ReturnType<typeof createResourceListModel<R, C, U>>;
