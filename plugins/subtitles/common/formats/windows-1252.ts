/**
 * Windows-1252, the Western code page most legacy subtitle files were saved in: code points for
 * bytes 0x80–0x9F (0 where the byte is undefined and kept as is). Decoded by hand because Node 20's TextDecoder('windows-1252') is really ISO-8859-1: it maps
 * 0x93 to U+0093 instead of a curly quote, which would corrupt every “quoted” line.
 */
const CP1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0, 0,
  0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
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
