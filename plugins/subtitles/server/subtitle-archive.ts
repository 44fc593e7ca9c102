import { Readable } from 'node:stream';
import yazl from 'yazl';
import { SUBTITLE_FILE_TYPES, writeSubtitles } from '../common/formats';
import { DEFAULT_ARCHIVE_NAME, type DownloadFormat } from '../common/subtitles-contract';
import type { StoredCue } from '../common/subtitle-store';
import type { SubtitleRecord } from './subtitle-repository';

/** Characters no common file system accepts, and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;
const MAX_NAME = 150;

/** A file name from a title: unsafe characters dropped, no leading dots, bounded, never empty or a device name. */
export function safeFileName(title: string, fallback = 'subtitles'): string {
  let name = title.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim().replace(/^[.\s]+|[.\s]+$/g, '');
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

/** Spec 9: `download.zip` for several versions, the project's title for one. */
export function archiveName(subtitles: SubtitleRecord[]): string {
  const versions = new Set(subtitles.map((s) => s.projectVersionId));
  return versions.size === 1 ? `${safeFileName(subtitles[0].title, 'download')}.zip` : DEFAULT_ARCHIVE_NAME;
}

/**
 * A zip stream of every subtitle in every format. Entries are generated lazily,
 * one at a time as the archive reaches them, and the cues of only one subtitle are held at once,
 * so memory stays flat however many versions are asked for.
 */
export function streamSubtitleArchive(
  subtitles: SubtitleRecord[],
  formats: DownloadFormat[],
  readCues: (subtitleId: string) => Promise<StoredCue[]>,
): Readable {
  const zip = new yazl.ZipFile();
  const names = new UniqueNames();
  let cached: { id: string; cues: Promise<StoredCue[]> } | null = null;
  const cuesOf = (id: string) => {
    if (cached?.id !== id) cached = { id, cues: readCues(id) };
    return cached.cues;
  };
  const mtime = new Date();
  for (const subtitle of subtitles) {
    const base = safeFileName(`${safeFileName(subtitle.title)} - ${subtitle.language}`);
    for (const format of formats) {
      const name = names.claim(base, SUBTITLE_FILE_TYPES[format].extension);
      zip.addReadStreamLazy(name, { mtime }, (done) => {
        cuesOf(subtitle.id).then(
          (cues) => done(null, Readable.from([Buffer.from(writeSubtitles(cues, format, { language: subtitle.language, title: subtitle.title }), 'utf8')])),
          (error: Error) => done(error, undefined as never),
        );
      });
    }
  }
  const output = zip.outputStream as Readable;
  // Headers are already sent when an entry fails: the only honest signal left is a broken download.
  zip.on('error', (error: Error) => output.destroy(error));
  zip.end();
  return output;
}
