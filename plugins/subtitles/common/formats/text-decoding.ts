/**
 * Subtitle files arrive in whatever encoding the tool that made them liked: UTF-8 with or without
 * a BOM, UTF-16 (Windows "Unicode" saves), or Windows-1252 from older Western tools. This turns
 * bytes into a string without asking the user which one it was.
 */

/**
 * Windows-1252 code points for bytes 0x80–0x9F (0 where the byte is undefined and kept as is).
 * Decoded by hand because Node 20's TextDecoder('windows-1252') is really ISO-8859-1: it maps
 * 0x93 to U+0093 instead of a curly quote, which would corrupt every “quoted” line.
 */
const CP1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0,
  0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  const CHUNK = 8192;
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    const end = Math.min(bytes.length, offset + CHUNK);
    const codes = new Uint16Array(end - offset);
    for (let i = offset; i < end; i++) {
      const byte = bytes[i];
      codes[i - offset] = byte >= 0x80 && byte < 0xa0 ? CP1252_HIGH[byte - 0x80] || byte : byte;
    }
    out += String.fromCharCode(...codes);
  }
  return out;
}

/**
 * UTF-16 without a BOM: subtitle text is mostly ASCII, so one byte of nearly every pair is zero —
 * the odd bytes for little-endian, the even ones for big-endian. UTF-8 and 8-bit text never
 * contain zero bytes, so a clear majority is a safe signal.
 */
function sniffUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const pairs = Math.min(bytes.length >> 1, 2048);
  if (pairs < 2) return null;
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let i = 0; i < pairs; i++) {
    if (bytes[2 * i] === 0) zeroEven++;
    if (bytes[2 * i + 1] === 0) zeroOdd++;
  }
  if (zeroOdd >= pairs * 0.3 && zeroEven <= pairs * 0.05) return 'utf-16le';
  if (zeroEven >= pairs * 0.3 && zeroOdd <= pairs * 0.05) return 'utf-16be';
  return null;
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * A NUL becomes U+FFFD, as the WebVTT parser does (and as players show it): the rest of the
 * file still reads, and no cue carries a character the database cannot store.
 */
function replaceNul(text: string): string {
  return text.includes('\0') ? text.replaceAll('\0', '\ufffd') : text;
}

/**
 * What is not text: NUL and Ctrl-Z (the DOS end-of-file mark) padding the end of the file, and
 * byte-order marks left inside it by files joined end to end. Players show none of them.
 */
function withoutStrayMarks(text: string): string {
  let end = text.length;
  while (end > 0 && (text.charCodeAt(end - 1) === 0 || text.charCodeAt(end - 1) === 0x1a)) end--;
  const trimmed = end === text.length ? text : text.slice(0, end);
  return trimmed.includes('\ufeff') ? trimmed.replaceAll('\ufeff', '') : trimmed;
}

/** Decodes subtitle bytes (see the module comment); a string input only loses its BOM. Either way NULs become U+FFFD. */
export function decodeSubtitleText(input: string | Uint8Array): string {
  return replaceNul(withoutStrayMarks(decodeBytes(input)));
}

function decodeBytes(input: string | Uint8Array): string {
  if (typeof input === 'string') return stripBom(input);
  const bytes = input;
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    // The BOM says UTF-8: trust it, with replacement characters for any broken sequence.
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const utf16 = sniffUtf16(bytes);
  if (utf16) return stripBom(new TextDecoder(utf16).decode(bytes));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}
