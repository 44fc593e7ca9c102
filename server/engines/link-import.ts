import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AddressAllowance } from '../net/address-allowance';
import { startGuardProxy } from '../net/guard-proxy';
import { LinkFetchError, LinkTooLargeError, UnsafeLinkError } from '../net/link-errors';
import { resolvePublic, safeFetch, type SafeResponse } from '../net/safe-fetch';
import { checkMedia, type MediaRefusal } from './media-check';
import { EngineAbortedError, EngineProcessError, runProcess } from './process-runner';

export { LinkFetchError, LinkTooLargeError, UnsafeLinkError } from '../net/link-errors';

/**
 * Link import: a direct media file is streamed over plain HTTP (safeFetch); anything else is a
 * page for yt-dlp, whose own networking is forced through the guard proxy. Either way the result
 * is probed with ffprobe, refused when over the size limit, and nothing partial stays on disk.
 */

export interface LinkImportProgress {
  downloadedBytes: number;
  /** Announced or estimated by the host; null when unknown. */
  totalBytes: number | null;
}

export interface LinkImportOptions {
  /** Where the media file ends up; a private directory per import (a file of the same name is replaced). */
  destDir: string;
  maxBytes: number;
  signal?: AbortSignal;
  /** Test-only exception from LINK_IMPORT_ALLOW_CIDRS; never set in production. */
  allow?: AddressAllowance;
  onProgress?: (progress: LinkImportProgress) => void;
  /** The whole import (default 2 hours). */
  timeoutMs?: number;
}

export interface ImportedMedia {
  filePath: string;
  title: string;
  sizeBytes: number;
  durationMs: number;
  hasVideo: boolean;
  /** ffprobe's container names (MediaInfo.format). */
  format: string;
  hasAudio: boolean;
  via: 'direct' | 'yt-dlp';
}

/** What the link led to, when it is not video or audio that plays (media-check.ts). */
const LINK_REFUSALS: Record<MediaRefusal, string | undefined> = {
  not_media: undefined,
  picture: 'The link leads to a picture, not a video or audio file',
  incomplete: 'The file at the link is incomplete: its video index is missing',
};

/** The import refuses a file that is not video or audio (ffprobe finds no such stream). */
export class LinkNotMediaError extends Error {
  constructor(message = 'The link does not lead to a video or audio file') {
    super(message);
    this.name = 'LinkNotMediaError';
  }
}

const MEDIA_EXTENSIONS = new Set([
  'mp4',
  'm4v',
  'mov',
  'webm',
  'mkv',
  'avi',
  'wmv',
  'flv',
  'mpg',
  'mpeg',
  'ts',
  '3gp',
  'ogv',
  'mp3',
  'm4a',
  'aac',
  'wav',
  'ogg',
  'oga',
  'opus',
  'flac',
  'wma',
]);
/** Bytes yt-dlp may fetch besides the media itself (pages, player scripts, playlists). */
const PAGE_HEADROOM_BYTES = 32 * 1024 * 1024;
const PROGRESS_PREFIX = 'polycue-progress ';
/** yt-dlp writes the final path and title here (outside its output template, so never mistaken for media). */
const RESULT_FILE = '.polycue-file.json';
const TITLE_FILE = '.polycue-title.json';

