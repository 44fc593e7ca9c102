import { combine, createEvent, createStore, sample, type Store } from 'effector';
import { announceEffect, apiEffect } from '../../../core';
import type { ResourceListDeps } from '../../../core/model/resource-list-model';
import {
  TERMBASES_MESSAGES as MESSAGES,
  TERMBASES_PATHS,
  type TermbaseEntriesResponse,
  type TermbaseEntryResource,
  type TermbaseEntryResponse,
  type TermbaseResource,
  type Terms,
} from '../common/termbases-contract';

interface PageRequest {
  termbaseId: string;
  search: string;
  page: number;
}

/**
 * The entries of the open term base: paged and searched by the server
 * (`GET termbase_entries?termbaseId&search&page`), added one by one (`add_entry`), changed and
 * deleted. A deletion offers Undo on its toast, which adds the same terms back (new ids: the
 * server has no restore, and a term base's entries have no order people rely on but the id's).
 */
export function createTermbaseEntriesModel(
  { api, app, toast, logger }: ResourceListDeps,
  { $open }: { $open: Store<TermbaseResource | null> },
) {
  const opened = createEvent<string>();
  /** Page 1 again, same search (after an import). */
  const reloaded = createEvent();
  const searchChanged = createEvent<string>();
  const nextPageRequested = createEvent();
  const entryAdded = createEvent<Terms>();
  const entryChanged = createEvent<{ id: string; terms: Terms }>();
  const deleteRequested = createEvent<TermbaseEntryResource[]>();
  const undoClicked = createEvent();
  /** A term base's entry count moved (the list and the open term base follow it). */
  const countChanged = createEvent<{ termbaseId: string; delta: number }>();

  const fetchFx = apiEffect(async ({ termbaseId, search, page }: PageRequest) => {
    const params = { termbaseId, page, ...(search ? { search } : {}) };
    return (await api.get<TermbaseEntriesResponse>(TERMBASES_PATHS.entries, { params })).data;
  });
  const addFx = apiEffect(
    async ({ termbaseId, terms }: { termbaseId: string; terms: Terms }) =>
      (await api.put<TermbaseEntryResponse>(TERMBASES_PATHS.addEntry(termbaseId), { terms })).data.data,
  );
  const changeFx = apiEffect(
    async ({ id, terms }: { id: string; terms: Terms }) =>
      (await api.put<TermbaseEntryResponse>(TERMBASES_PATHS.entry(id), { terms })).data.data,
  );
  const deleteFx = apiEffect(async (entries: TermbaseEntryResource[]) => {
    for (const entry of entries) await api.delete(TERMBASES_PATHS.entry(entry.id));
    return entries;
  });
  const restoreFx = apiEffect(async (entries: TermbaseEntryResource[]) => {
    const restored: TermbaseEntryResource[] = [];
    for (const entry of entries)
      restored.push(
        (
          await api.put<TermbaseEntryResponse>(TERMBASES_PATHS.addEntry(entry.attributes.termbaseId), {
            terms: entry.attributes.terms,
          })
        ).data.data,
      );
    return restored;
  });

  const $termbaseId = createStore<string | null>(null)
    .on(opened, (_, id) => id)
    .reset(app.workspaceChanged, app.loggedOut);
  const $search = createStore('')
    .on(searchChanged, (_, search) => search.trim())
    .reset(opened, app.workspaceChanged);
  const $page = createStore(1)
    .on(fetchFx.done, (_, { params }) => params.page)
    .reset(opened);
  const $hasMore = createStore(false)
    .on(fetchFx.doneData, (_, { meta }) => meta.hasMore)
    .reset(opened);
  const without = (entries: TermbaseEntryResource[], gone: TermbaseEntryResource[]) =>
    entries.filter((entry) => !gone.some((g) => g.id === entry.id));
  const $entries = createStore<TermbaseEntryResource[]>([])
    // Added entries may already sit at the top (see below): a later page never repeats them.
    .on(fetchFx.done, (entries, { params, result }) =>
      params.page === 1 ? result.data : [...entries, ...without(result.data, entries)],
    )
    .on(changeFx.doneData, (entries, changed) => entries.map((entry) => (entry.id === changed.id ? changed : entry)))
    .on(deleteFx.doneData, without)
    .reset(opened, app.workspaceChanged, app.loggedOut);
  // A new entry shows where it was typed, at the top, even when its page is not loaded yet.
  $entries
    .on(addFx.doneData, (entries, added) => [added, ...entries])
    .on(restoreFx.doneData, (entries, restored) => [...restored, ...entries]);
  const $lastDeleted = createStore<TermbaseEntryResource[]>([])
    .on(deleteFx.doneData, (_, entries) => entries)
    .reset(restoreFx.done, opened);

  const firstPage = sample({
    clock: [opened, reloaded, searchChanged],
    source: { termbaseId: $termbaseId, search: $search },
    filter: ({ termbaseId }) => termbaseId !== null,
    fn: ({ termbaseId, search }): PageRequest => ({ termbaseId: termbaseId!, search, page: 1 }),
  });
  sample({ clock: firstPage, target: fetchFx });
  sample({
    clock: nextPageRequested,
    source: { termbaseId: $termbaseId, search: $search, page: $page, hasMore: $hasMore, pending: fetchFx.pending },
    filter: ({ termbaseId, hasMore, pending }) => termbaseId !== null && hasMore && !pending,
    fn: ({ termbaseId, search, page }): PageRequest => ({ termbaseId: termbaseId!, search, page: page + 1 }),
    target: fetchFx,
  });
  sample({
    clock: entryAdded,
    source: $open,
    filter: Boolean,
    fn: (termbase: TermbaseResource, terms) => ({ termbaseId: termbase.id, terms }),
    target: addFx,
  });
  sample({ clock: entryChanged, target: changeFx });
  sample({ clock: deleteRequested, filter: (entries) => entries.length > 0, target: deleteFx });
  sample({ clock: undoClicked, source: $lastDeleted, filter: (entries) => entries.length > 0, target: restoreFx });

  sample({
    clock: addFx.doneData,
    fn: (entry) => ({ termbaseId: entry.attributes.termbaseId, delta: 1 }),
    target: countChanged,
  });
  sample({
    clock: restoreFx.done,
    fn: ({ params }) => ({ termbaseId: params[0].attributes.termbaseId, delta: params.length }),
    target: countChanged,
  });
  sample({
    clock: deleteFx.done,
    fn: ({ params }) => ({ termbaseId: params[0].attributes.termbaseId, delta: -params.length }),
    target: countChanged,
  });

  const deps = { toast, logger };
  announceEffect(deps, 'termbases', fetchFx, { fail: MESSAGES.termsNotLoaded });
  announceEffect(deps, 'termbases', addFx, { done: MESSAGES.termAdded, fail: MESSAGES.termNotAdded });
  announceEffect(deps, 'termbases', restoreFx, { done: MESSAGES.termAdded, fail: MESSAGES.termNotAdded });
  announceEffect(deps, 'termbases', changeFx, { done: MESSAGES.saved, fail: MESSAGES.notSaved });
  announceEffect(deps, 'termbases', deleteFx, { fail: MESSAGES.termNotDeleted });
  // One Undo stands at a time: it restores the last deletion only, so older offers are withdrawn
  // as the next deletion starts.
  sample({ clock: deleteFx, fn: () => undoClicked, target: toast.withdrawn });
  sample({
    clock: deleteFx.doneData,
    fn: (entries) => ({
      kind: 'success' as const,
      title: MESSAGES.termDeleted,
      description: entries.length > 1 ? `${entries.length} entries deleted.` : undefined,
      action: { label: 'Undo', event: undoClicked },
    }),
    target: toast.shown,
  });

  return {
    opened,
    reloaded,
    searchChanged,
    nextPageRequested,
    entryAdded,
    entryChanged,
    deleteRequested,
    undoClicked,
    countChanged,
    fetchFx,
    addFx,
    changeFx,
    deleteFx,
    $entries,
    $search,
    $hasMore,
    $loading: fetchFx.pending,
    $saving: combine(addFx.pending, changeFx.pending, deleteFx.pending, restoreFx.pending, (...pending) =>
      pending.some(Boolean),
    ),
  };
}

export type TermbaseEntriesModel = ReturnType<typeof createTermbaseEntriesModel>;
