/**
 * Names of exported files: the version's title and what it holds ("Launch video - es.srt",
 * "Launch video - es subtitled.mp4"), safe on every desktop system, and the Content-Disposition
 * that carries them with an ASCII fallback (RFC 6266 / 5987).
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

export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
