import * as effector from 'effector';
import {
  announceEffect,
  apiEffect,
  type ApiClient,
  type AppModel,
  type Navigator,
  type PollingService,
  type ToastService,
} from '../../../core';
import { PROJECTS_MESSAGES, PROJECTS_PATHS } from '../../projects/common/projects-contract';
import {
  CHANNELS_MESSAGES as MESSAGES,
  CHANNELS_PAGE,
  CHANNELS_PATHS,
  CONNECT_ERRORS,
  type ChannelProviderId,
  type ChannelResource,
  type ChannelResponse,
  type ChannelsResponse,
  type ConnectResponse,
  type VideoResource,
  type VideosResponse,
} from '../common/channels-contract';

const { attach, createEffect, createEvent, createStore, sample, scopeBind } = effector;

export interface ChannelsModelDeps {
  api: ApiClient;
  app: AppModel;
  toast: ToastService;
  navigator: Navigator;
  polling: PollingService;
  logger: Pick<Console, 'error'>;
  /** Leaves the app for a provider's page (tests record it). */
  leave(url: string): void;
  newId(): string;
}

/** How often channels being reloaded are asked about (the spec names no interval). */
export const RELOAD_POLL_INTERVAL_MS = 1500;
const RELOAD_POLL_TASK = 'channels.reloading';

/**
 * The workspace's external channels and their videos, one way: event -> sample -> effect (the
 * ApiClient) -> store. Videos page 10 at a time (docs/product-contract.md#constants-and-limits) for one channel or all; checked videos
 * are kept by address across pages. Importing them is a link submission (`youtube_dl_with_project`),
 * then home (docs/product-contract.md#screens-and-routes). Removing refetches the channel list (docs/product-contract.md#calls). A reload runs on the server;
 * the list is asked about until no channel is reloading, then the outcome is said.
 */
