import { decodeHTML } from 'entities';
import { readXml, type XmlElement } from '../../../subtitles/common/formats/xml-reader';
import { MAX_DESCRIPTION_LENGTH } from './channel-provider';

/**
 * Podcast / media RSS 2.0 and Atom feeds read into a channel and its videos. An entry is a video
 * when it carries media: an RSS `<enclosure>`, a Media RSS `<media:content>` (also inside
 * `<media:group>`), an Atom `<link rel="enclosure">`, or a YouTube `<yt:videoId>` (its watch page,
 * which the link import reads with yt-dlp). Entries without media (articles of a blog feed) are
 * left out, so a feed of none is "not a feed of videos". The app's one XML reader (saxes) drops
 * namespace prefixes; an entity a feed uses without declaring it (&nbsp;) is kept as written.
 * An entry's description and picture come along when the feed has them (the imported project keeps
 * them: issue 24).
 *
 * Why not a feed library: each brings a second XML parser (feedsmith and @rowanmanning/feed-parser
 * fast-xml-parser, rss-parser xml2js, feedparser sax), against the one streaming parser the app
 * keeps for TTML, TBX and feeds; feedsmith, tried on the shapes tested here, gave the same fields.
 * What is ours is the mapping of a dozen elements onto that parser, covered by feed-parser.test.ts.
 */
export interface FeedVideo {
  externalId: string;
  title: string;
  url: string;
  publishedAt: Date | null;
  durationMs: number | null;
  /** Plain text (a feed's HTML reduced to its words), at most MAX_DESCRIPTION_LENGTH characters. */
  description: string | null;
  /** An absolute http(s) address of the entry's picture (fetched later under the address guard). */
  thumbnailUrl: string | null;
}

export interface ParsedFeed {
  title: string;
  videos: FeedVideo[];
}

/** A channel keeps this many videos, newest first (a podcast of years stays usable). */
export const MAX_FEED_VIDEOS = 1000;

const children = (element: XmlElement, name?: string) =>
  element.children.filter(
    (child): child is XmlElement => typeof child !== 'string' && (name === undefined || child.name === name),
  );
const child = (element: XmlElement, name: string) => children(element, name)[0];
const textOf = (element: XmlElement | undefined): string =>
  element
    ? element.children
        .map((c) => (typeof c === 'string' ? c : textOf(c)))
        .join('')
        .replace(/\s+/g, ' ')
        .trim()
    : '';

const isMediaType = (type: string | undefined) => !type || /^(video|audio)\//i.test(type) || /mpegurl/i.test(type);

function mediaUrl(entry: XmlElement): string | null {
  const enclosure = children(entry, 'enclosure').find((e) => e.attributes.url && isMediaType(e.attributes.type));
  if (enclosure) return enclosure.attributes.url;
  // media:content (the reader drops the prefix; Atom's own <content> has no url attribute).
  const contents = [...children(entry, 'content'), ...children(entry, 'group').flatMap((g) => children(g, 'content'))];
  const content = contents.find(
    (c) => c.attributes.url && (isMediaType(c.attributes.type) || /^(video|audio)$/i.test(c.attributes.medium ?? '')),
  );
  if (content) return content.attributes.url;
  const link = children(entry, 'link').find(
    (l) => l.attributes.rel === 'enclosure' && l.attributes.href && isMediaType(l.attributes.type),
  );
  if (link) return link.attributes.href;
  const videoId = textOf(child(entry, 'videoId'));
  if (videoId)
    return (
      children(entry, 'link').find((l) => l.attributes.rel === 'alternate')?.attributes.href ??
      `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`
    );
  return null;
}

/**
 * RSS descriptions are HTML (escaped or in CDATA, so the XML reader hands them over as text):
 * block ends become line breaks, other tags go, and HTML's entities (&nbsp;, &eacute;, which XML
 * does not know) are decoded by `entities`, the decoder htmlparser2 and cheerio use.
 */
function plainText(html: string): string {
  const text = decodeHTML(
    html
      .replace(/<(br|\/p|\/div|\/li|\/h[1-6])\b[^>]*>/gi, '\n')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<[^>]*>/g, ''),
  );
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line, i, lines) => line !== '' || (i > 0 && lines[i - 1] !== ''))
    .join('\n')
    .trim();
}

/** The raw text of an element (its line breaks kept, unlike textOf: they matter in show notes). */
const rawTextOf = (element: XmlElement | undefined): string =>
  element ? element.children.map((c) => (typeof c === 'string' ? c : rawTextOf(c))).join('') : '';

