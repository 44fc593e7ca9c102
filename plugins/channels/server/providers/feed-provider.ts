import {
  LinkFetchError,
  LinkTooLargeError,
  safeFetch,
  UnsafeLinkError,
  type AddressAllowance,
} from '../../../../server/plugin-api';
import { CHANNELS_SERVER_MESSAGES as MESSAGES, FEED_CONNECT_PAGE } from '../../common/channels-contract';
import { ChannelSourceError, type ChannelProvider, type ProviderVideo } from './channel-provider';
import { parseFeed } from './feed-parser';

/** A feed is text: a few megabytes hold thousands of entries. */
const MAX_FEED_BYTES = 5 * 1024 * 1024;
const FEED_TIMEOUT_MS = 30_000;

function feedAddress(raw: string): URL {
  try {
    const url = new URL(raw.trim());
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // the message below
  }
  throw new ChannelSourceError(MESSAGES.feedUrlInvalid);
}

/**
 * The provider that needs no account: a public podcast or media RSS / Atom feed (a YouTube
 * channel's own feed included). Its "authorization" is a page of the app where the person pastes
 * the feed's address, which comes back to the callback as the code. The feed is fetched under the
 * link import's address guard (public addresses only, unless LINK_IMPORT_ALLOW_CIDRS allows more).
 */
export function feedProvider(allow: AddressAllowance | undefined): ChannelProvider {
  async function read(address: string): Promise<{ title: string; videos: ProviderVideo[]; url: string }> {
    const url = feedAddress(address);
    let text: string;
    try {
      const response = await safeFetch(url, {
        maxBytes: MAX_FEED_BYTES,
        timeoutMs: FEED_TIMEOUT_MS,
        allow,
        headers: {
          accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
        },
      });
      const chunks: Buffer[] = [];
      for await (const chunk of response.body) chunks.push(chunk as Buffer);
      text = Buffer.concat(chunks).toString('utf8');
    } catch (error) {
      if (error instanceof UnsafeLinkError) throw new ChannelSourceError(`The address was refused: ${error.message}`);
      if (error instanceof LinkTooLargeError) throw new ChannelSourceError('The feed is larger than 5 MB');
      if (error instanceof LinkFetchError)
        throw new ChannelSourceError(`The feed could not be fetched: ${error.message}`);
      throw error;
    }
    const feed = parseFeed(text, url.href);
    if (!feed) throw new ChannelSourceError(MESSAGES.notAFeed);
    return { ...feed, url: url.href };
  }

  return {
    info: {
      id: 'feed',
      name: 'Public feed',
      description: 'A podcast or media RSS / Atom feed, e.g. a YouTube channel’s feed: no account needed.',
    },
    codeIsRetryable: true,
    authorizationUrl: ({ state }) => `${FEED_CONNECT_PAGE}?state=${encodeURIComponent(state)}`,
    async connect({ code }) {
      const feed = await read(code);
      return { externalId: feed.url, name: feed.title, sourceUrl: feed.url, credentials: {}, videos: feed.videos };
    },
    async readVideos(channel) {
      return { videos: (await read(channel.sourceUrl)).videos };
    },
  };
}
