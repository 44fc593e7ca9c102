import { describe, expect, it } from 'vitest';
import { readSbv, writeSbv } from './sbv-format';

describe('readSbv', () => {
  it('reads YouTube SBV blocks, with or without blank lines, comma or dot fractions', () => {
    const sbv =
      '0:00:00.599,0:00:04.160\n>> ALICE: Hi\nthere\n0:00:04,2 , 0:00:06.000\nNext\n\n\n1:02:03.000,1:02:04.000\nLast\n';
    expect(readSbv(sbv)).toEqual([
      { start: 599, end: 4160, text: '>> ALICE: Hi\nthere' },
      { start: 4200, end: 6000, text: 'Next' },
      { start: 3_723_000, end: 3_724_000, text: 'Last' },
    ]);
  });

  it('names the line of a broken timing; keeps one ending before it starts with no length', () => {
    expect(() => readSbv('0:00:01.000,0:00:02.000\nok\n\n0:00:03.000,0:00:0x.000\nx')).toThrow(
      "Line 4: the timing '0:00:03.000,0:00:0x.000' is not a valid time range",
    );
    expect(readSbv('0:00:03.000,0:00:02.000\nx')).toEqual([{ start: 3000, end: 3000, text: 'x' }]);
    expect(() => readSbv('hello\n0:00:01.000,0:00:02.000\nx')).toThrow(
      "Line 1: the text 'hello' comes before the first cue timing",
    );
  });
});

describe('writeSbv', () => {
  it('writes H:MM:SS.mmm,H:MM:SS.mmm and a blank line after each cue', () => {
    expect(
      writeSbv([
        { start: 36_000_000 + 1, end: 36_000_500, text: 'Ten hours' },
        { start: 599, end: 4160, text: 'a\nb' },
      ]),
    ).toBe('0:00:00.599,0:00:04.160\na\nb\n\n10:00:00.001,10:00:00.500\nTen hours\n\n');
  });

  it('reads SubViewer 2: the [INFORMATION] header skipped, [br] as a line break, a time inside text as text', () => {
    const sub =
      '[INFORMATION]\n[TITLE]Harbour\n[AUTHOR]Ann\n[END INFORMATION]\n[SUBTITLE]\n[COLF]&HFFFFFF,[STYLE]bd,[SIZE]18\n00:00:01.00,00:00:02.00\nOne[br]two\n\n00:00:03.00,00:00:04.00\n10:30:00, at the station\n';
    expect(readSbv(sub)).toEqual([
      { start: 1000, end: 2000, text: 'One\ntwo' },
      { start: 3000, end: 4000, text: '10:30:00, at the station' },
    ]);
  });
});
