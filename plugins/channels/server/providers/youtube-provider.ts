import {
  ChannelSourceError,
  MAX_DESCRIPTION_LENGTH,
  type ChannelProvider,
  type ProviderCredentials,
  type ProviderVideo,
} from './channel-provider';

/**
 * YouTube through OAuth 2 (authorization code with PKCE, offline access) and the Data API v3:
 * `channels.list mine=true` names the person's channel and its uploads playlist, and
 * `playlistItems.list` pages through it. Offered only when YOUTUBE_CLIENT_ID and
 * YOUTUBE_CLIENT_SECRET are set; the three base URLs can point elsewhere (tests use a local
 * double). The endpoints are the operator's configuration, not a user's input, so they are
 * called directly rather than through the link guard.
 */
export interface YoutubeConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  apiUrl: string;
}

export function youtubeConfigFromEnv(env: Record<string, string | undefined> = process.env): YoutubeConfig | null {
  const clientId = env.YOUTUBE_CLIENT_ID?.trim();
  const clientSecret = env.YOUTUBE_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return null;
  return {
    clientId,
    clientSecret,
    authUrl: env.YOUTUBE_AUTH_URL?.trim() || 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: env.YOUTUBE_TOKEN_URL?.trim() || 'https://oauth2.googleapis.com/token',
    apiUrl: (env.YOUTUBE_API_URL?.trim() || 'https://www.googleapis.com/youtube/v3').replace(/\/+$/, ''),
  };
}

const SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';
/** Uploads read per reload: 10 pages of the API's maximum 50. */
const MAX_VIDEOS = 500;
const CALL_TIMEOUT_MS = 30_000;

interface Tokens extends ProviderCredentials {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch ms. */
  expiresAt: number;
  uploadsPlaylistId: string;
}

interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
}

/** A thumbnail size of the Data API (default 120 px wide, medium 320, high 480, standard 640, maxres 1280). */
type ThumbnailSizes = Partial<Record<'default' | 'medium' | 'high' | 'standard' | 'maxres', { url?: string }>>;

interface PlaylistItem {
  snippet?: {
    title?: string;
    description?: string;
    publishedAt?: string;
    resourceId?: { videoId?: string };
    thumbnails?: ThumbnailSizes;
  };
  contentDetails?: { videoId?: string; videoPublishedAt?: string };
}

export function youtubeProvider(config: YoutubeConfig): ChannelProvider {
  async function call<T>(url: string, init: RequestInit, what: string): Promise<T> {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) }).catch(
      (error: Error) => {
        throw new ChannelSourceError(`YouTube could not be reached (${what}): ${error.message}`);
      },
    );
    if (!response.ok) {
      // The person's grant was revoked or is wrong: they must connect again; say so plainly.
      if (response.status === 400 || response.status === 401 || response.status === 403)
        throw new ChannelSourceError(
          `YouTube refused the ${what} (HTTP ${response.status}): connect the channel again`,
        );
      throw new ChannelSourceError(`YouTube answered HTTP ${response.status} to the ${what}`);
    }
    return (await response.json()) as T;
  }

  const tokenCall = (fields: Record<string, string>, what: string) =>
    call<TokenAnswer>(
      config.tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...fields }),
      },
      what,
    );

  const api = <T>(path: string, params: Record<string, string>, accessToken: string, what: string) =>
    call<T>(
      `${config.apiUrl}/${path}?${new URLSearchParams(params)}`,
      { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
      what,
    );

  async function fresh(tokens: Tokens): Promise<{ tokens: Tokens; refreshed: boolean }> {
    if (tokens.expiresAt - 60_000 > Date.now() || !tokens.refreshToken) return { tokens, refreshed: false };
    const answer = await tokenCall(
      { grant_type: 'refresh_token', refresh_token: tokens.refreshToken },
      'token refresh',
    );
    return {
      tokens: {
        ...tokens,
        accessToken: answer.access_token,
        expiresAt: Date.now() + (answer.expires_in ?? 3600) * 1000,
      },
      refreshed: true,
    };
  }

  async function uploads(tokens: Tokens): Promise<ProviderVideo[]> {
    const videos: ProviderVideo[] = [];
    let pageToken = '';
    do {
      const page = await api<{ items?: PlaylistItem[]; nextPageToken?: string }>(
        'playlistItems',
        {
          part: 'snippet,contentDetails',
          playlistId: tokens.uploadsPlaylistId,
          maxResults: '50',
          ...(pageToken ? { pageToken } : {}),
        },
        tokens.accessToken,
        'list of uploads',
      );
      for (const item of page.items ?? []) {
        const videoId = item.contentDetails?.videoId ?? item.snippet?.resourceId?.videoId;
        if (!videoId) continue;
        const published = item.contentDetails?.videoPublishedAt ?? item.snippet?.publishedAt;
        videos.push({
          externalId: videoId,
          title: (item.snippet?.title ?? videoId).slice(0, 255),
          url: `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`,
          publishedAt: published && !Number.isNaN(Date.parse(published)) ? new Date(published) : null,
          durationMs: null,
          description: item.snippet?.description?.trim().slice(0, MAX_DESCRIPTION_LENGTH) || null,
          // Medium (320 px) matches the thumbnails the app makes; larger ones only cost bytes.
          thumbnailUrl:
            ['medium', 'high', 'default']
              .map((size) => item.snippet?.thumbnails?.[size as 'medium']?.url)
              .find(Boolean) ?? null,
        });
      }
      pageToken = page.nextPageToken ?? '';
    } while (pageToken && videos.length < MAX_VIDEOS);
    return videos.slice(0, MAX_VIDEOS);
  }

  return {
    info: {
      id: 'youtube',
      name: 'YouTube',
      description: 'Your YouTube channel’s uploads, through your Google account (read-only).',
    },
    codeIsRetryable: false,
    authorizationUrl({ state, codeChallenge, redirectUri }) {
      const params = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: redirectUri,
        scope: SCOPE,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        // A refresh token, so reloads work after the hour the access token lasts.
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
      });
      return `${config.authUrl}?${params}`;
    },
    async connect({ code, codeVerifier, redirectUri }) {
      const answer = await tokenCall(
        { grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: redirectUri },
        'authorization code',
      );
      const accessToken = answer.access_token;
      const mine = await api<{
        items?: {
          id: string;
          snippet?: { title?: string; customUrl?: string };
          contentDetails?: { relatedPlaylists?: { uploads?: string } };
        }[];
      }>('channels', { part: 'snippet,contentDetails', mine: 'true' }, accessToken, 'channel lookup');
      const channel = mine.items?.[0];
      const uploadsPlaylistId = channel?.contentDetails?.relatedPlaylists?.uploads;
      if (!channel || !uploadsPlaylistId) throw new ChannelSourceError('This Google account has no YouTube channel');
      const tokens: Tokens = {
        accessToken,
        refreshToken: answer.refresh_token ?? null,
        expiresAt: Date.now() + (answer.expires_in ?? 3600) * 1000,
        uploadsPlaylistId,
      };
      return {
        externalId: channel.id,
        name: (channel.snippet?.title ?? channel.id).slice(0, 200),
        sourceUrl: `https://www.youtube.com/channel/${encodeURIComponent(channel.id)}`,
        credentials: tokens,
        videos: await uploads(tokens),
      };
    },
    async readVideos(channel) {
      const { tokens, refreshed } = await fresh(channel.credentials as Tokens);
      return { videos: await uploads(tokens), credentials: refreshed ? tokens : undefined };
    },
  };
}
