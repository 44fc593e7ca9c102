import { describe, expect, it } from 'vitest';
import { readSrt } from './srt-format';
import { decodeSubtitleText } from './text-decoding';
import { decodeWindows1252 } from './windows-1252';

const SRT = '1\r\n00:00:01,000 --> 00:00:02,000\r\n“Café” – déjà vu… 東京 😀\r\n';

function utf16(text: string, littleEndian: boolean, bom: boolean): Uint8Array {
  const bytes = new Uint8Array((bom ? 2 : 0) + text.length * 2);
  const view = new DataView(bytes.buffer);
  let offset = 0;
  if (bom) {
    view.setUint16(0, 0xfeff, littleEndian);
    offset = 2;
  }
  for (let i = 0; i < text.length; i++) view.setUint16(offset + 2 * i, text.charCodeAt(i), littleEndian);
  return bytes;
}

/** Windows-1252 bytes for the characters the test uses (the encoder is the test's, not the code's). */
function windows1252(text: string): Uint8Array {
  const high: Record<string, number> = { '€': 0x80, '“': 0x93, '”': 0x94, '–': 0x96, '…': 0x85, '’': 0x92, œ: 0x9c };
  return Uint8Array.from([...text].map((char) => high[char] ?? char.charCodeAt(0)));
}

describe('decodeSubtitleText', () => {
  it('reads UTF-8 with and without a BOM', () => {
    const bytes = new TextEncoder().encode(SRT);
    expect(decodeSubtitleText(bytes)).toBe(SRT);
    expect(decodeSubtitleText(Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes]))).toBe(SRT);
    expect(decodeSubtitleText(`\ufeff${SRT}`)).toBe(SRT);
  });

  it.each([
    ['little-endian with a BOM', true, true],
    ['big-endian with a BOM', false, true],
    ['little-endian without a BOM', true, false],
    ['big-endian without a BOM', false, false],
  ])('reads UTF-16 %s', (_name, littleEndian, bom) => {
    expect(decodeSubtitleText(utf16(SRT, littleEndian, bom))).toBe(SRT);
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8, curly quotes and euro included', () => {
    const text = '1\r\n00:00:01,000 --> 00:00:02,000\r\n“Café” – 5 € l’œuvre…\r\n';
    expect(decodeSubtitleText(windows1252(text))).toBe(text);
    expect(readSrt(windows1252(text))[0].text).toBe('“Café” – 5 € l’œuvre…');
  });

  it('keeps Latin-1 letters of Windows-1252 and the bytes it leaves undefined', () => {
    expect(decodeWindows1252(Uint8Array.from([0x41, 0xe9, 0xff, 0x81]))).toBe('Aéÿ\u0081');
  });
});

describe('decodeSubtitleText, rarer encodings', () => {
  it('reads UTF-32 with its BOM, both byte orders', () => {
    const text = '1\n00:00:01,000 --> 00:00:02,000\nÜber 🌊\n';
    const points = [...text].map((char) => char.codePointAt(0)!);
    const bytes = (littleEndian: boolean) => {
      const view = new DataView(new ArrayBuffer(4 * (points.length + 1)));
      [0xfeff, ...points].forEach((point, i) => view.setUint32(4 * i, point, littleEndian));
      return new Uint8Array(view.buffer);
    };
    expect(decodeSubtitleText(bytes(true))).toBe(text);
    expect(decodeSubtitleText(bytes(false))).toBe(text);
  });
});
