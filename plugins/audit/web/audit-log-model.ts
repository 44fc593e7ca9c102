import * as effector from 'effector';
import { announceEffect, apiEffect, type ApiClient, type ToastService } from '../../../core';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_PATHS,
  type AuditEntriesResponse,
  type AuditEntryResource,
  type AuditFilters,
} from '../common/audit-contract';

const { createEvent, createStore, sample } = effector;

export interface AuditLogModelDeps {
  api: ApiClient;
  toast: ToastService;
  logger: Pick<Console, 'error'>;
}

/** The page's words when a page of the log cannot be read. */
export const AUDIT_LOG_NOT_LOADED = 'Audit log could not be loaded';

interface PageRequest {
  accountId: string;
  filters: AuditFilters;
  before: string | null;
  /** Which list the page belongs to: a page asked for before the filters changed is dropped. */
  generation: number;
}

/** Only the filters that say something, as query parameters. */
export function filterParams(filters: AuditFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())),
  );
}

/**
 * The audit log page, one way: event -> sample -> effect -> store. Opening or changing the
 * filters starts a new list; `endReached` (the table nearing its end) appends the next page,
 * keyed by the last id seen, so entries written meanwhile never shift it.
 */
export function createAuditLogModel(deps: AuditLogModelDeps) {
  const { api } = deps;
  const opened = createEvent<string>();
  const filtersChanged = createEvent<AuditFilters>();
  const endReached = createEvent();

  const loadPageFx = apiEffect(async (request: PageRequest) => {
    const params = {
      accountId: request.accountId,
      limit: String(AUDIT_PAGE_SIZE),
      ...filterParams(request.filters),
      ...(request.before ? { before: request.before } : {}),
    };
    const { data } = await api.get<AuditEntriesResponse>(AUDIT_PATHS.entries, { params });
    return { request, entries: data.data, hasMore: data.meta.hasMore };
  });

  const $accountId = createStore<string | null>(null).on(opened, (_, accountId) => accountId);
  const $filters = createStore<AuditFilters>({})
    .on(filtersChanged, (_, filters) => filters)
    .reset(opened);
  const $generation = createStore(0).on([opened, filtersChanged], (n) => n + 1);
  const pageLoaded = sample({
    clock: loadPageFx.doneData,
    source: $generation,
    filter: (generation, page) => page.request.generation === generation,
    fn: (_, page) => page,
  });
  const $entries = createStore<AuditEntryResource[]>([])
    .on(pageLoaded, (entries, page) => (page.request.before ? [...entries, ...page.entries] : page.entries))
    .reset([opened, filtersChanged]);
  const $hasMore = createStore(true)
    .on(pageLoaded, (_, page) => page.hasMore)
    .reset([opened, filtersChanged]);
  const $loadError = createStore<string | null>(null)
    .on(loadPageFx.failData, (_, error) => error.message)
    .reset([opened, filtersChanged, pageLoaded]);
  const $loading = loadPageFx.pending;

  sample({
    clock: [opened, filtersChanged],
    source: { accountId: $accountId, filters: $filters, generation: $generation },
    filter: (state) => state.accountId !== null,
    fn: (state): PageRequest => ({ ...state, accountId: state.accountId!, before: null }),
    target: loadPageFx,
  });
  sample({
    clock: endReached,
    source: {
      accountId: $accountId,
      filters: $filters,
      generation: $generation,
      entries: $entries,
      hasMore: $hasMore,
      loading: $loading,
      error: $loadError,
    },
    filter: (state) => state.accountId !== null && state.hasMore && !state.loading && state.error === null,
    fn: (state) => ({
      accountId: state.accountId!,
      filters: state.filters,
      generation: state.generation,
      before: state.entries.at(-1)?.id ?? null,
    }),
    target: loadPageFx,
  });

  announceEffect(deps, 'audit', loadPageFx, { fail: AUDIT_LOG_NOT_LOADED });

  return {
    opened,
    filtersChanged,
    endReached,
    $accountId,
    $filters,
    $entries,
    $hasMore,
    $loading,
    $loadError,
  };
}

export type AuditLogModel = ReturnType<typeof createAuditLogModel>;

/** Where the browser downloads the log (the server names the file): the filters shown, or all of it. */
export function exportUrl(accountId: string, format: 'csv' | 'json', filters: AuditFilters = {}): string {
  const query = new URLSearchParams({ accountId, format, ...filterParams(filters) });
  return `${AUDIT_PATHS.export}?${query}`;
}
