import * as effector from 'effector';
import {
  FIRST_PAGE,
  PROJECT_VERSIONS_PER_PAGE,
  PROJECTS_MESSAGES,
  PROJECTS_PATHS,
  type DeleteProjectVersionsResponse,
  type ProjectVersionResource,
  type ProjectVersionsQuery,
  type ProjectVersionsResponse,
} from '../../common/projects-contract';
import type { ProjectsTableFilter } from '../extension-points';
import { emptyList, mergePage, nextPageToLoad, type LoadedList } from './list-paging';
import { announce, apiEffect, type ProjectsModelDeps } from './model-kit';

const { combine, createEvent, createStore, sample } = effector;

type FilterParams = Partial<Pick<ProjectVersionsQuery, 'labels'>>;
type Row = ProjectVersionResource;

interface PageRequest {
  query: ProjectVersionsQuery;
  /** Query key plus the generation of the page-1 request it continues. */
  requestKey: string;
}

export interface ProjectVersionList extends LoadedList<Row> {
  cursor: string | null;
}

const EMPTY: ProjectVersionList = { ...emptyList<Row>(), cursor: null };
const NO_SELECTION: ReadonlySet<string> = new Set();

/** Query string as the server reads it: label ids comma separated, no empty search. */
export function listParams(query: ProjectVersionsQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { workspaceId: query.workspaceId, page: query.page ?? FIRST_PAGE };
  if (query.perPage) params.perPage = query.perPage;
  if (query.labels?.length) params.labels = query.labels.join(',');
  if (query.search) params.search = query.search;
  if (query.after) params.after = query.after;
  return params;
}

/**
 * The project-version table of the current workspace: pages (docs/product-contract.md#states-and-transitions: page 1 replaces, only the
 * next consecutive page appends), search, contributed filters (labels), selection and bulk delete.
 */
/** The host's units exist before the contributors load (they wire to them); the model adds its rules. */
export function createProjectsTableHost() {
  return {
    $selection: createStore<ReadonlySet<string>>(NO_SELECTION),
    selectionChanged: createEvent<ReadonlySet<string>>(),
    selectionCleared: createEvent(),
    rowsMapped: createEvent<(row: Row) => Row>(),
    reloadRequested: createEvent(),
  };
}
export type ProjectsTableHostUnits = ReturnType<typeof createProjectsTableHost>;

