import { Readable } from 'node:stream';
import yazl from 'yazl';
import { runOffThread } from '../../../server/plugin-api';
import { SUBTITLE_FILE_TYPES } from '../common/formats';
import { DEFAULT_ARCHIVE_NAME, type DownloadFormat } from '../common/subtitles-contract';
import type { SubtitleRecord } from './subtitle-repository';

/** Characters no common file system accepts, and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;
const MAX_NAME = 150;

/** A file name from a title: unsafe characters dropped, no leading dots, bounded, never empty or a device name. */
export function safeFileName(title: string, fallback = 'subtitles'): string {
  let name = title
    .replace(UNSAFE, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if ([...name].length > MAX_NAME) name = [...name].slice(0, MAX_NAME).join('').trim();
  if (!name || RESERVED.test(name)) name = name ? `_${name}` : fallback;
  return name;
}

/** Gives each name once: a repeated one becomes `Name (2).srt`, `Name (3).srt` (case-insensitive, as on Windows and macOS). */
export class UniqueNames {
  private readonly taken = new Set<string>();

  claim(base: string, extension: string): string {
    let candidate = `${base}.${extension}`;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${n}).${extension}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}

/** docs/product-contract.md#constants-and-limits: `download.zip` for several versions, the project's title for one. */
export function archiveName(subtitles: SubtitleRecord[]): string {
  const versions = new Set(subtitles.map((s) => s.projectVersionId));
  return versions.size === 1 ? `${safeFileName(subtitles[0].title, 'download')}.zip` : DEFAULT_ARCHIVE_NAME;
}

const CUE_TASKS = new URL('./cue-tasks.ts', import.meta.url);
/** yazl checksums (CRC-32, in JavaScript) each chunk it is given at once: 64 KB at a time, not a whole 8 MB file. */
const SLICE_BYTES = 64 * 1024;

function* slices(file: Uint8Array): Generator<Buffer> {
  for (let from = 0; from < file.byteLength; from += SLICE_BYTES) {
    yield Buffer.from(file.buffer, file.byteOffset + from, Math.min(SLICE_BYTES, file.byteLength - from));
  }
}

/**
 * A zip stream of every subtitle in every format. Entries are generated lazily,
 * one at a time as the archive reaches them, and the files of only one subtitle are held at once,
 * so memory stays flat however many versions are asked for. The files are written on a worker
 * thread from the cues' JSON (cue-tasks.ts writeFiles), all formats of a subtitle in one task;
 * yazl deflates on libuv's pool: nothing of it holds the event loop.
 */
export function streamSubtitleArchive(
  subtitles: SubtitleRecord[],
  formats: DownloadFormat[],
  readCuesJson: (subtitleId: string) => Promise<string>,
): Readable {
  const zip = new yazl.ZipFile();
  const names = new UniqueNames();
  let cached: { id: string; files: Promise<Uint8Array[]> } | null = null;
  const filesOf = (subtitle: SubtitleRecord) => {
    if (cached?.id !== subtitle.id) {
      const files = readCuesJson(subtitle.id).then((json) =>
        runOffThread<Uint8Array[]>(CUE_TASKS, 'writeFiles', json, formats, {
          language: subtitle.language,
          title: subtitle.title,
        }),
      );
      cached = { id: subtitle.id, files };
    }
    return cached.files;
  };
  const mtime = new Date();
  for (const subtitle of subtitles) {
    const base = safeFileName(`${safeFileName(subtitle.title)} - ${subtitle.language}`);
    formats.forEach((format, index) => {
      const name = names.claim(base, SUBTITLE_FILE_TYPES[format].extension);
      zip.addReadStreamLazy(name, { mtime }, (done) => {
        filesOf(subtitle).then(
          (files) => done(null, Readable.from(slices(files[index]))),
          (error: Error) => done(error, undefined as never),
        );
      });
    });
  }
  const output = zip.outputStream as Readable;
  // Headers are already sent when an entry fails: the only honest signal left is a broken download.
  zip.on('error', (error: Error) => output.destroy(error));
  zip.end();
  return output;
}
