import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAss, readSbv, readSrt, readSubtitles, readTtml, readVtt, SubtitleParseError } from './index';

/**
 * Generated files (fast-check) through every subtitle reader: each returns cues or throws its
 * own SubtitleParseError ("Line N: …"), never anything else (a TypeError, a RangeError, a hang).
 * Lines are drawn from the pieces real files are made of, broken ones included, so the
 * generator reaches deep into each reader rather than failing on the first line.
 */

const clock = fc
  .tuple(fc.nat(120), fc.nat(70), fc.nat(70), fc.nat(1200), fc.constantFrom(',', '.', ':'))
  .map(([h, m, s, ms, sep]) => `${h}:${m}:${s}${sep}${ms}`);
const piece = fc.oneof(
  fc.constantFrom(
    'WEBVTT',
    '[Script Info]',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    'NOTE',
    'STYLE',
    'REGION',
    '',
    ' ',
    '1',
    '-->',
    '<tt xmlns="http://www.w3.org/ns/ttml"><body><div>',
    '</div></body></tt>',
    '<p begin="00:00:01.000" end="00:00:02.000">x</p>',
    '&amp;',
    '<i>',
    '</b>',
    '{\\i1}',
    '\uFEFF',
  ),
  fc
    .tuple(clock, fc.constantFrom(' --> ', '-->', ' -> ', ',', '\t-->\t'), clock)
    .map(([a, arrow, b]) => `${a}${arrow}${b}`),
  fc.tuple(clock, clock, fc.string()).map(([a, b, text]) => `Dialogue: 0,${a},${b},Default,,0,0,0,,${text}`),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
);
const file = fc
  .tuple(fc.array(piece, { maxLength: 40 }), fc.constantFrom('\n', '\r\n', '\r', '\n\r'))
  .map(([lines, eol]) => lines.join(eol));

const READERS: [string, (input: string) => unknown][] = [
  ['srt', readSrt],
  ['vtt', readVtt],
  ['ass', readAss],
  ['sbv', readSbv],
  ['ttml', readTtml],
  ['any (detected)', (input) => readSubtitles(input)],
];

describe('subtitle readers on generated files', () => {
  for (const [name, read] of READERS) {
    it(`${name}: cues or a SubtitleParseError, nothing else`, () => {
      fc.assert(
        fc.property(file, (input) => {
          try {
            const cues = read(input);
            expect(Array.isArray(cues)).toBe(true);
          } catch (error) {
            if (!(error instanceof SubtitleParseError)) throw error;
            expect(error.message).toMatch(/^Line \d+: /);
          }
        }),
        { numRuns: 400, seed: 14 },
      );
    });
  }
  it('bytes in any encoding: cues or a SubtitleParseError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        try {
          readSubtitles(bytes);
        } catch (error) {
          if (!(error instanceof SubtitleParseError)) throw error;
        }
      }),
      { numRuns: 400, seed: 14 },
    );
  });
});