export function createChannelsModel(deps: ChannelsModelDeps) {
  const { api, app, toast } = deps;
  const pageOpened = createEvent();
  const channelChosen = createEvent<string | null>();
  const pageChanged = createEvent<number>();
  const videoToggled = createEvent<string>();
  const pageVideosToggled = createEvent();
  const importSubmitted = createEvent();
  const reloadRequested = createEvent<string>();
  const removeRequested = createEvent<string>();
  const connectRequested = createEvent<ChannelProviderId>();
  const feedSubmitted = createEvent<{ state: string; code: string }>();
  /** Back on the channels page from a provider: `?connected=<id>` or `?connectError=<code>`. */
  const returnedFromProvider = createEvent<{ connected: string | null; error: string | null }>();

  const fetchChannelsFx = apiEffect(
    async (workspaceId: string) =>
      (await api.get<ChannelsResponse>(CHANNELS_PATHS.channels, { params: { workspaceId } })).data,
  );
  const fetchVideosFx = apiEffect(
    async ({ workspaceId, channelId, page }: { workspaceId: string; channelId: string | null; page: number }) => {
      const params = { workspaceId, page, ...(channelId ? { externalChannelId: channelId } : {}) };
      return (await api.get<VideosResponse>(CHANNELS_PATHS.videos, { params })).data;
    },
  );
  const reloadFx = apiEffect(
    async (id: string) => (await api.post<ChannelResponse>(CHANNELS_PATHS.reload(id), {})).data.data,
  );
  const removeFx = apiEffect(async (id: string) => {
    await api.delete(CHANNELS_PATHS.remove(id));
    return id;
  });
  const connectFx = apiEffect(
    async ({ workspaceId, provider }: { workspaceId: string; provider: ChannelProviderId }) => {
      const { redirect_uri: target } = (
        await api.post<ConnectResponse>(CHANNELS_PATHS.connect, { workspaceId, provider })
      ).data;
      // The no-account provider's page is one of ours: stay in the app.
      if (target.startsWith('/')) deps.navigator.navigate(target);
      else deps.leave(target);
    },
  );
  const finishFeedFx = apiEffect(
    async (body: { state: string; code: string }) =>
      (await api.post<ChannelResponse>(CHANNELS_PATHS.callback, body)).data.data,
  );
  const importFx = apiEffect(async ({ workspaceId, urls }: { workspaceId: string; urls: string[] }) => {
    await api.post(PROJECTS_PATHS.youtubeDlWithProject, { workspaceId, urls, submitUrlIdentifier: deps.newId() });
  });

  const $channels = createStore<ChannelResource[]>([])
    .on(fetchChannelsFx.doneData, (_, { data }) => data)
    .reset(app.workspaceChanged, app.loggedOut);
  const $providers = createStore<ChannelsResponse['meta']['providers']>([]).on(
    fetchChannelsFx.doneData,
    (_, { meta }) => meta.providers,
  );
  const $channelsLoaded = createStore(false)
    .on(fetchChannelsFx.done, () => true)
    .reset(app.workspaceChanged, app.loggedOut);
  const $channelId = createStore<string | null>(null)
    .on(channelChosen, (_, id) => id)
    .reset(app.workspaceChanged, app.loggedOut);
  const $page = createStore(1)
    .on(pageChanged, (_, page) => page)
    .reset(channelChosen, app.workspaceChanged);
  const $videos = createStore<VideoResource[]>([])
    .on(fetchVideosFx.doneData, (_, { data }) => data)
    .reset(app.workspaceChanged, app.loggedOut);
  const $pages = createStore(1)
    .on(fetchVideosFx.doneData, (_, { meta }) => meta.pages)
    .reset(app.workspaceChanged);
  const $count = createStore(0)
    .on(fetchVideosFx.doneData, (_, { meta }) => meta.count)
    .reset(app.workspaceChanged);
  const $feedProblem = createStore<string | null>(null)
    .on(finishFeedFx.failData, (_, error) => error.message)
    .reset(feedSubmitted, finishFeedFx.done);
  const $checked = createStore<string[]>([])
    .on(videoToggled, (urls, url) => (urls.includes(url) ? urls.filter((u) => u !== url) : [...urls, url]))
    .reset(app.workspaceChanged, importFx.done);
  sample({
    clock: pageVideosToggled,
    source: { checked: $checked, videos: $videos },
    fn: ({ checked, videos }) => {
      const onPage = videos.map((v) => v.attributes.url);
      return onPage.every((url) => checked.includes(url))
        ? checked.filter((url) => !onPage.includes(url))
        : [...new Set([...checked, ...onPage])];
    },
    target: $checked,
  });
  // A removed channel's videos can no longer be imported.
  sample({
    clock: removeFx.doneData,
    source: $channelId,
    filter: (current, removed) => current === removed,
    fn: () => null,
    target: channelChosen,
  });

  const inWorkspace = { source: app.$currentWorkspaceId, filter: (id: string | null): id is string => id !== null };
  const loadChannels = attach({
    source: app.$currentWorkspaceId,
    mapParams: (_: void, workspaceId) => workspaceId ?? '',
    effect: fetchChannelsFx,
  });
  const loadVideos = attach({
    source: { workspaceId: app.$currentWorkspaceId, channelId: $channelId, page: $page },
    mapParams: (_: void, { workspaceId, channelId, page }) => ({ workspaceId: workspaceId ?? '', channelId, page }),
    effect: fetchVideosFx,
  });
  sample({
    clock: [pageOpened, removeFx.done],
    ...inWorkspace,
    fn: () => undefined,
    target: [loadChannels, loadVideos],
  });
  sample({
    clock: [channelChosen, pageChanged, finishFeedFx.done],
    ...inWorkspace,
    fn: () => undefined,
    target: loadVideos,
  });
  sample({ clock: reloadRequested, target: reloadFx });
  sample({ clock: removeRequested, target: removeFx });
  sample({
    clock: connectRequested,
    ...inWorkspace,
    fn: (workspaceId, provider) => ({ workspaceId, provider }),
    target: connectFx,
  });
  sample({ clock: feedSubmitted, filter: ({ code }) => code.trim().length > 0, target: finishFeedFx });
  sample({
    clock: importSubmitted,
    source: { workspaceId: app.$currentWorkspaceId, urls: $checked },
    filter: ({ workspaceId, urls }) => workspaceId !== null && urls.length > 0,
    fn: ({ workspaceId, urls }) => ({ workspaceId: workspaceId!, urls }),
    target: importFx,
  });

  // docs/product-contract.md#screens-and-routes: home after a link submission from the channels page; the feed's channel opens once connected.
  const goFx = createEffect((path: string) => deps.navigator.navigate(path));
  sample({ clock: importFx.done, fn: () => '/', target: goFx });
  sample({ clock: finishFeedFx.doneData, fn: (channel) => `${CHANNELS_PAGE}?connected=${channel.id}`, target: goFx });

  // A reload: the list is asked about while any channel is reloading; each one that finishes says how.
  $channels.on(reloadFx.doneData, (list, changed) => list.map((c) => (c.id === changed.id ? changed : c)));
  const $reloading = $channels.map((list) => list.some((c) => c.attributes.state === 'reloading'));
  const startPollingFx = createEffect(() => {
    const poll = scopeBind(loadChannels, { safe: true });
    deps.polling.start({
      id: RELOAD_POLL_TASK,
      intervalMs: RELOAD_POLL_INTERVAL_MS,
      run: () => poll().then(() => undefined),
    });
  });
  const stopPollingFx = createEffect(() => deps.polling.stop(RELOAD_POLL_TASK));
  sample({ clock: $reloading.updates, filter: Boolean, target: startPollingFx });
  sample({ clock: $reloading.updates, filter: (reloading) => !reloading, target: stopPollingFx });
  sample({ clock: [app.workspaceChanged, app.loggedOut], target: stopPollingFx });
  // The reloads this page asked for (updated only here, so reading it never races the list's own update).
  const $asked = createStore<string[]>([])
    .on(reloadFx.doneData, (ids, channel) => [...new Set([...ids, channel.id])])
    .reset(app.workspaceChanged, app.loggedOut);
  const finished = sample({
    clock: fetchChannelsFx.doneData,
    source: $asked,
    fn: (asked, { data }) =>
      data.filter((channel) => asked.includes(channel.id) && channel.attributes.state !== 'reloading'),
  });
  $asked.on(finished, (ids, done) => ids.filter((id) => !done.some((channel) => channel.id === id)));
  sample({
    clock: finished,
    filter: (list) => list.length > 0,
    fn: (list) => {
      const failed = list.find((c) => c.attributes.state === 'failed');
      return failed
        ? { kind: 'error' as const, title: MESSAGES.notReloaded, description: failed.attributes.lastError ?? undefined }
        : { kind: 'success' as const, title: MESSAGES.reloaded };
    },
    target: toast.shown,
  });
  sample({ clock: finished, filter: (list) => list.some((c) => c.attributes.state === 'ready'), target: loadVideos });

  const announce = { toast, logger: deps.logger };
  announceEffect(announce, 'channels', fetchChannelsFx, { fail: MESSAGES.channelsNotLoaded });
  announceEffect(announce, 'channels', fetchVideosFx, { fail: MESSAGES.videosNotLoaded });
  announceEffect(announce, 'channels', reloadFx, { fail: MESSAGES.notReloaded });
  announceEffect(announce, 'channels', removeFx, { done: MESSAGES.removed, fail: MESSAGES.notRemoved });
  announceEffect(announce, 'channels', connectFx, { fail: MESSAGES.notConnected });
  // Its success is said on the channels page it leads to, like a provider's.
  announceEffect(announce, 'channels', finishFeedFx, { fail: MESSAGES.notConnected });
  sample({
    clock: returnedFromProvider,
    filter: ({ connected }) => connected !== null,
    fn: ({ connected }) => connected,
    target: channelChosen,
  });
  sample({
    clock: returnedFromProvider,
    filter: ({ connected, error }) => connected !== null || error !== null,
    fn: ({ connected, error }) =>
      connected !== null
        ? { kind: 'success' as const, title: MESSAGES.connected }
        : {
            kind: 'error' as const,
            title: MESSAGES.notConnected,
            description: CONNECT_ERRORS[error as keyof typeof CONNECT_ERRORS] ?? CONNECT_ERRORS.failed,
          },
    target: toast.shown,
  });
  announceEffect(announce, 'channels', importFx, {
    done: PROJECTS_MESSAGES.requestSubmitted,
    fail: PROJECTS_MESSAGES.urlsNotSubmitted,
  });

  return {
    pageOpened,
    channelChosen,
    pageChanged,
    videoToggled,
    pageVideosToggled,
    importSubmitted,
    reloadRequested,
    removeRequested,
    connectRequested,
    feedSubmitted,
    returnedFromProvider,
    fetchChannelsFx,
    fetchVideosFx,
    reloadFx,
    removeFx,
    importFx,
    finishFeedFx,
    $channels,
    $channelsLoaded,
    $providers,
    $channelId,
    $page,
    $pages,
    $count,
    $videos,
    $checked,
    $feedProblem,
    $loadingVideos: fetchVideosFx.pending,
    $importing: importFx.pending,
    $connecting: connectFx.pending,
    $finishing: finishFeedFx.pending,
  };
}

export type ChannelsModel = ReturnType<typeof createChannelsModel>;
