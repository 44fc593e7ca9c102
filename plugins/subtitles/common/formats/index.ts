/**
 * Subtitle formats, shared by the server (import, download) and the browser (editor, share
 * page): `readSubtitles` turns a file into cues or throws a SubtitleParseError naming the line,
 * `writeSubtitles` turns cues into a file. See cue.ts for the cue model and each *-format.ts for
 * what its reader forgives and how its writer lays the file out.
 */
import type { Cue, SubtitleFormat, SubtitleWriteFormat } from './cue';
import { readAss, writeAss } from './ass-format';
import { detectFormat } from './detect-format';
import { writePlainText } from './plain-text-format';
import { readSbv, writeSbv } from './sbv-format';
import { readSrt, writeSrt } from './srt-format';
import { SubtitleParseError } from './subtitle-parse-error';
import { decodeSubtitleText } from './text-decoding';
import { readTtml, writeTtml } from './ttml-format';
import { readVtt, writeVtt } from './vtt-format';

export type { Cue, SubtitleFormat, SubtitleWriteFormat } from './cue';
export { sortCues } from './cue';
export { detectFormat } from './detect-format';
export { SubtitleParseError } from './subtitle-parse-error';
export { decodeSubtitleText } from './text-decoding';
export {
  readAss,
  writeAss,
  readSbv,
  writeSbv,
  readSrt,
  writeSrt,
  readTtml,
  writeTtml,
  readVtt,
  writeVtt,
  writePlainText,
};

/** File extension and MIME type per written format, for downloads. */
export const SUBTITLE_FILE_TYPES: Record<SubtitleWriteFormat, { extension: string; mimeType: string }> = {
  srt: { extension: 'srt', mimeType: 'application/x-subrip' },
  vtt: { extension: 'vtt', mimeType: 'text/vtt' },
  ass: { extension: 'ass', mimeType: 'text/x-ssa' },
  sbv: { extension: 'sbv', mimeType: 'text/plain' },
  ttml: { extension: 'ttml', mimeType: 'application/ttml+xml' },
  txt: { extension: 'txt', mimeType: 'text/plain' },
};

const READERS: Record<SubtitleFormat, (input: string) => Cue[]> = {
  srt: readSrt,
  vtt: readVtt,
  ass: readAss,
  sbv: readSbv,
  ttml: readTtml,
};

/**
 * Reads a subtitle file of the given format, or of the format its content shows. All or nothing:
 * every cue, or a SubtitleParseError (an empty or unrecognisable file, or one without any cue,
 * is one too).
 */
export function readSubtitles(input: string | Uint8Array, format?: SubtitleFormat): Cue[] {
  const text = decodeSubtitleText(input);
  if (text.trim() === '') throw new SubtitleParseError(1, 'the file is empty');
  const detected = format ?? detectFormat(text);
  if (detected === null) {
    throw new SubtitleParseError(
      1,
      'the file is not in a subtitle format we can read (SRT, WebVTT, ASS/SSA, SBV or TTML)',
    );
  }
  const cues = READERS[detected](text);
  // A file without a single timed cue (an ASS of styles or comments only, "WEBVTT" alone, an empty
  // TTML body) would replace the subtitle's cues with nothing: refused, the cues kept.
  if (cues.length === 0)
    throw new SubtitleParseError(1, 'the file has no subtitles in it (no cue with a start and an end time)');
  return cues;
}

export interface WriteSubtitlesOptions {
  /** TTML xml:lang. */
  language?: string;
  /** ASS script title. */
  title?: string;
}

/** Writes cues in a format; cues are sorted by time, overlapping ones kept. */
export function writeSubtitles(
  cues: readonly Cue[],
  format: SubtitleWriteFormat,
  options: WriteSubtitlesOptions = {},
): string {
  switch (format) {
    case 'srt':
      return writeSrt(cues);
    case 'vtt':
      return writeVtt(cues);
    case 'ass':
      return writeAss(cues, { title: options.title });
    case 'sbv':
      return writeSbv(cues);
    case 'ttml':
      return writeTtml(cues, { language: options.language });
    case 'txt':
      return writePlainText(cues);
  }
}
