import { describe, expect, it } from 'vitest';
import { readSubtitles } from './index';
import { guessLegacyEncoding, type LegacyEncoding } from './legacy-encodings';
import { decodeSubtitleText } from './text-decoding';
import { decodeWindows1252 } from './windows-1252';

/**
 * Bytes of `text` in a legacy encoding, made by inverting the platform's decoder (Node has no
 * encoder for them): every byte and, for the multi-byte ones, every two-byte pair decoded once.
 */
const tables = new Map<string, Map<string, number[]>>();
function encodeLegacy(text: string, encoding: LegacyEncoding): Uint8Array {
  let table = tables.get(encoding);
  if (!table) {
    table = new Map();
    // Windows-1252 by our own decoder: the platform's is ISO-8859-1 underneath (no curly quotes).
    const decoder = encoding === 'windows-1252' ? { decode: decodeWindows1252 } : new TextDecoder(encoding);
    for (let lead = 0x80; lead <= 0xfe; lead++) {
      const single = decoder.decode(Uint8Array.of(lead));
      if (single.length === 1 && single !== '\ufffd' && !table.has(single)) table.set(single, [lead]);
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        const pair = decoder.decode(Uint8Array.of(lead, trail));
        if (pair.length === 1 && pair !== '\ufffd' && !table.has(pair)) table.set(pair, [lead, trail]);
      }
    }
    tables.set(encoding, table);
  }
  const bytes: number[] = [];
  for (const char of text) {
    if (char.charCodeAt(0) < 0x80) bytes.push(char.charCodeAt(0));
    else bytes.push(...(table.get(char) ?? [0x3f]));
  }
  return Uint8Array.from(bytes);
}

const srt = (lines: string[]) =>
  lines.map((line, i) => `${i + 1}\r\n00:00:0${i},000 --> 00:00:0${i},900\r\n${line}\r\n\r\n`).join('');

const SAMPLES: [LegacyEncoding, string[]][] = [
  ['windows-1251', ['Привет, как дела?', 'Паром уходит в полдень.', 'Спасибо, что вы с нами!']],
  ['windows-1250', ['Dzień dobry, jak się masz?', 'Prom odpływa w południe.', 'Żółta łódź czeka przy molo.']],
  ['windows-1253', ['Καλημέρα, τι κάνετε;', 'Το πλοίο φεύγει το μεσημέρι.', 'Ευχαριστούμε πολύ!']],
  ['windows-1252', ['“Café” – 5 € l’œuvre…', 'Où est la gare? Ça va très bien.', 'Señor, ¿dónde está el baño?']],
  ['shift_jis', ['こんにちは、お元気ですか？', 'フェリーは正午に出発します。', 'ありがとうございました。']],
  ['gbk', ['你好，我们现在出发了。', '这是一个很好的时间。', '他说他不知道这件事。']],
  ['big5', ['你好，我們現在出發了。', '這是一個很好的時間。', '他說他不知道這件事。']],
  ['euc-kr', ['안녕하세요, 잘 지내세요?', '배는 정오에 떠납니다.', '감사합니다.']],
];

describe('legacy encodings of subtitle files', () => {
  it.each(SAMPLES)('reads a file saved in %s as its words, not as Windows-1252 mojibake', (encoding, lines) => {
    const bytes = encodeLegacy(srt(lines), encoding);
    expect(guessLegacyEncoding(bytes)).toBe(encoding);
    expect(readSubtitles(bytes).map((cue) => cue.text)).toEqual(lines);
  });

  it('reads a UTF-8 file with one Windows-1252 apostrophe pasted in: the UTF-8 stays UTF-8, the stray byte becomes ’', () => {
    const utf8 = new TextEncoder().encode(srt(['Déjà vu — encore', 'Très bien, merci', 'It is fine']));
    const index = utf8.indexOf('I'.charCodeAt(0), utf8.lastIndexOf(0x0a, utf8.length - 5) - 20);
    const bytes = Uint8Array.from([...utf8.subarray(0, index + 2), 0x92, ...utf8.subarray(index + 2)]);
    expect(decodeSubtitleText(bytes)).toContain('Déjà vu — encore');
    expect(decodeSubtitleText(bytes)).toContain('It’ is fine');
  });
});
