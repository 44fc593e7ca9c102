/**
 * Names of exported files: the version's title and what it holds ("Launch video - es.srt",
 * "Launch video - es subtitled.mp4"), safe on every desktop system. The Content-Disposition that
 * carries them is the `content-disposition` package's (RFC 6266, an ASCII fallback and the exact
 * UTF-8 name).
 */

// Path separators, characters Windows refuses, and control characters.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;
const DEVICE_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;
const LONGEST = 120;

export function exportFileName(title: string, suffix: string, extension: string): string {
  let base = `${title} - ${suffix}`.replace(FORBIDDEN, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  const chars = [...base];
  if (chars.length > LONGEST) base = chars.slice(0, LONGEST).join('').trim();
  if (!base || DEVICE_NAMES.test(base)) base = `export ${base}`.trim();
  return `${base}.${extension}`;
}
