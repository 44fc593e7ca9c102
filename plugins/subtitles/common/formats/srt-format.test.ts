import { describe, expect, it } from 'vitest';
import { readSrt, writeSrt } from './srt-format';
import { SubtitleParseError } from './subtitle-parse-error';

function parseError(run: () => unknown): SubtitleParseError {
  try {
    run();
  } catch (error) {
    if (error instanceof SubtitleParseError) return error;
    throw error;
  }
  throw new Error('expected a SubtitleParseError');
}

describe('readSrt is lenient', () => {
  it('reads CRLF, CR and LF line ends alike', () => {
    const lf = '1\n00:00:01,000 --> 00:00:02,000\nHello\nthere\n\n2\n00:00:03,000 --> 00:00:04,000\nBye\n';
    const expected = [
      { start: 1000, end: 2000, text: 'Hello\nthere' },
      { start: 3000, end: 4000, text: 'Bye' },
    ];
    expect(readSrt(lf)).toEqual(expected);
    expect(readSrt(lf.replaceAll('\n', '\r\n'))).toEqual(expected);
    expect(readSrt(lf.replaceAll('\n', '\r'))).toEqual(expected);
  });

  it('reads cues without blank lines between them and without or with wrong numbers', () => {
    const srt = [
      '7',
      '00:00:01,000 --> 00:00:02,000',
      'First',
      '00:00:03,000 --> 00:00:04,000',
      'Second',
      '3',
      '00:00:05,000 --> 00:00:06,000',
      'Third',
      '',
      '',
      '00:00:07,000 --> 00:00:08,000',
      '12',
    ].join('\n');
    expect(readSrt(srt).map((cue) => cue.text)).toEqual(['First', 'Second', 'Third', '12']);
  });

  it('reads comma or dot fractions of 1 to 3 digits, one-digit fields, missing hours and extra spaces', () => {
    const srt = [
      '1',
      '  0:0:1.5   -->   00:00:02,25  ',
      'a',
      '',
      '2',
      '00:03,000 --> 00:04.1',
      'b',
      '',
      '3',
      '1:02:03,4567 --> 01:02:04,000 X1:100 X2:600 Y1:10 Y2:50',
      'c',
    ].join('\n');
    expect(readSrt(srt).map((cue) => [cue.start, cue.end])).toEqual([
      [1500, 2250],
      [3000, 4100],
      [3_723_457, 3_724_000],
    ]);
  });

  it('strips formatting tags and keeps whether the whole cue is italic', () => {
    const srt = [
      '1',
      '00:00:01,000 --> 00:00:02,000',
      '<i>Singing</i>',
      '<i>in the rain</i>',
      '',
      '2',
      '00:00:03,000 --> 00:00:04,000',
      '{\\an8}<font color="#ffff00">Top</font> <b>bold</b> <u>and</u> <i>one word</i>',
      '',
      '3',
      '00:00:05,000 --> 00:00:06,000',
      '{\\i1}Whispered{\\i0}',
      '',
      '4',
      '00:00:07,000 --> 00:00:08,000',
      'I <3 you, 1 < 2 and {curly}',
    ].join('\n');
    expect(readSrt(srt)).toEqual([
      { start: 1000, end: 2000, text: 'Singing\nin the rain', italic: true },
      { start: 3000, end: 4000, text: 'Top bold and one word' },
      { start: 5000, end: 6000, text: 'Whispered', italic: true },
      { start: 7000, end: 8000, text: 'I <3 you, 1 < 2 and {curly}' },
    ]);
  });

  it('keeps the words of a cue italic in part, upright; italic when only punctuation is outside the tags', () => {
    const cue = (n: number, text: string) => `${n}\n00:00:0${n},000 --> 00:00:0${n},500\n${text}\n`;
    const srt = [
      cue(1, 'Hello <i>world</i>'),
      cue(2, "<i>Who's there?</i>\n- Me."),
      cue(3, "- <i>Who's there?</i>\n- <i>Nobody.</i>"),
      cue(4, '<i>It was a dark night</i>.'),
      cue(5, '♪ <i>Singing in the rain</i> ♪'),
      cue(6, '<i>Nous sommes</i> <b>là</b>'),
    ].join('\n');
    expect(readSrt(srt).map(({ text, italic }) => ({ text, italic }))).toEqual([
      // Part of the cue: no majority rule, the words stay upright (an answer is not moved off screen).
      { text: 'Hello world', italic: undefined },
      { text: "Who's there?\n- Me.", italic: undefined },
      { text: "- Who's there?\n- Nobody.", italic: true },
      { text: 'It was a dark night.', italic: true },
      { text: '♪ Singing in the rain ♪', italic: true },
      { text: 'Nous sommes là', italic: undefined },
    ]);
  });

  it('attaches stray text after a blank line to the cue before it', () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:02,000\nSpoken\n\nline lost after a blank\n\n2\n00:00:03,000 --> 00:00:04,000\nNext\n';
    expect(readSrt(srt).map((cue) => cue.text)).toEqual(['Spoken\nline lost after a blank', 'Next']);
  });

  it('keeps a cue with no text and ignores a leading cue number on its own', () => {
    expect(readSrt('1\n\n00:00:01,000 --> 00:00:02,000\n\n')).toEqual([{ start: 1000, end: 2000, text: '' }]);
  });
});

