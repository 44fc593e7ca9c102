import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressAllowance } from '../net/address-allowance';
import { startLoopbackServer, type LoopbackServer } from '../net/testing/loopback-server';
import {
  importFromLink,
  LinkNotMediaError,
  LinkTooLargeError,
  UnsafeLinkError,
  type LinkImportProgress,
} from './link-import';
import { probe } from './media';
import { runProcess } from './process-runner';

/**
 * Real imports over loopback: the media is generated with ffmpeg, served on 127.0.0.2 (the only
 * address the test allowance lists) and fetched by plain HTTP or by yt-dlp through the guard
 * proxy. 127.0.0.1 serves the same files and plays the private service that must stay unreached.
 */

const allow = new AddressAllowance(['127.0.0.2/32']);
let root: string;
let mediaDir: string;
let clipBytes: number;
let allowed: LoopbackServer;
let forbidden: LoopbackServer;

const html = (title: string, videoSrc: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><video src="${videoSrc}" controls></video></body></html>`;

function serveMedia(
  request: import('node:http').IncomingMessage,
  response: import('node:http').ServerResponse,
  self: LoopbackServer,
) {
  const url = new URL(request.url ?? '/', self.origin);
  const sendFile = (file: string, type: string) => {
    const full = path.join(mediaDir, file);
    stat(full).then(
      (info) => {
        response.writeHead(200, { 'content-type': type, 'content-length': info.size });
        createReadStream(full).pipe(response);
      },
      () => response.writeHead(404).end(),
    );
  };
  if (url.pathname === '/clip.mp4') return sendFile('clip.mp4', 'video/mp4');
  if (url.pathname === '/download') return sendFile('clip.mp4', 'application/octet-stream');
  if (url.pathname.startsWith('/hls/')) {
    const file = path.basename(url.pathname);
    return sendFile(path.join('hls', file), file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t');
  }
  if (url.pathname === '/watch')
    return response.writeHead(200, { 'content-type': 'text/html' }).end(html('Test pattern clip', '/clip.mp4'));
  if (url.pathname === '/watch-private') {
    return response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(html('Private', `http://127.0.0.1:${forbidden.port}/clip.mp4`));
  }
  if (url.pathname === '/watch-redirected')
    return response.writeHead(200, { 'content-type': 'text/html' }).end(html('Redirected', '/to-loopback.mp4'));
  if (url.pathname === '/to-loopback.mp4')
    return response.writeHead(302, { location: `http://127.0.0.1:${forbidden.port}/clip.mp4` }).end();
  if (url.pathname === '/text')
    return response.writeHead(200, { 'content-type': 'text/html' }).end('<p>no video here</p>');
  if (url.pathname === '/endless.mp4') {
    // Streams the clip over and over without a Content-Length, like a host that lies about size.
    response.writeHead(200, { 'content-type': 'video/mp4' });
    let stopped = false;
    response.on('close', () => (stopped = true));
    void (async () => {
      const clip = await readFile(path.join(mediaDir, 'clip.mp4'));
      while (!stopped) {
        if (!response.write(clip)) await new Promise((resolve) => response.once('drain', resolve));
      }
    })();
    return undefined;
  }
  return response.writeHead(404).end();
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'polycue-link-import-test-'));
  mediaDir = path.join(root, 'media');
  await mkdir(path.join(mediaDir, 'hls'), { recursive: true });
  const quiet = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
  await runProcess('ffmpeg', [
    ...quiet,
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=320x240:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=2',
    '-shortest',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '25',
    '-c:v',
    'libx264',
    '-c:a',
    'aac',
    path.join(mediaDir, 'clip.mp4'),
  ]);
  await runProcess('ffmpeg', [
    ...quiet,
    '-i',
    path.join(mediaDir, 'clip.mp4'),
    '-c',
    'copy',
    '-f',
    'hls',
    '-hls_time',
    '1',
    '-hls_playlist_type',
    'vod',
    path.join(mediaDir, 'hls', 'index.m3u8'),
  ]);
  clipBytes = (await stat(path.join(mediaDir, 'clip.mp4'))).size;
  forbidden = await startLoopbackServer('127.0.0.1', serveMedia);
  allowed = await startLoopbackServer('127.0.0.2', serveMedia);
}, 60_000);

