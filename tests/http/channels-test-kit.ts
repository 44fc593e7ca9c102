import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { startLoopbackServer, type LoopbackServer } from '../../server/net/testing/loopback-server';

/**
 * Support of the channels HTTP tests: a podcast-style RSS feed of `count` videos served on
 * loopback with its clips, and a local double of Google's OAuth and YouTube Data API endpoints.
 */

export interface FeedServer extends LoopbackServer {
  /** How many items /feed.xml lists now (a test changes it to see a reload). */
  setCount(count: number): void;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The show notes of episode `n` as a reader sees them (the feed has them as HTML in CDATA). */
export const showNotes = (n: number) => `Episode ${n}: the harbour & the ferry, été.\nSecond paragraph.`;

/**
 * RSS 2.0 with iTunes durations, newest first; every item's enclosure is one of the served clips
 * and has HTML show notes; odd episodes have a picture (`/art/square.png`, served from the media
 * folder), even ones a picture at an address the guard refuses.
 */
export function rssFeed(origin: string, count: number): string {
  const items = Array.from({ length: count }, (_, i) => {
    const n = count - i;
    const day = new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toUTCString();
    const picture = n % 2 ? `${origin}/art/square.png` : 'http://10.0.0.1/art/square.png';
    return `<item><title>Episode ${n} &amp; friends</title><guid isPermaLink="false">ep-${n}</guid><pubDate>${day}</pubDate>
      <description><![CDATA[<p>Episode ${n}: the harbour &amp; the ferry, &eacute;t&eacute;.</p><p>Second <b>paragraph</b>.</p>]]></description>
      <itunes:image href="${picture}"/>
      <itunes:duration>0:02</itunes:duration><enclosure url="${origin}/media/clip-${n % 2 ? 'a' : 'b'}.mp4" length="1" type="video/mp4"/></item>`;
  }).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>${escapeXml('Harbour Line Podcast')}</title>
<link>${origin}/</link><description>Test feed</description>${items}</channel></rss>`;
}

/** /feed.xml, /blog.xml (an RSS of articles, no media), /media/<file> and /art/<file> from `mediaDir`. */
export async function serveFeed(host: string, mediaDir: string, initialCount: number): Promise<FeedServer> {
  let count = initialCount;
  const server = await startLoopbackServer(host, (request, response, self) => {
    const { pathname } = new URL(request.url ?? '/', 'http://x');
    if (pathname === '/feed.xml')
      return void response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rssFeed(self.origin, count));
    if (pathname === '/blog.xml') {
      return void response
        .writeHead(200, { 'content-type': 'application/rss+xml' })
        .end(
          '<rss><channel><title>Blog</title><item><title>Post</title><link>https://example.com/p</link></item></channel></rss>',
        );
    }
    if (pathname.startsWith('/media/') || pathname.startsWith('/art/')) {
      const file = path.join(mediaDir, path.basename(pathname));
      const type = pathname.endsWith('.png') ? 'image/png' : 'video/mp4';
      return void stat(file).then(
        (info) => {
          response.writeHead(200, { 'content-type': type, 'content-length': info.size });
          createReadStream(file).pipe(response);
        },
        () => response.writeHead(404).end(),
      );
    }
    response.writeHead(404).end();
  });
  return Object.assign(server, { setCount: (next: number) => void (count = next) });
}

export interface YoutubeDouble extends LoopbackServer {
  /** Token requests by grant type, in order. */
  grants: string[];
  /** The challenge the browser was sent with, registered when the test "consents". */
  consent(code: string, codeChallenge: string): void;
}

/**
 * Google's token endpoint and the Data API v3 as the adapter calls them: a code is good once and
 * only with the PKCE verifier of its challenge; the channel has 12 uploads over two pages.
 */
export async function startYoutubeDouble(host: string): Promise<YoutubeDouble> {
  const grants: string[] = [];
  const codes = new Map<string, string>();
  const uploads = Array.from({ length: 12 }, (_, i) => ({
    contentDetails: {
      videoId: `vid${String(i + 1).padStart(2, '0')}`,
      videoPublishedAt: new Date(Date.UTC(2026, 1, 12 - i)).toISOString(),
    },
    snippet: {
      title: `Upload ${i + 1}`,
      description: `About upload ${i + 1}.`,
      thumbnails: {
        default: { url: `https://i.ytimg.com/vi/vid${i + 1}/default.jpg` },
        medium: { url: `https://i.ytimg.com/vi/vid${i + 1}/mqdefault.jpg` },
      },
    },
  }));
  const json = (response: import('node:http').ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const server = await startLoopbackServer(host, (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const bearer = request.headers.authorization;
    if (url.pathname === '/token' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        grants.push(form.get('grant_type') ?? '');
        if (form.get('client_id') !== 'test-client' || form.get('client_secret') !== 'test-secret')
          return json(response, 401, { error: 'invalid_client' });
        if (form.get('grant_type') === 'refresh_token') {
          return form.get('refresh_token') === 'refresh-1'
            ? json(response, 200, { access_token: 'access-2', expires_in: 3600 })
            : json(response, 400, { error: 'invalid_grant' });
        }
        const challenge = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (!challenge || createHash('sha256').update(verifier).digest('base64url') !== challenge)
          return json(response, 400, { error: 'invalid_grant' });
        json(response, 200, { access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 3600 });
      });
      return;
    }
    if (bearer !== 'Bearer access-1' && bearer !== 'Bearer access-2')
      return json(response, 401, { error: { code: 401 } });
    if (url.pathname === '/youtube/v3/channels' && url.searchParams.get('mine') === 'true') {
      return json(response, 200, {
        items: [
          {
            id: 'UCtest',
            snippet: { title: 'Test Studio' },
            contentDetails: { relatedPlaylists: { uploads: 'UUtest' } },
          },
        ],
      });
    }
    if (url.pathname === '/youtube/v3/playlistItems' && url.searchParams.get('playlistId') === 'UUtest') {
      const second = url.searchParams.get('pageToken') === 'page-2';
      return json(
        response,
        200,
        second ? { items: uploads.slice(7) } : { items: uploads.slice(0, 7), nextPageToken: 'page-2' },
      );
    }
    json(response, 404, { error: { code: 404 } });
  });
  return Object.assign(server, {
    grants,
    consent: (code: string, challenge: string) => void codes.set(code, challenge),
  });
}
