import { createEvent, createStore, sample } from 'effector';
import { announceEffect, apiEffect } from '../../../core';
import { createResourceListModel, type ResourceListDeps } from '../../../core/model/resource-list-model';
import {
  TERMBASES_MESSAGES as MESSAGES,
  TERMBASES_PATHS,
  type TermbaseResource,
  type TermbaseResponse,
  type TermbasesResponse,
} from '../common/termbases-contract';
import { createTermbaseEntriesModel } from './termbase-entries-model';

export interface TermbaseForm {
  name: string;
  languages: string[];
}

/** A popup opened for one term base, from the palette or a button: rename, delete or import terms. */
export type TermbaseDialog = { kind: 'rename' | 'delete' | 'import'; termbase: TermbaseResource };

export interface ImportRequest {
  termbaseId: string;
  /** The file's text: the server reads CSV/TSV (Google's and DeepL's layouts) and TBX. */
  content: string;
}

/** Pages of the list read while looking for one term base opened by its address (there is no GET by id). */
const MAX_PAGES_SEARCHED = 20;

/**
 * The workspace's term bases: core's resource list (paged, searched, created, renamed, deleted,
 * the contract's (docs/product-contract.md#messages) toasts), the popups opened for one of them, the import of a file of terms, and the
 * entries of the term base that is open (termbase-entries-model.ts). Entry counts follow every
 * add, delete and import, so the list and the open term base never disagree.
 */
export function createTermbasesModel(deps: ResourceListDeps) {
  const { api, app, toast, logger } = deps;
  const list = createResourceListModel<TermbaseResource, TermbaseForm, Partial<TermbaseForm>>(deps, {
    tag: 'termbases',
    paths: { list: TERMBASES_PATHS.termbases, one: TERMBASES_PATHS.termbase },
    messages: MESSAGES,
  });

  const dialogOpened = createEvent<TermbaseDialog>();
  const dialogClosed = createEvent();
  const $dialog = createStore<TermbaseDialog | null>(null)
    .on(dialogOpened, (_, dialog) => dialog)
    .reset(dialogClosed, list.updateFx.done, list.deleteFx.done, app.workspaceChanged);

  const importSubmitted = createEvent<ImportRequest>();
  const importFx = apiEffect(async ({ termbaseId, content }: ImportRequest) => {
    const { data } = await api.put<TermbaseResponse & { meta: { imported: number } }>(
      TERMBASES_PATHS.importEntries(termbaseId),
      { content },
    );
    return { termbase: data.data, imported: data.meta.imported };
  });
  sample({
    clock: importSubmitted,
    source: importFx.pending,
    filter: (pending) => !pending,
    fn: (_, request) => request,
    target: importFx,
  });
  $dialog.reset(importFx.done);
  /** The server's reason for the last refused file (it names the line), shown in the popup too. */
  const $importError = createStore<string | null>(null)
    .on(importFx.failData, (_, error) => error.message)
    .reset(importFx, dialogOpened, dialogClosed);
  announceEffect({ toast, logger }, 'termbases', importFx, { fail: MESSAGES.termsNotImported });
  sample({
    clock: importFx.doneData,
    fn: ({ imported }) => ({
      kind: 'success' as const,
      title: MESSAGES.termsImported,
      description: `${imported} ${imported === 1 ? 'entry' : 'entries'} added.`,
    }),
    target: toast.shown,
  });

  /** The term base opened by its address: from the list when it is there, else looked up page by page. */
  const termbaseWanted = createEvent<string>();
  const findFx = apiEffect(async ({ workspaceId, id }: { workspaceId: string; id: string }) => {
    for (let page = 1; page <= MAX_PAGES_SEARCHED; page++) {
      const { data } = await api.get<TermbasesResponse>(TERMBASES_PATHS.termbases, { params: { workspaceId, page } });
      const found = data.data.find((termbase) => termbase.id === id);
      if (found || !data.meta.hasMore) return found ?? null;
    }
    return null;
  });
  announceEffect({ toast, logger }, 'termbases', findFx, { fail: MESSAGES.notLoaded });
  const $openId = createStore<string | null>(null)
    .on(termbaseWanted, (_, id) => id)
    .reset(app.workspaceChanged, app.loggedOut);
  const $open = createStore<TermbaseResource | null>(null).reset(app.workspaceChanged, app.loggedOut);
  /** Known missing: not in the workspace, or deleted while open. */
  const $missing = createStore(false)
    .on(termbaseWanted, () => false)
    .reset(app.workspaceChanged);
  const known = sample({
    clock: termbaseWanted,
    source: list.$items,
    fn: (items, id) => ({ id, found: items.find((t) => t.id === id) ?? null }),
  });
  // Moving to another term base empties the one shown until the lookup below answers.
  sample({ clock: known, fn: ({ found }) => found, target: $open });
  sample({
    clock: known,
    source: app.$currentWorkspaceId,
    filter: (workspaceId, { found }) => found === null && workspaceId !== null,
    fn: (workspaceId, { id }) => ({ workspaceId: workspaceId!, id }),
    target: findFx,
  });
  sample({
    clock: findFx.done,
    source: $openId,
    filter: (openId, { params }) => openId === params.id,
    fn: (_, { result }) => result,
    target: $open,
  });
  sample({ clock: findFx.doneData, filter: (found) => found === null, fn: () => true, target: $missing });
  const replaced = (open: TermbaseResource | null, changed: TermbaseResource) =>
    open?.id === changed.id ? changed : open;
  $open.on(list.updateFx.doneData, replaced).on(importFx.doneData, (open, { termbase }) => replaced(open, termbase));
  $open.on(list.deleteFx.doneData, (open, ids) => (open && ids.includes(open.id) ? null : open));
  sample({
    clock: list.deleteFx.doneData,
    source: $openId,
    filter: (openId, ids) => openId !== null && ids.includes(openId),
    fn: () => true,
    target: $missing,
  });
  list.$items.on(importFx.doneData, (items, { termbase }) =>
    items.map((item) => (item.id === termbase.id ? termbase : item)),
  );

  const entries = createTermbaseEntriesModel(deps, { $open });
  // Counts follow the entries added and deleted one by one.
  const counted = (termbase: TermbaseResource, id: string, delta: number): TermbaseResource =>
    termbase.id === id
      ? {
          ...termbase,
          attributes: { ...termbase.attributes, entriesCount: Math.max(0, termbase.attributes.entriesCount + delta) },
        }
      : termbase;
  list.$items.on(entries.countChanged, (items, { termbaseId, delta }) =>
    items.map((item) => counted(item, termbaseId, delta)),
  );
  $open.on(entries.countChanged, (open, { termbaseId, delta }) => open && counted(open, termbaseId, delta));
  // An import shows the new entries at once when their term base is open.
  sample({
    clock: importFx.done,
    source: $open,
    filter: (open, { params }) => open?.id === params.termbaseId,
    target: entries.reloaded,
  });

  return {
    ...list,
    dialogOpened,
    dialogClosed,
    $dialog,
    importSubmitted,
    importFx,
    $importing: importFx.pending,
    $importError,
    termbaseWanted,
    $open,
    $missing,
    entries,
  };
}

export type TermbasesModel = ReturnType<typeof createTermbasesModel>;