afterAll(async () => {
  await allowed?.close();
  await forbidden?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

let importCount = 0;
async function freshDest(): Promise<string> {
  importCount += 1;
  return path.join(root, `dest-${importCount}`);
}

async function filesIn(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}

describe('importFromLink', () => {
  it('downloads a direct video file and reports its size and duration', async () => {
    const destDir = await freshDest();
    const progress: LinkImportProgress[] = [];
    const media = await importFromLink(`${allowed.origin}/clip.mp4`, {
      destDir,
      maxBytes: 10_000_000,
      allow,
      onProgress: (p) => progress.push(p),
    });
    expect(media.via).toBe('direct');
    expect(media.sizeBytes).toBe(clipBytes);
    expect(media.durationMs).toBeGreaterThanOrEqual(1900);
    expect(media.durationMs).toBeLessThanOrEqual(2200);
    expect(media.hasVideo && media.hasAudio).toBe(true);
    expect(await filesIn(destDir)).toEqual([path.basename(media.filePath)]);
    expect(progress.at(-1)).toEqual({ downloadedBytes: clipBytes, totalBytes: clipBytes });
  });

  it('recognises a media file served as octet-stream by probing it', async () => {
    const media = await importFromLink(`${allowed.origin}/download`, {
      destDir: await freshDest(),
      maxBytes: 10_000_000,
      allow,
    });
    expect(media.via).toBe('direct');
    expect((await probe(media.filePath)).hasVideo).toBe(true);
  });

  it('downloads the video of a page with yt-dlp, through the guard proxy', async () => {
    const destDir = await freshDest();
    const progress: LinkImportProgress[] = [];
    const media = await importFromLink(`${allowed.origin}/watch`, {
      destDir,
      maxBytes: 10_000_000,
      allow,
      onProgress: (p) => progress.push(p),
    });
    expect(media.via).toBe('yt-dlp');
    expect(media.title).toMatch(/Test pattern clip/);
    expect(media.sizeBytes).toBe(clipBytes);
    expect(media.durationMs).toBeGreaterThanOrEqual(1900);
    expect(progress.at(-1)?.downloadedBytes).toBe(clipBytes);
    expect(await filesIn(destDir)).toEqual([path.basename(media.filePath)]);
  }, 60_000);

  it('downloads an HLS stream with yt-dlp', async () => {
    const destDir = await freshDest();
    const media = await importFromLink(`${allowed.origin}/hls/index.m3u8`, { destDir, maxBytes: 10_000_000, allow });
    expect(media.via).toBe('yt-dlp');
    expect(media.durationMs).toBeGreaterThanOrEqual(1900);
    expect(media.durationMs).toBeLessThanOrEqual(2200);
    expect(media.hasVideo && media.hasAudio).toBe(true);
    expect(allowed.hits.filter((hit) => hit.endsWith('.ts')).length).toBeGreaterThanOrEqual(2);
    expect(await filesIn(destDir)).toEqual([path.basename(media.filePath)]);
  }, 60_000);

  it('refuses the same loopback link without the test allowance, leaving nothing behind', async () => {
    const destDir = await freshDest();
    const hitsBefore = allowed.hits.length;
    for (const link of [`${allowed.origin}/clip.mp4`, `${allowed.origin}/watch`, `${forbidden.origin}/clip.mp4`]) {
      await expect(importFromLink(link, { destDir, maxBytes: 10_000_000 })).rejects.toBeInstanceOf(UnsafeLinkError);
    }
    expect(allowed.hits.length).toBe(hitsBefore);
    expect(await filesIn(destDir)).toEqual([]);
  });

  it.each([
    ['decimal', 'http://2130706433:PORT/clip.mp4'],
    ['octal', 'http://0177.0.0.1:PORT/clip.mp4'],
    ['hex', 'http://0x7f.0.0.1:PORT/clip.mp4'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]:PORT/clip.mp4'],
  ])('refuses 127.0.0.1 spelled in %s', async (_spelling, link) => {
    await expect(
      importFromLink(link.replace('PORT', String(forbidden.port)), {
        destDir: await freshDest(),
        maxBytes: 10_000_000,
        allow,
      }),
    ).rejects.toBeInstanceOf(UnsafeLinkError);
    expect(forbidden.hits).toEqual([]);
  });

  it('refuses a direct link that redirects from the allowed address to 127.0.0.1', async () => {
    const destDir = await freshDest();
    const error = await importFromLink(`${allowed.origin}/to-loopback.mp4`, {
      destDir,
      maxBytes: 10_000_000,
      allow,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsafeLinkError);
    expect(forbidden.hits).toEqual([]);
    expect(await filesIn(destDir)).toEqual([]);
  });

  it('keeps yt-dlp off 127.0.0.1 when a page points there, directly or by a redirect', async () => {
    for (const page of ['/watch-private', '/watch-redirected']) {
      const destDir = await freshDest();
      const error = await importFromLink(`${allowed.origin}${page}`, { destDir, maxBytes: 10_000_000, allow }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(UnsafeLinkError);
      expect((error as Error).message).toMatch(/127\.0\.0\.1/);
      expect(await filesIn(destDir)).toEqual([]);
    }
    expect(forbidden.hits).toEqual([]);
  }, 60_000);

  it('aborts a download without Content-Length mid-stream at the size limit and keeps no file', async () => {
    const destDir = await freshDest();
    const error = await importFromLink(`${allowed.origin}/endless.mp4`, {
      destDir,
      maxBytes: 3 * clipBytes,
      allow,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LinkTooLargeError);
    expect((error as LinkTooLargeError).limitBytes).toBe(3 * clipBytes);
    expect(await filesIn(destDir)).toEqual([]);
  });

  it('refuses a file or a page video larger than the limit and keeps nothing', async () => {
    for (const page of ['/clip.mp4', '/watch', '/hls/index.m3u8']) {
      const destDir = await freshDest();
      const error = await importFromLink(`${allowed.origin}${page}`, {
        destDir,
        maxBytes: Math.floor(clipBytes / 2),
        allow,
      }).catch((e: unknown) => e);
      expect(error, page).toBeInstanceOf(LinkTooLargeError);
      expect(await filesIn(destDir), page).toEqual([]);
    }
  }, 60_000);

  it('says so when a page has no video', async () => {
    const destDir = await freshDest();
    await expect(
      importFromLink(`${allowed.origin}/text`, { destDir, maxBytes: 10_000_000, allow }),
    ).rejects.toBeInstanceOf(LinkNotMediaError);
    expect(await filesIn(destDir)).toEqual([]);
  }, 60_000);
});