describe('readSrt refuses what it cannot read, naming the line', () => {
  it('a timing line that is not a valid time range', () => {
    const error = parseError(() => readSrt('1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:01:02,000 -> 00:01\ntext\n'));
    expect(error.line).toBe(6);
    expect(error.message).toBe("Line 6: the timing '00:01:02,000 -> 00:01' is not a valid time range");
  });

  it('a timing with an arrow but a broken time', () => {
    expect(parseError(() => readSrt('1\r\n00:00:01,000 --> 00:0x:02,000\r\nx\r\n')).message).toBe(
      "Line 2: the timing '00:00:01,000 --> 00:0x:02,000' is not a valid time range",
    );
    expect(parseError(() => readSrt('1\n00:00:61,000 --> 00:01:02,000\nx\n')).line).toBe(2);
  });

  it('a cue that ends before it starts is not refused: kept with no length, its text and the other cues with it', () => {
    expect(readSrt('\n\n1\n00:00:05,000 --> 00:00:04,000\nx\n\n2\n00:00:06,000 --> 00:00:07,000\ny\n')).toEqual([
      { start: 5000, end: 5000, text: 'x' },
      { start: 6000, end: 7000, text: 'y' },
    ]);
  });

  it('text before the first cue', () => {
    expect(parseError(() => readSrt('Hello there\n\n1\n00:00:01,000 --> 00:00:02,000\nx\n')).message).toBe(
      "Line 1: the text 'Hello there' comes before the first cue timing",
    );
  });
});

describe('writeSrt is strict', () => {
  it('numbers from 1, uses HH:MM:SS,mmm, CRLF and a blank line after every cue', () => {
    const srt = writeSrt([
      { start: 3_600_000 * 12 + 61_001, end: 3_600_000 * 12 + 62_000, text: 'Later' },
      { start: 0, end: 999, text: ' Two \n\n lines ', italic: true, speaker: 'Anna' },
    ]);
    expect(srt).toBe(
      '1\r\n00:00:00,000 --> 00:00:00,999\r\n<i>Two\r\nlines</i>\r\n\r\n2\r\n12:01:01,001 --> 12:01:02,000\r\nLater\r\n\r\n',
    );
  });

  it('never writes text that would read back as a timing line', () => {
    const srt = writeSrt([{ start: 0, end: 1000, text: 'From 10:00 --> 11:00\nmeeting' }]);
    expect(readSrt(srt)).toEqual([{ start: 0, end: 1000, text: 'From 10:00 → 11:00\nmeeting' }]);
  });
});

describe('readSrt tells broken timings from text that starts with a time', () => {
  it('refuses two times without a proper arrow between them', () => {
    expect(() => readSrt('1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03,000 00:00:04,000\nx\n')).toThrow(
      "Line 6: the timing '00:00:03,000 00:00:04,000' is not a valid time range",
    );
  });

  it('refuses two times without an arrow where a timing belongs, keeps them inside a cue’s text', () => {
    expect(() => readSrt('1\n00:00:01,000 --> 00:00:02,000\nok\n2\n00:00:03,000 - 00:00:04,000\nx\n')).toThrow(
      "Line 5: the timing '00:00:03,000 - 00:00:04,000' is not a valid time range",
    );
    expect(
      readSrt('1\n00:00:01,000 --> 00:00:02,000\nWe open\n9:00 - 17:00\n\n2\n00:00:03,000 --> 00:00:04,000\nx\n'),
    ).toEqual([
      { start: 1000, end: 2000, text: 'We open\n9:00 - 17:00' },
      { start: 3000, end: 4000, text: 'x' },
    ]);
  });

  it('keeps a text line that starts with a time', () => {
    expect(readSrt('1\n00:00:01,000 --> 00:00:02,000\n10:30 -> lunch\n')[0].text).toBe('10:30 -> lunch');
  });
});

