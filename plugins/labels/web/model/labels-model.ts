import * as effector from 'effector';
import {
  announceFailure,
  apiEffect,
  createStateReader,
  type ContextKeys,
  type ApiClient,
  type ApiError,
  type AppModel,
  type CookieService,
  type ToastService,
} from '../../../../core';
import {
  LABELS_MESSAGES,
  LABELS_PATHS,
  SELECTED_LABELS_COOKIE,
  type DeleteLabelResponse,
  type LabelResource,
  type LabelResponse,
  type LabelsResponse,
  type ProjectVersionLabelsResponse,
} from '../../common/labels-contract';

const { createEffect, createEvent, createStore, sample } = effector;

export interface LabelsModelDeps {
  api: ApiClient;
  toast: ToastService;
  app: AppModel;
  cookies: CookieService;
  logger: Pick<Console, 'error'>;
  /** Where the model says how many labels filter the table (`labels.filterCount`), for `when` clauses. */
  keys?: Pick<ContextKeys, 'keySet'>;
}

export const LABELS_FILTER_COUNT_KEY = 'labels.filterCount';

export function readSelectedLabelIds(cookies: CookieService): string[] {
  return (cookies.get(SELECTED_LABELS_COOKIE) ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

const byCaption = (a: LabelResource, b: LabelResource) =>
  a.attributes.caption.localeCompare(b.attributes.caption, undefined, { sensitivity: 'base' });
const upsert = (list: LabelResource[], label: LabelResource) =>
  [...list.filter((l) => l.id !== label.id), label].sort(byCaption);

/**
 * The workspace's labels (create, rename, delete, assign to and remove from project versions) and
 * the label filter: the selected label ids, kept in a cookie (docs/product-contract.md#constants-and-limits), so the filter survives a
 * reload. Changing workspace clears the labels so they reload (docs/product-contract.md#states-and-transitions).
 */
export function createLabelsModel(deps: LabelsModelDeps) {
  const { api, app, cookies } = deps;

  const started = createEvent();
  const createSubmitted = createEvent<{ caption: string; projectVersionIds?: string[] }>();
  const renameSubmitted = createEvent<{ labelId: string; caption: string }>();
  const deleteConfirmed = createEvent<string>();
  const assignRequested = createEvent<{ labelId: string; projectVersionIds: string[] }>();
  const removeRequested = createEvent<{ labelId: string; projectVersionIds: string[] }>();
  const labelToggled = createEvent<string>();
  const filterCleared = createEvent();

  const fetchLabelsFx = apiEffect(
    async (workspaceId: string) =>
      (await api.get<LabelsResponse>(LABELS_PATHS.labels, { params: { workspaceId } })).data.data,
  );
  const createLabelFx = apiEffect(
    async (body: { workspaceId: string; caption: string; projectVersionIds: string[] }) => {
      const { data } = await api.post<LabelResponse>(LABELS_PATHS.labels, body);
      return { label: data.data, assigned: body.projectVersionIds };
    },
  );
  const renameLabelFx = apiEffect(
    async ({ labelId, caption }: { labelId: string; caption: string }) =>
      (await api.put<LabelResponse>(LABELS_PATHS.label(labelId), { caption })).data.data,
  );
  const deleteLabelFx = apiEffect(
    async (labelId: string) => (await api.delete<DeleteLabelResponse>(LABELS_PATHS.label(labelId))).data.data.id,
  );
  const assignFx = apiEffect(
    async ({ labelId, projectVersionIds }: { labelId: string; projectVersionIds: string[] }) =>
      (
        await api.post<ProjectVersionLabelsResponse>(LABELS_PATHS.projectVersionLabels, {
          labelId,
          selectedProjectVersionIds: projectVersionIds,
        })
      ).data.data,
  );
  const unassignFx = apiEffect(
    async ({ labelId, projectVersionIds }: { labelId: string; projectVersionIds: string[] }) =>
      (
        await api.delete<ProjectVersionLabelsResponse>(LABELS_PATHS.projectVersionLabels, {
          labelId,
          selectedProjectVersionIds: projectVersionIds,
        })
      ).data.data,
  );
  const saveSelectionFx = createEffect((ids: string[]) => {
    if (ids.length) cookies.set(SELECTED_LABELS_COOKIE, ids.join(','));
    else cookies.remove(SELECTED_LABELS_COOKIE);
  });

  const $labels = createStore<LabelResource[]>([])
    .on(fetchLabelsFx.doneData, (_, list) => [...list].sort(byCaption))
    .on(createLabelFx.doneData, (list, { label }) => upsert(list, label))
    .on([renameLabelFx.doneData, assignFx.doneData, unassignFx.doneData], upsert)
    .on(deleteLabelFx.doneData, (list, id) => list.filter((l) => l.id !== id))
    .reset(app.workspaceChanged, app.loggedOut);
  const $loaded = createStore(false)
    .on(fetchLabelsFx.done, () => true)
    .reset(app.workspaceChanged, app.loggedOut);

  const $selectedLabelIds = createStore<string[]>(readSelectedLabelIds(cookies))
    .on(labelToggled, (ids, id) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]))
    // docs/product-contract.md#states-and-transitions: after deleting a label the selection resets to empty.
    .on([filterCleared, deleteLabelFx.done], (ids) => (ids.length ? [] : ids));
  // Ids kept from another workspace (or deleted elsewhere) are dropped once the labels are known.
  sample({
    clock: fetchLabelsFx.doneData,
    source: $selectedLabelIds,
    fn: (ids, labels) => ids.filter((id) => labels.some((l) => l.id === id)),
    filter: (ids, labels) => ids.some((id) => !labels.some((l) => l.id === id)),
    target: $selectedLabelIds,
  });
  sample({ clock: $selectedLabelIds.updates, target: saveSelectionFx });
  if (deps.keys) {
    sample({
      clock: [started, $selectedLabelIds.updates],
      source: $selectedLabelIds,
      fn: (ids) => ({ key: LABELS_FILTER_COUNT_KEY, value: ids.length }),
      target: deps.keys.keySet,
    });
  }

  sample({
    clock: [started, app.workspaceChanged],
    source: app.$currentWorkspaceId,
    filter: (id): id is string => id !== null,
    target: fetchLabelsFx,
  });
  sample({
    clock: createSubmitted,
    source: { workspaceId: app.$currentWorkspaceId, pending: createLabelFx.pending },
    filter: ({ workspaceId, pending }, { caption }) => workspaceId !== null && !pending && caption.trim() !== '',
    fn: ({ workspaceId }, { caption, projectVersionIds = [] }) => ({
      workspaceId: workspaceId!,
      caption: caption.trim(),
      projectVersionIds,
    }),
    target: createLabelFx,
  });
  sample({
    clock: renameSubmitted,
    filter: ({ caption }) => caption.trim() !== '',
    fn: ({ labelId, caption }) => ({ labelId, caption: caption.trim() }),
    target: renameLabelFx,
  });
  sample({ clock: deleteConfirmed, target: deleteLabelFx });
  sample({ clock: assignRequested, filter: ({ projectVersionIds }) => projectVersionIds.length > 0, target: assignFx });
  sample({
    clock: removeRequested,
    filter: ({ projectVersionIds }) => projectVersionIds.length > 0,
    target: unassignFx,
  });

  // docs/product-contract.md#messages "Labels": success texts and failures (the server's reason under the spec's text).
  const toast = (kind: 'success' | 'error', title: string, description?: string) => ({ kind, title, description });
  sample({
    clock: createLabelFx.doneData,
    fn: ({ assigned }) =>
      toast('success', assigned.length > 0 ? LABELS_MESSAGES.labelCreatedAndAssigned : LABELS_MESSAGES.labelCreated),
    target: deps.toast.shown,
  });
  sample({
    clock: renameLabelFx.done,
    fn: () => toast('success', LABELS_MESSAGES.labelRenamed),
    target: deps.toast.shown,
  });
  sample({
    clock: deleteLabelFx.done,
    fn: () => toast('success', LABELS_MESSAGES.labelDeleted),
    target: deps.toast.shown,
  });
  const failures: [effector.Effect<any, any, ApiError>, string][] = [
    [fetchLabelsFx, LABELS_MESSAGES.labelsNotLoaded],
    [createLabelFx, LABELS_MESSAGES.labelNotCreated],
    [renameLabelFx, LABELS_MESSAGES.labelNotRenamed],
    [deleteLabelFx, LABELS_MESSAGES.labelNotDeleted],
    [assignFx, LABELS_MESSAGES.labelsNotUpdated],
    [unassignFx, LABELS_MESSAGES.labelsNotUpdated],
  ];
  for (const [fx, title] of failures) announceFailure(deps, 'labels', fx.failData, title);
  sample({
    clock: saveSelectionFx.failData,
    fn: () => toast('error', LABELS_MESSAGES.selectionNotChanged),
    target: deps.toast.shown,
  });

  return {
    started,
    createSubmitted,
    renameSubmitted,
    deleteConfirmed,
    assignRequested,
    removeRequested,
    labelToggled,
    filterCleared,
    fetchLabelsFx,
    createLabelFx,
    renameLabelFx,
    deleteLabelFx,
    assignFx,
    unassignFx,
    saveSelectionFx,
    $labels,
    $loaded,
    $selectedLabelIds,
    /** The labels and the filter as they are now: what the palette's label pages list. */
    readChoicesFx: createStateReader(effector.combine({ labels: $labels, selected: $selectedLabelIds })),
    $loading: fetchLabelsFx.pending,
    $creating: createLabelFx.pending,
  };
}

export type LabelsModel = ReturnType<typeof createLabelsModel>;
