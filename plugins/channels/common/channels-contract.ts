import type { Resource } from '../../../core/common/session-types';

/**
 * External channels (docs/product-contract.md#entities-and-fields, #calls "External channels", #messages, #constants-and-limits): a workspace connects a
 * channel of videos elsewhere (a public feed, or a YouTube channel through OAuth), browses its
 * videos 10 a page and imports the chosen ones as projects — a link submission like any other
 * (`youtube_dl_with_project`: the same job and the same address guard), then home (docs/product-contract.md#screens-and-routes).
 *
 * Connecting has the shape of every outside provider: `connect` answers a `redirect_uri`, the
 * browser goes there, and comes back to the callback with the `state` the server issued, which
 * is bound to the session and the workspace and good once.
 */
export const CHANNELS_PATHS = {
  /** POST { workspaceId, provider } -> ConnectResponse. */
  connect: '/api/v1/external_channels/connect',
  /** GET ?state&code[&error] (a provider sends the browser here) -> 303 to the channels page; POST { state, code } -> ChannelResponse (201). */
  callback: '/api/v1/external_channels/callback',
  /** GET ?workspaceId -> ChannelsResponse. */
  channels: '/api/v1/external_channels',
  /** GET ?workspaceId[&externalChannelId][&page] -> VideosResponse. */
  videos: '/api/v1/external_channels/get_all_videos',
  /** DELETE -> { data: { id } }. */
  remove: (id: string) => `/api/v1/external_channels/${id}/delete`,
  /** POST (not in the spec): re-reads the channel's videos in a job -> 202 ChannelResponse. */
  reload: (id: string) => `/api/v1/external_channels/${id}/reload`,
} as const;

/** The channels page, and the in-app page where the no-account provider asks for the feed's address. */
export const CHANNELS_PAGE = '/external_channels';
export const FEED_CONNECT_PAGE = '/external_channels/connect/feed';

/** docs/product-contract.md#constants-and-limits. */
export const VIDEOS_PER_PAGE = 10;
/** docs/product-contract.md#constants-and-limits, verbatim: "total pages = count divided by 10, rounded down, plus one". */
export const pagesFor = (count: number) => Math.floor(count / VIDEOS_PER_PAGE) + 1;

/** docs/product-contract.md#messages, verbatim; the rest are ours. */
export const CHANNELS_MESSAGES = {
  videosNotLoaded: 'External videos could not be loaded',
  channelsNotLoaded: 'External channels could not be loaded',
  notReloaded: 'External channel could not be reloaded',
  removed: 'External channel has been removed',
  // Not in the spec (ours).
  notRemoved: 'External channel could not be removed',
  notConnected: 'External channel could not be connected',
  connected: 'External channel connected',
  reloaded: 'External channel reloaded',
} as const;

/** What the server says (not in the spec). */
export const CHANNELS_SERVER_MESSAGES = {
  notFound: 'External channel not found',
  providerUnavailable: 'This provider is not set up on this server',
  stateInvalid: 'This connection was not started here, has expired or was already used: connect the channel again',
  denied: 'The provider did not grant access to the channel',
  feedUrlInvalid: 'Enter the address of a feed (http or https)',
  notAFeed: 'No RSS or Atom feed with videos was found at this address',
  onlyOwnerRemoves: 'Only account admins or the person who connected it can remove this channel',
} as const;

/** The callback's outcome on the channels page (`?connectError=`), in the page's words. */
export const CONNECT_ERRORS = {
  state: CHANNELS_SERVER_MESSAGES.stateInvalid,
  denied: CHANNELS_SERVER_MESSAGES.denied,
  failed: CHANNELS_MESSAGES.notConnected,
} as const;
export type ConnectErrorCode = keyof typeof CONNECT_ERRORS;

export type ChannelProviderId = 'feed' | 'youtube';
/** `reloading` while a job re-reads the videos; `failed` when the last read failed (the reason in `lastError`). */
export type ChannelState = 'ready' | 'reloading' | 'failed';

export interface ChannelProviderInfo {
  id: ChannelProviderId;
  name: string;
  description: string;
}

export interface ChannelAttributes {
  name: string;
  provider: ChannelProviderId;
  /** Where the channel lives (the feed's or the channel's address). */
  sourceUrl: string;
  videosCount: number;
  state: ChannelState;
  lastError: string | null;
  reloadedAt: string | null;
  createdAt: string;
  workspaceId: string;
}
export type ChannelResource = Resource<'externalChannel', ChannelAttributes>;

export interface VideoAttributes {
  externalChannelId: string;
  title: string;
  /** What an import submits as a link. */
  url: string;
  publishedAt: string | null;
  durationMs: number | null;
  /** The feed's or provider's description, plain text (null when it has none). */
  description: string | null;
  /** The provider's picture, a remote address (the browser does not load it: the CSP allows our own images only; an import stores a copy). */
  thumbnailUrl: string | null;
}
export type VideoResource = Resource<'externalVideo', VideoAttributes>;

export interface ConnectRequest {
  workspaceId: string;
  provider: ChannelProviderId;
}
export interface ConnectResponse {
  redirect_uri: string;
}
export interface CallbackRequest {
  state: string;
  code: string;
}
export interface ChannelResponse {
  data: ChannelResource;
}
export interface ChannelsResponse {
  data: ChannelResource[];
  /** The providers this server offers (YouTube only when configured). */
  meta: { providers: ChannelProviderInfo[] };
}
export interface VideosResponse {
  data: VideoResource[];
  meta: { page: number; videosPerPage: number; count: number; pages: number };
}