export function createProjectVersionsModel(
  deps: ProjectsModelDeps,
  {
    filters = [],
    host = createProjectsTableHost(),
  }: { filters?: ProjectsTableFilter[]; host?: ProjectsTableHostUnits } = {},
) {
  const { api, app } = deps;
  const { selectionChanged, selectionCleared, rowsMapped, reloadRequested } = host;

  const pageOpened = createEvent();
  const searchChanged = createEvent<string>();
  const nextPageRequested = createEvent();
  /** Versions just created here: they come first (and the selection clears: docs/product-contract.md#states-and-transitions). */
  const rowsCreated = createEvent<Row[]>();
  /** Fresh copies of some rows (POST project_versions/updates); absent ones stay as they are. */
  const rowsRefreshed = createEvent<Row[]>();
  const rowsRemoved = createEvent<string[]>();
  const deleteRequested = createEvent();
  const deleteCancelled = createEvent();
  const deleteConfirmed = createEvent();

  const fetchPageFx = apiEffect(async ({ query, requestKey }: PageRequest) => {
    const { data } = await api.get<ProjectVersionsResponse>(PROJECTS_PATHS.projectVersions, {
      params: listParams(query),
    });
    return {
      page: query.page ?? FIRST_PAGE,
      requestKey,
      rows: data.data,
      hasMore: data.meta.hasMore,
      cursor: data.meta.nextCursor,
    };
  });
  const deleteProjectVersionsFx = apiEffect(async ({ workspaceId, ids }: { workspaceId: string; ids: string[] }) => {
    const { data } = await api.delete<DeleteProjectVersionsResponse>(PROJECTS_PATHS.deleteProjectVersions, {
      workspaceId,
      projectVersionIds: ids,
    });
    return data.data.ids;
  });

  const $search = createStore('').on(searchChanged, (_, text) => text.trim());
  const $filterParams = combine(
    filters.map((f) => f.$params),
    (all): FilterParams => Object.assign({}, ...all),
  );
  const $query = combine(app.$currentWorkspaceId, $search, $filterParams, (workspaceId, search, filter) =>
    workspaceId === null
      ? null
      : ({
          workspaceId,
          perPage: PROJECT_VERSIONS_PER_PAGE,
          ...filter,
          ...(search ? { search } : {}),
        } as ProjectVersionsQuery),
  );
  const $queryKey = $query.map((query) => (query ? JSON.stringify(query) : ''));
  /** Bumped by every page-1 request, so a late page of an older load never lands in a newer list. */
  const $generation = createStore(0);
  const $requestKey = combine($queryKey, $generation, (key, generation) => `${key}#${generation}`);

  const $list = createStore<ProjectVersionList>(EMPTY)
    .on(rowsMapped, (list, map) => ({ ...list, rows: list.rows.map(map) }))
    .on(rowsCreated, (list, created) => {
      const ids = new Set(created.map((r) => r.id));
      return { ...list, rows: [...created, ...list.rows.filter((r) => !ids.has(r.id))] };
    })
    .on(rowsRefreshed, (list, fresh) => {
      const byId = new Map(fresh.map((r) => [r.id, r]));
      return { ...list, rows: list.rows.map((r) => byId.get(r.id) ?? r) };
    })
    .on(rowsRemoved, (list, ids) => {
      const gone = new Set(ids);
      return { ...list, rows: list.rows.filter((r) => !gone.has(r.id)) };
    })
    .reset(app.workspaceChanged, app.loggedOut);
  const $rows = $list.map((list) => list.rows);

  const $selection = host.$selection
    .on(selectionChanged, (_, next) => next)
    .on(rowsRemoved, (selection, ids) => {
      const next = new Set(selection);
      for (const id of ids) next.delete(id);
      return next.size === selection.size ? selection : next;
    })
    .reset(selectionCleared, rowsCreated, deleteProjectVersionsFx.done, app.workspaceChanged, app.loggedOut);
  /** Selects every loaded row (the palette's "Select all project versions"). */
  const allSelected = createEvent();
  sample({
    clock: allSelected,
    source: $rows,
    fn: (rows): ReadonlySet<string> => new Set(rows.map((r) => r.id)),
    target: selectionChanged,
  });
  // docs/product-contract.md#states-and-transitions: a changed filter (label selection) clears the selection and searches from page 1.
  sample({ clock: $filterParams.updates, target: selectionCleared });

  const $deleteDialogOpen = createStore(false).reset(
    deleteCancelled,
    deleteProjectVersionsFx.done,
    app.workspaceChanged,
  );
  sample({
    clock: deleteRequested,
    source: $selection,
    filter: (s) => s.size > 0,
    fn: () => true,
    target: $deleteDialogOpen,
  });

  // Page 1: on opening the page, on every change of the query (workspace, search, filters), on demand.
  // Opening the page while page 1 is on its way (the workspace was just chosen) asks nothing more.
  const openedIdle = sample({ clock: pageOpened, source: fetchPageFx.pending, filter: (pending) => !pending });
  const firstPageWanted = sample({ clock: [openedIdle, reloadRequested, $queryKey.updates] });
  const firstPage = sample({
    clock: firstPageWanted,
    source: { query: $query, key: $queryKey, generation: $generation },
    filter: ({ query }) => query !== null,
    fn: ({ query, key, generation }): PageRequest => ({
      query: { ...query!, page: FIRST_PAGE },
      requestKey: `${key}#${generation + 1}`,
    }),
  });
  sample({ clock: firstPage, source: $generation, fn: (generation) => generation + 1, target: $generation });
  sample({ clock: firstPage, target: fetchPageFx });

  sample({
    clock: nextPageRequested,
    source: { query: $query, list: $list, requestKey: $requestKey, pending: fetchPageFx.pending },
    filter: ({ query, list, requestKey, pending }) =>
      query !== null && !pending && list.queryKey === requestKey && nextPageToLoad(list) !== null,
    fn: ({ query, list, requestKey }): PageRequest => ({
      query: { ...query!, page: nextPageToLoad(list)!, ...(list.cursor ? { after: list.cursor } : {}) },
      requestKey,
    }),
    target: fetchPageFx,
  });

  sample({
    clock: fetchPageFx.doneData,
    source: { list: $list, requestKey: $requestKey },
    fn: ({ list, requestKey }, arrived): ProjectVersionList => {
      const merged = mergePage(
        list,
        { page: arrived.page, queryKey: arrived.requestKey, rows: arrived.rows, hasMore: arrived.hasMore },
        requestKey,
      );
      return merged === list ? list : { ...merged, cursor: arrived.cursor };
    },
    target: $list,
  });

  sample({
    clock: deleteConfirmed,
    source: { workspaceId: app.$currentWorkspaceId, selection: $selection, pending: deleteProjectVersionsFx.pending },
    filter: ({ workspaceId, selection, pending }) => workspaceId !== null && selection.size > 0 && !pending,
    fn: ({ workspaceId, selection }) => ({ workspaceId: workspaceId!, ids: [...selection] }),
    target: deleteProjectVersionsFx,
  });
  sample({ clock: deleteProjectVersionsFx.doneData, target: rowsRemoved });

  announce(deps, fetchPageFx, { fail: PROJECTS_MESSAGES.projectVersionsNotLoaded });
  // The success toast (with its Undo) comes from undo-delete-model.ts.
  announce(deps, deleteProjectVersionsFx, { fail: PROJECTS_MESSAGES.projectVersionsNotDeleted });

  const $loadingFirstPage = combine(
    fetchPageFx.pending,
    $list,
    $requestKey,
    (pending, list, key) => pending && list.queryKey !== key,
  );

  return {
    pageOpened,
    searchChanged,
    nextPageRequested,
    reloadRequested,
    selectionChanged,
    selectionCleared,
    allSelected,
    rowsMapped,
    rowsCreated,
    rowsRefreshed,
    rowsRemoved,
    deleteRequested,
    deleteCancelled,
    deleteConfirmed,
    fetchPageFx,
    deleteProjectVersionsFx,
    $search,
    $filterParams,
    $query,
    $list,
    $rows,
    $hasMore: $list.map((list) => list.hasMore),
    $loading: fetchPageFx.pending,
    $loadingFirstPage,
    $selection,
    $deleteDialogOpen,
    $deleting: deleteProjectVersionsFx.pending,
  };
}

export type ProjectVersionsModel = ReturnType<typeof createProjectVersionsModel>;