/**
 * The first of: RSS `<description>`, iTunes/Atom `<summary>`, Media RSS `<media:description>` (also
 * in `<media:group>`), `<content:encoded>`, Atom `<content>` with text.
 */
function descriptionOf(entry: XmlElement): string | null {
  const candidates = [
    child(entry, 'description'),
    child(entry, 'summary'),
    ...children(entry, 'group').map((group) => child(group, 'description')),
    child(entry, 'encoded'),
    children(entry, 'content').find((c) => !c.attributes.url),
  ];
  for (const candidate of candidates) {
    const text = plainText(rawTextOf(candidate));
    if (text) return text.slice(0, MAX_DESCRIPTION_LENGTH);
  }
  return null;
}

const isImageType = (type: string | undefined) => !!type && /^image\//i.test(type);

/** `<media:thumbnail url>` (also in `<media:group>`), `<itunes:image href>`, an image enclosure or media:content. */
function thumbnailOf(entry: XmlElement, base: string): string | null {
  const groups = children(entry, 'group');
  const candidates = [
    ...children(entry, 'thumbnail').map((t) => t.attributes.url),
    ...groups.flatMap((g) => children(g, 'thumbnail')).map((t) => t.attributes.url),
    ...children(entry, 'image').map((i) => i.attributes.href ?? textOf(child(i, 'url'))),
    ...children(entry, 'enclosure')
      .filter((e) => isImageType(e.attributes.type))
      .map((e) => e.attributes.url),
    ...[...children(entry, 'content'), ...groups.flatMap((g) => children(g, 'content'))]
      .filter((c) => isImageType(c.attributes.type) || /^image$/i.test(c.attributes.medium ?? ''))
      .map((c) => c.attributes.url),
  ];
  for (const candidate of candidates) {
    const url = candidate && absolute(candidate.trim(), base);
    if (url) return url;
  }
  return null;
}

/** itunes:duration ("1:02:03", "62:03" or seconds) or media:content's duration (seconds). */
function durationOf(entry: XmlElement): number | null {
  const raw =
    textOf(child(entry, 'duration')) ||
    children(entry, 'content').find((c) => c.attributes.duration)?.attributes.duration ||
    '';
  if (!/^\d+(:\d{1,2}){0,2}(\.\d+)?$/.test(raw)) return null;
  const seconds = raw.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  return Number.isFinite(seconds) ? Math.round(seconds * 1000) : null;
}

function dateOf(entry: XmlElement): Date | null {
  const raw =
    textOf(child(entry, 'pubDate')) ||
    textOf(child(entry, 'published')) ||
    textOf(child(entry, 'updated')) ||
    textOf(child(entry, 'date'));
  const time = raw ? Date.parse(raw) : NaN;
  return Number.isNaN(time) ? null : new Date(time);
}

function absolute(url: string, base: string): string | null {
  try {
    const resolved = new URL(url, base);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : null;
  } catch {
    return null;
  }
}

/** Null when the text is not an RSS or Atom feed with at least one video. */
export function parseFeed(xml: string, feedUrl: string): ParsedFeed | null {
  let root: XmlElement;
  try {
    root = readXml(xml, { keepUnknownEntities: true });
  } catch {
    return null;
  }
  const container =
    root.name === 'rss' ? child(root, 'channel') : root.name === 'feed' ? root : root.name === 'RDF' ? root : undefined;
  if (!container) return null;
  const entries = children(container, root.name === 'feed' ? 'entry' : 'item');
  const seen = new Set<string>();
  const videos: FeedVideo[] = [];
  for (const entry of entries) {
    const found = mediaUrl(entry);
    const url = found && absolute(found, feedUrl);
    if (!url) continue;
    const externalId = (
      textOf(child(entry, 'videoId')) ||
      textOf(child(entry, 'guid')) ||
      textOf(child(entry, 'id')) ||
      url
    ).slice(0, 500);
    if (seen.has(externalId)) continue;
    seen.add(externalId);
    const title = (textOf(child(entry, 'title')) || new URL(url).pathname.split('/').pop() || url).slice(0, 255);
    videos.push({
      externalId,
      title,
      url,
      publishedAt: dateOf(entry),
      durationMs: durationOf(entry),
      description: descriptionOf(entry),
      thumbnailUrl: thumbnailOf(entry, feedUrl),
    });
  }
  if (videos.length === 0) return null;
  // Newest first when dated; the feed's own order otherwise (sort is stable).
  videos.sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0));
  const title = (textOf(child(container, 'title')) || new URL(feedUrl).hostname).slice(0, 200);
  return { title, videos: videos.slice(0, MAX_FEED_VIDEOS) };
}