/** The last path segment, percent-decoded when that is valid UTF-8 (a link's path may be anything). */
function fileNameOf(url: URL): string {
  const last = path.posix.basename(url.pathname);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

function extensionOf(url: URL): string {
  return path.extname(fileNameOf(url)).slice(1).toLowerCase();
}

function isDirectMedia(response: SafeResponse): boolean {
  const type = String(response.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  // HLS playlists are often served as audio/mpegurl: they are yt-dlp's job, not a file to keep.
  if (type.includes('mpegurl')) return false;
  if (type.startsWith('video/') || type.startsWith('audio/')) return true;
  // A binary download is a file whatever its name; ffprobe decides afterwards whether it is media.
  if (type === 'application/octet-stream' || type === 'binary/octet-stream') return true;
  return type === '' && MEDIA_EXTENSIONS.has(extensionOf(response.url));
}

function safeFileName(name: string, fallbackExtension: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .slice(-100);
  const withName = cleaned || 'media';
  return path.extname(withName) ? withName : `${withName}.${fallbackExtension}`;
}

async function downloadDirect(response: SafeResponse, workDir: string, onProgress?: LinkImportOptions['onProgress']) {
  const baseName = fileNameOf(response.url);
  const subtype = String(response.headers['content-type'] ?? '')
    .split(/[/;]/)[1]
    ?.trim()
    .replace(/^x-/, '');
  const filePath = path.join(workDir, safeFileName(baseName, !subtype || subtype.includes('octet') ? 'bin' : subtype));
  let downloaded = 0;
  response.body.on('data', (chunk: Buffer) => {
    downloaded += chunk.length;
    onProgress?.({ downloadedBytes: downloaded, totalBytes: response.contentLength });
  });
  await pipeline(response.body, createWriteStream(filePath));
  return { filePath, title: path.parse(baseName).name || response.url.hostname };
}

/** A clean environment: no proxy variables (NO_PROXY would let Python bypass --proxy), no user config. */
function toolEnvironment(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    XDG_CACHE_HOME: home,
    XDG_CONFIG_HOME: home,
    LANG: 'C.UTF-8',
  };
}

/** yt-dlp reads a --print-to-file path as an output template: a literal % must be doubled. */
const asTemplate = (filePath: string) => filePath.replaceAll('%', '%%');

async function lastJsonLine(filePath: string): Promise<string | null> {
  const text = await readFile(filePath, 'utf8').catch(() => '');
  const line = text.trim().split('\n').at(-1);
  return line ? (JSON.parse(line) as string) : null;
}

async function downloadWithYtDlp(url: URL, workDir: string, options: LinkImportOptions, signal: AbortSignal) {
  const stop = new AbortController();
  const runSignal = AbortSignal.any([signal, stop.signal]);
  let tooLarge: LinkTooLargeError | null = null;
  const overLimit = (seen: number | null) => {
    tooLarge ??= new LinkTooLargeError(options.maxBytes, seen);
    stop.abort();
  };
  const proxy = await startGuardProxy({
    allow: options.allow,
    budgetBytes: options.maxBytes + PAGE_HEADROOM_BYTES,
    onBudgetExceeded: () => overLimit(null),
  });
  // Bytes of finished downloads (video and audio of one link are downloaded one after the other).
  let finishedBytes = 0;
  let currentBytes = 0;
  const onLine = (line: string) => {
    if (line.startsWith(PROGRESS_PREFIX)) {
      const [downloaded, total, estimate] = line
        .slice(PROGRESS_PREFIX.length)
        .split(' ')
        .map((value) => (/^[\d.]+$/.test(value) ? Number(value) : null));
      if (downloaded === null) return;
      if (downloaded < currentBytes) finishedBytes += currentBytes;
      currentBytes = downloaded;
      const downloadedBytes = finishedBytes + currentBytes;
      // An exact total over the limit stops the download at its first progress line.
      if (downloadedBytes > options.maxBytes || (total !== null && finishedBytes + total > options.maxBytes)) {
        overLimit(Math.max(downloadedBytes, finishedBytes + (total ?? 0)));
      } else {
        options.onProgress?.({
          downloadedBytes,
          totalBytes: total ?? (estimate === null ? null : Math.round(estimate)),
        });
      }
    }
  };
  const args = [
    '--ignore-config',
    '--no-cache-dir',
    '--no-playlist',
    '--playlist-items',
    '1',
    '--proxy',
    proxy.url,
    '--socket-timeout',
    '30',
    '--retries',
    '3',
    '--fragment-retries',
    '3',
    // Native downloaders keep every fetch in yt-dlp's own (proxied) HTTP stack.
    '--downloader',
    'native',
    '--hls-prefer-native',
    // No --max-filesize: yt-dlp applies it to each HLS/DASH fragment, which skips fragments (a
    // video with holes) instead of refusing the whole; the limit is enforced on progress instead.
    '-f',
    `b[filesize<?${options.maxBytes}]/bv*+ba/b`,
    '-S',
    'res:1080',
    '--abort-on-unavailable-fragment',
    '--restrict-filenames',
    '-o',
    path.join(workDir, '%(id).80s.%(ext)s'),
    '--newline',
    '--progress',
    '--progress-template',
    `download:${PROGRESS_PREFIX}%(progress.downloaded_bytes)s %(progress.total_bytes)s %(progress.total_bytes_estimate)s`,
    // Not --print: it implies --quiet/--simulate and mixes the result into the log we parse.
    '--print-to-file',
    'after_move:%(filepath)j',
    asTemplate(path.join(workDir, RESULT_FILE)),
    '--print-to-file',
    'after_move:%(title)j',
    asTemplate(path.join(workDir, TITLE_FILE)),
    '--',
    url.href,
  ];
  try {
    await runProcess('yt-dlp', args, {
      signal: runSignal,
      env: toolEnvironment(workDir),
      onLine,
      timeoutMs: options.timeoutMs ?? 2 * 60 * 60_000,
    });
  } catch (error) {
    if (tooLarge) throw tooLarge;
    if (proxy.refusals.length > 0) throw new UnsafeLinkError('address', proxy.refusals[0]);
    if (error instanceof EngineAbortedError && options.signal?.aborted) throw error;
    if (error instanceof EngineAbortedError && signal.aborted)
      throw new LinkFetchError('The link took too long to download');
    if (error instanceof EngineProcessError && /Unsupported URL/.test(error.stderrTail))
      throw new LinkNotMediaError('No video was found at the link');
    throw new LinkFetchError(`The video could not be downloaded: ${(error as Error).message.slice(-400)}`);
  } finally {
    await proxy.close();
  }
  const filePath = await lastJsonLine(path.join(workDir, RESULT_FILE));
  if (!filePath) {
    if (proxy.refusals.length > 0) throw new UnsafeLinkError('address', proxy.refusals[0]);
    throw new LinkNotMediaError('No video was found at the link');
  }
  return { filePath, title: (await lastJsonLine(path.join(workDir, TITLE_FILE))) || url.hostname };
}

/**
 * Fetches the media behind a user's link into `destDir`. Throws UnsafeLinkError (not public),
 * LinkTooLargeError (over `maxBytes`), LinkNotMediaError or LinkFetchError; on any failure no
 * file of this import remains.
 */
export async function importFromLink(link: string, options: LinkImportOptions): Promise<ImportedMedia> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 2 * 60 * 60_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  // Refuse before touching the disk or starting any tool.
  const { url } = await resolvePublic(link, { allow: options.allow });
  await mkdir(options.destDir, { recursive: true });
  const workDir = await mkdtemp(path.join(options.destDir, '.link-import-'));
  try {
    let response: SafeResponse | null = null;
    try {
      response = await safeFetch(url, { maxBytes: options.maxBytes, signal, allow: options.allow });
    } catch (error) {
      // An HTTP error can be the page refusing plain clients; yt-dlp gets its own try.
      if (!(error instanceof LinkFetchError && error.status !== null)) throw error;
    }
    let downloaded: { filePath: string; title: string; via: ImportedMedia['via'] };
    if (response && isDirectMedia(response)) {
      downloaded = { ...(await downloadDirect(response, workDir, options.onProgress)), via: 'direct' };
    } else {
      response?.body.destroy();
      downloaded = { ...(await downloadWithYtDlp(url, workDir, options, signal)), via: 'yt-dlp' };
    }
    const { size } = await stat(downloaded.filePath);
    if (size > options.maxBytes) throw new LinkTooLargeError(options.maxBytes, size);
    const { info, refusal } = await checkMedia(downloaded.filePath, { signal });
    if (refusal) throw new LinkNotMediaError(LINK_REFUSALS[refusal]);
    const filePath = path.join(options.destDir, path.basename(downloaded.filePath));
    await rename(downloaded.filePath, filePath);
    return {
      filePath,
      title: downloaded.title,
      sizeBytes: size,
      durationMs: info.durationMs,
      hasVideo: info.hasVideo,
      hasAudio: info.hasAudio,
      format: info.format ?? '',
      via: downloaded.via,
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