describe('writeSrt edge cases', () => {
  it('writes hours past 99 in full and no empty italic tags', () => {
    expect(writeSrt([{ start: 100 * 3_600_000, end: 100 * 3_600_000 + 5, text: ' ', italic: true }])).toBe(
      '1\r\n100:00:00,000 --> 100:00:00,005\r\n\r\n\r\n',
    );
  });

  it('tidies spaces and tabs and keeps characters outside the BMP', () => {
    expect(writeSrt([{ start: 0, end: 1, text: 'a\t b  😀\n\n c ' }])).toBe(
      '1\r\n00:00:00,000 --> 00:00:00,001\r\na b 😀\r\nc\r\n\r\n',
    );
  });
});

describe('readSrt reads what players read in damaged files', () => {
  const cue1 = { start: 1000, end: 2000, text: 'line one\nline two' };
  const cue2 = { start: 3000, end: 4000, text: 'third' };

  it('CR CR LF line ends (converted twice) and CRLF mixed with lone CR are one line end each', () => {
    const doubled =
      '1\r\r\n00:00:01,000 --> 00:00:02,000\r\r\nline one\r\r\nline two\r\r\n\r\r\n2\r\r\n00:00:03,000 --> 00:00:04,000\r\r\nthird\r\r\n';
    expect(readSrt(doubled)).toEqual([cue1, cue2]);
    const mixed =
      '1\r\n00:00:01,000 --> 00:00:02,000\r\nline one\rline two\r\n\r\n2\r00:00:03,000 --> 00:00:04,000\rthird\r';
    expect(readSrt(mixed)).toEqual([cue1, cue2]);
  });

  it('a byte-order mark inside the file (two files joined), NUL or Ctrl-Z padding at its end leave no trace', () => {
    const joined =
      '\ufeff1\n00:00:01,000 --> 00:00:02,000\nline one\nline two\n\n\ufeff2\n00:00:03,000 --> 00:00:04,000\nthird\n';
    expect(readSrt(joined)).toEqual([cue1, cue2]);
    const padded = new TextEncoder().encode('1\n00:00:03,000 --> 00:00:04,000\nthird\n\x1a\0\0\0\0');
    expect(readSrt(padded)).toEqual([cue2]);
  });

  it('an arrow inside the text is text; \\N and \\h from ASS are a line break and a no-break space', () => {
    expect(readSrt('1\n00:00:01,000 --> 00:00:02,000\nGo left --> then right\n')).toEqual([
      { start: 1000, end: 2000, text: 'Go left --> then right' },
    ]);
    expect(readSrt('1\n00:00:01,000 --> 00:00:02,000\nline one\\Nline\\htwo\n')).toEqual([
      { start: 1000, end: 2000, text: 'line one\nline\u00a0two' },
    ]);
  });

  it('"<br>" from HTML conversions is a line break, not two words glued together', () => {
    expect(readSrt('1\n00:00:01,000 --> 00:00:02,000\nWait<br>for me<BR/>please <br /> now\n')).toEqual([
      { start: 1000, end: 2000, text: 'Wait\nfor me\nplease\nnow' },
    ]);
    expect(readSrt('1\n00:00:01,000 --> 00:00:02,000\n<i>Sung<br>line</i>\n')).toEqual([
      { start: 1000, end: 2000, text: 'Sung\nline', italic: true },
    ]);
  });

  it('control characters in text (a bell, ESC, backspace) are dropped, a form feed or vertical tab is a space', () => {
    expect(readSrt('1\n00:00:01,000 --> 00:00:02,000\nRing\u0007 the\u001b[0m bell\u000cnow\u000bplease\b\n')).toEqual([
      { start: 1000, end: 2000, text: 'Ring the[0m bell now please' },
    ]);
  });

  it('a cue of 320,000 unclosed "<" is read in well under a second (stripping markup is linear)', () => {
    const started = performance.now();
    expect(readSrt(`1\n00:00:01,000 --> 00:00:02,000\n${'a<b '.repeat(320_000)}\n`)[0].text.length).toBe(1_279_999);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
