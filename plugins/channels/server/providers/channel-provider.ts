import type { ChannelProviderId, ChannelProviderInfo } from '../../common/channels-contract';

/** Show notes can run to pages; a project keeps their first 5,000 characters. */
export const MAX_DESCRIPTION_LENGTH = 5000;

/** A video as a provider lists it, newest first. */
export interface ProviderVideo {
  externalId: string;
  title: string;
  url: string;
  publishedAt: Date | null;
  durationMs: number | null;
  /** Plain text, when the provider has one (a podcast's show notes, a video's description). */
  description?: string | null;
  /** The provider's picture of the video (http/https), fetched at import under the address guard. */
  thumbnailUrl?: string | null;
}

/** What a provider keeps between reads (OAuth tokens); opaque to everything but the provider. */
export type ProviderCredentials = Record<string, unknown>;

export interface ConnectedChannel {
  externalId: string;
  name: string;
  sourceUrl: string;
  credentials: ProviderCredentials;
  videos: ProviderVideo[];
}

export interface StoredChannel {
  externalId: string;
  sourceUrl: string;
  credentials: ProviderCredentials;
}

/**
 * One way to reach channels elsewhere. Connecting has the OAuth shape for every provider: the
 * browser is sent to `authorizationUrl` and comes back to the callback with the state and a
 * `code`, which `connect` turns into the channel. A provider needing no account plays its own
 * authorization server: its URL is a page of the app and its "code" is what the person entered.
 */
export interface ChannelProvider {
  readonly info: ChannelProviderInfo;
  /** A code the person typed can be corrected and sent again with the same state; a provider's one-time code cannot. */
  readonly codeIsRetryable: boolean;
  authorizationUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  connect(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<ConnectedChannel>;
  /** The channel's videos now, and its credentials when they changed (a refreshed token). */
  readVideos(channel: StoredChannel): Promise<{ videos: ProviderVideo[]; credentials?: ProviderCredentials }>;
}

/** A reason a person can act on ("no feed at this address"), as opposed to an outage or a bug. */
export class ChannelSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChannelSourceError';
  }
}

export type ChannelProviders = ReadonlyMap<ChannelProviderId, ChannelProvider>;
