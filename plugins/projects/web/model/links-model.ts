import * as effector from 'effector';
import {
  PROJECTS_MESSAGES,
  PROJECTS_PATHS,
  type DeleteElementResponse,
  type ElementsResponse,
  type ProjectVersionResource,
  type ProjectVersionsResponse,
  type YoutubeDlWithProjectResponse,
} from '../../common/projects-contract';
import {
  applyElementUpdates,
  describeFailure,
  followElement,
  followLoadedRows,
  sortSubmitted,
  type FollowedElement,
} from './downloading-elements';
import { announce, apiEffect, type ProjectsModelDeps } from './model-kit';

const { attach, createEffect, createEvent, createStore, sample, scopeBind } = effector;

/** How often the followed downloads are asked about (the spec names no interval). */
export const DOWNLOAD_POLL_INTERVAL_MS = 3000;
export const DOWNLOAD_POLL_TASK = 'projects.downloadingElements';

/** One link per line; blank lines and surrounding spaces ignored, duplicates once. */
export function parseLinks(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * "New project" from links: one `youtube_dl_with_project` call per paste, carrying a
 * submitUrlIdentifier; the elements it returns are followed (polled) until they leave the
 * downloading state, as docs/product-contract.md#states-and-transitions describes: too large or unexpected ones are deleted and the list
 * is fetched again, finished ones take their size and duration and their rows are refreshed.
 */
export function createLinksModel(
  deps: ProjectsModelDeps,
  {
    projectsCreated,
    rowsRefreshed,
    reloadRequested,
    countChanged,
    rowsLoaded,
    pageOpened,
  }: {
    /** The projects page opened: the links that failed earlier (kept until dismissed) are fetched. */
    pageOpened: effector.Event<void>;
    projectsCreated: effector.EventCallable<{ versions: ProjectVersionResource[]; count: number }>;
    /** Rows of each page the table loads: those still downloading are followed as well. */
    rowsLoaded: effector.Event<ProjectVersionResource[]>;
    rowsRefreshed: effector.EventCallable<ProjectVersionResource[]>;
    reloadRequested: effector.EventCallable<void>;
    countChanged: effector.EventCallable<number>;
  },
) {
  const { api, app, polling } = deps;
  const linksSubmitted = createEvent<string>();
  const submitCancelled = createEvent<string>();
  /** "Dismiss" on a refused or failed link: its row goes, and its element on the server. */
  const failedLinkDismissed = createEvent<string>();
  const allFailedLinksDismissed = createEvent();
  /** "Upgrade" on a link over the plan's largest video (the toast's button or the row's). */
  const upgradeRequested = createEvent<string>();
  const toastUpgradeClicked = createEvent();

  const submitLinksFx = apiEffect(
    async ({ workspaceId, urls, identifier }: { workspaceId: string; urls: string[]; identifier: string }) => {
      const { data } = await api.post<YoutubeDlWithProjectResponse>(PROJECTS_PATHS.youtubeDlWithProject, {
        workspaceId,
        urls,
        submitUrlIdentifier: identifier,
      });
      return { identifier, data };
    },
  );
  const elementUpdatesFx = apiEffect(async ({ workspaceId, ids }: { workspaceId: string; ids: string[] }) => {
    const { data } = await api.post<ElementsResponse>(PROJECTS_PATHS.elementUpdates, { workspaceId, elementIds: ids });
    return data;
  });
  const deleteElementFx = apiEffect(async (elementId: string) => {
    const { data } = await api.delete<DeleteElementResponse>(PROJECTS_PATHS.element(elementId));
    return data.data;
  });
  const failedElementsFx = apiEffect(async (workspaceId: string) => {
    const { data } = await api.get<ElementsResponse>(PROJECTS_PATHS.elements, {
      params: { workspaceId, state: 'failed' },
    });
    return data.data;
  });
  const refreshVersionsFx = apiEffect(async ({ workspaceId, ids }: { workspaceId: string; ids: string[] }) => {
    const { data } = await api.post<ProjectVersionsResponse>(PROJECTS_PATHS.projectVersionUpdates, {
      workspaceId,
      projectVersionIds: ids,
    });
    return data.data;
  });

  const $submitting = createStore<string[]>([]).reset(app.workspaceChanged, app.loggedOut);
  const $maxElementBytes = createStore<number | null>(null)
    .on(submitLinksFx.doneData, (_, { data }) => data.meta.maxElementBytes)
    .on(elementUpdatesFx.doneData, (_, data) => data.meta.maxElementBytes);
  const $followed = createStore<FollowedElement[]>([]).reset(app.workspaceChanged, app.loggedOut);
  const $failedLinks = $followed.map((list) => list.filter((e) => e.failure !== null));
  const $downloadingIds = $followed.map((list) => list.filter((e) => e.downloading).map((e) => e.id));
  const $hasDownloading = $downloadingIds.map((ids) => ids.length > 0);

  const submitted = sample({
    clock: linksSubmitted,
    source: app.$currentWorkspaceId,
    filter: (workspaceId, text) => workspaceId !== null && parseLinks(text).length > 0,
    fn: (workspaceId, text) => ({ workspaceId: workspaceId!, urls: parseLinks(text), identifier: deps.newId() }),
  });
  sample({
    clock: submitted,
    source: $submitting,
    fn: (list, { identifier }) => [...list, identifier],
    target: $submitting,
  });
  sample({ clock: submitted, target: submitLinksFx });
  $submitting.on(submitCancelled, (list, identifier) => list.filter((id) => id !== identifier));

  const sorted = sample({
    clock: submitLinksFx.doneData,
    source: $submitting,
    fn: (submitting, { identifier, data }) => ({
      identifier,
      versions: data.projectVersions.data,
      ...sortSubmitted(data.elements.data, identifier, submitting, data.meta.maxElementBytes),
    }),
  });
  // Read by `sorted` first: an effect's `finally` fires before its `doneData`.
  $submitting.on(sorted, (list, { identifier }) => list.filter((id) => id !== identifier));
  $submitting.on(submitLinksFx.fail, (list, { params }) => list.filter((id) => id !== params.identifier));
  // A page fetched meanwhile may already have brought these rows in (followLoadedRows).
  $followed.on(sorted, (list, { kept }) => [
    ...list,
    ...kept.filter((element) => !list.some((known) => known.id === element.id)),
  ]);
  $followed.on(rowsLoaded, followLoadedRows);
  // docs/product-contract.md#states-and-transitions: submitting URLs raises the count by the number of versions returned (a rejected
  // element's delete lowers it again).
  sample({ clock: sorted, fn: ({ versions }) => ({ versions, count: versions.length }), target: projectsCreated });
  sample({
    clock: deleteElementFx.doneData,
    fn: ({ projectVersionIds }) => -projectVersionIds.length,
    target: countChanged,
  });
  const rejectAllFx = createEffect(async (ids: string[]) => {
    await Promise.allSettled(ids.map((id) => deleteElementFx(id)));
  });
  const rejected = sample({
    clock: sorted,
    filter: ({ rejected }) => rejected.length > 0,
    fn: ({ rejected }) => rejected.map((e) => e.id),
  });
  sample({ clock: rejected, target: rejectAllFx });
  sample({ clock: rejectAllFx.done, target: reloadRequested });

  // Follow the downloads while any is left.
  const pollFx = attach({
    source: { workspaceId: app.$currentWorkspaceId, ids: $downloadingIds },
    mapParams: (_: void, { workspaceId, ids }) => ({ workspaceId: workspaceId ?? '', ids }),
    effect: elementUpdatesFx,
  });
  const startPollingFx = createEffect(() => {
    const poll = scopeBind(pollFx, { safe: true });
    polling.start({
      id: DOWNLOAD_POLL_TASK,
      intervalMs: DOWNLOAD_POLL_INTERVAL_MS,
      run: () => poll().then(() => undefined),
    });
  });
  const stopPollingFx = createEffect(() => polling.stop(DOWNLOAD_POLL_TASK));
  sample({ clock: $hasDownloading.updates, filter: Boolean, target: startPollingFx });
  sample({ clock: $hasDownloading.updates, filter: (has) => !has, target: stopPollingFx });

  const outcome = sample({
    clock: pollFx.doneData,
    source: { followed: $followed, maxBytes: $maxElementBytes },
    fn: ({ followed, maxBytes }, data) =>
      applyElementUpdates(followed, data.data, data.meta.maxElementBytes ?? maxBytes),
  });
  sample({ clock: outcome, fn: (o) => o.followed, target: $followed });
  sample({
    clock: outcome,
    filter: (o) => o.tooLarge.length > 0,
    fn: (o) => o.tooLarge.map((e) => e.id),
    target: rejectAllFx,
  });
  // Deleted on the server (failed, or gone): their rows leave the list and the count.
  sample({
    clock: outcome,
    filter: (o) => o.gone.length + o.failed.length > 0 && o.tooLarge.length === 0,
    target: reloadRequested,
  });
  sample({ clock: outcome, filter: (o) => o.versionsLost > 0, fn: (o) => -o.versionsLost, target: countChanged });
  // Said when it happens, in the spec's words, with the reason (and the upgrade when the plan is the reason).
  const stopped = sample({ clock: outcome, fn: (o) => [...o.failed, ...o.tooLarge] });
  const $lastTooLarge = createStore<string | null>(null).on(stopped, (last, list) => {
    const tooLarge = list.find((e) => e.failure?.kind === 'too_large');
    return tooLarge ? tooLarge.failure!.reason : last;
  });
  sample({
    clock: stopped,
    filter: (list) => list.length > 0,
    fn: (list) => {
      const tooLarge = list.some((e) => e.failure?.kind === 'too_large') && deps.offerUpgrade !== undefined;
      return {
        kind: 'error' as const,
        title: PROJECTS_MESSAGES.elementsNotCreated,
        description: list.map((e) => `${e.title || e.sourceUrl}: ${describeFailure(e.failure!)}`).join('\n'),
        ...(tooLarge ? { action: { label: 'Upgrade', event: toastUpgradeClicked } } : {}),
      };
    },
    target: deps.toast.shown,
  });
  sample({
    clock: toastUpgradeClicked,
    source: $lastTooLarge,
    filter: (reason): reason is string => reason !== null,
    target: upgradeRequested,
  });
  const offerUpgradeFx = createEffect((message: string) => deps.offerUpgrade?.(message));
  sample({ clock: upgradeRequested, target: offerUpgradeFx });

  // Failed links of earlier visits (and other tabs) come back with the page, until dismissed.
  sample({
    clock: [pageOpened, app.$currentWorkspaceId.updates],
    source: app.$currentWorkspaceId,
    filter: (id): id is string => id !== null,
    target: failedElementsFx,
  });
  $followed.on(failedElementsFx.doneData, (list, failed) => [
    ...list,
    ...failed.filter((e) => !list.some((known) => known.id === e.id)).map(followElement),
  ]);
  const dismissed = sample({
    clock: failedLinkDismissed,
    source: $followed,
    fn: (list, id) => list.find((e) => e.id === id && e.failure !== null) ?? null,
  });
  sample({
    clock: dismissed,
    filter: (e): e is FollowedElement => e !== null && e.failure!.onServer,
    fn: (e) => e!.id,
    target: deleteElementFx,
  });
  const dismissedAll = sample({
    clock: allFailedLinksDismissed,
    source: $failedLinks,
    fn: (list) => list.filter((e) => e.failure!.onServer).map((e) => e.id),
  });
  sample({ clock: dismissedAll, filter: (ids) => ids.length > 0, target: rejectAllFx });
  // Taken off the list after the deletes above read it.
  sample({
    clock: failedLinkDismissed,
    source: $followed,
    fn: (list, id) => list.filter((e) => !(e.id === id && e.failure !== null)),
    target: $followed,
  });
  sample({
    clock: allFailedLinksDismissed,
    source: $followed,
    fn: (list) => list.filter((e) => e.failure === null),
    target: $followed,
  });
  sample({
    clock: outcome,
    source: app.$currentWorkspaceId,
    filter: (workspaceId, o) => workspaceId !== null && o.finished.length > 0,
    fn: (workspaceId, o) => ({ workspaceId: workspaceId!, ids: o.finished.flatMap((e) => e.projectVersionIds) }),
    target: refreshVersionsFx,
  });
  sample({ clock: refreshVersionsFx.doneData, target: rowsRefreshed });

  announce(deps, submitLinksFx, { done: PROJECTS_MESSAGES.requestSubmitted, fail: PROJECTS_MESSAGES.urlsNotSubmitted });
  announce(deps, elementUpdatesFx, { fail: PROJECTS_MESSAGES.downloadingElementsNotUpdated });
  announce(deps, deleteElementFx, { fail: PROJECTS_MESSAGES.assetNotDeleted });
  announce(deps, refreshVersionsFx, { fail: PROJECTS_MESSAGES.videosNotUpdated });
  announce(deps, failedElementsFx, { fail: PROJECTS_MESSAGES.assetsNotLoaded });

  return {
    linksSubmitted,
    submitCancelled,
    failedLinkDismissed,
    allFailedLinksDismissed,
    upgradeRequested,
    canUpgrade: deps.offerUpgrade !== undefined,
    submitLinksFx,
    failedElementsFx,
    elementUpdatesFx,
    deleteElementFx,
    refreshVersionsFx,
    $submitting,
    $followed,
    $failedLinks,
    $downloadingIds,
    $submittingLinks: submitLinksFx.pending,
    $maxElementBytes,
  };
}

export type LinksModel = ReturnType<typeof createLinksModel>;
