/**
 * Subtitle files arrive in whatever encoding the tool that made them liked: UTF-8 with or without
 * a BOM, UTF-16 (Windows "Unicode" saves), UTF-8 with a few Windows-1252 bytes pasted in, or the
 * legacy code page of the subtitler's language (legacy-encodings.ts guesses which). This turns
 * bytes into a string without asking the user which one it was.
 */
import { decodeLegacy, guessLegacyEncoding } from './legacy-encodings';
import { decodeWindows1252 } from './windows-1252';

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
  // UTF-32 before UTF-16: its little-endian BOM begins with UTF-16's.
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0)
    return decodeUtf32(bytes.subarray(4), true);
  if (bytes.length >= 4 && bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff)
    return decodeUtf32(bytes.subarray(4), false);
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff)
    return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const utf16 = sniffUtf16(bytes);
  if (utf16) return stripBom(new TextDecoder(utf16).decode(bytes));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeMostlyUtf8(bytes) ?? decodeLegacy(bytes, guessLegacyEncoding(bytes)) ?? decodeWindows1252(bytes);
  }
}

/** UTF-32 (rare, but some tools offer it): four bytes a code point; one out of range becomes U+FFFD. */
function decodeUtf32(bytes: Uint8Array, littleEndian: boolean): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength - (bytes.byteLength % 4));
  const points: number[] = [];
  let out = '';
  for (let at = 0; at < view.byteLength; at += 4) {
    const point = view.getUint32(at, littleEndian);
    points.push(point <= 0x10ffff && (point < 0xd800 || point > 0xdfff) ? point : 0xfffd);
    if (points.length === 4096) out += String.fromCodePoint(...points.splice(0));
  }
  return out + String.fromCodePoint(...points);
}

/** The length of the UTF-8 sequence starting at `i` when it is a valid one of two or more bytes, else 0. */
function utf8SequenceAt(bytes: Uint8Array, i: number): number {
  const lead = bytes[i];
  const length =
    lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
  if (length === 0 || i + length > bytes.length) return 0;
  for (let k = 1; k < length; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return 0;
  return length;
}

/**
 * UTF-8 with a few stray bytes (a Windows-1252 apostrophe pasted into a UTF-8 file): the UTF-8
 * read as UTF-8 and each stray byte as Windows-1252, where decoding the whole file as 1252 turned
 * every "é" into "Ã©". Null when the file is not mostly UTF-8 (fewer valid sequences than four
 * times the stray bytes).
 */
function decodeMostlyUtf8(bytes: Uint8Array): string | null {
  let valid = 0;
  let stray = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] < 0x80) continue;
    const length = utf8SequenceAt(bytes, i);
    if (length > 0) {
      valid++;
      i += length - 1;
    } else stray++;
  }
  if (valid === 0 || valid < stray * 4) return null;
  const utf8 = new TextDecoder('utf-8');
  let out = '';
  let from = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] < 0x80) continue;
    const length = utf8SequenceAt(bytes, i);
    if (length > 0) {
      i += length - 1;
      continue;
    }
    out += utf8.decode(bytes.subarray(from, i)) + decodeWindows1252(bytes.subarray(i, i + 1));
    from = i + 1;
  }
  return out + utf8.decode(bytes.subarray(from));
}
