import { describe, expect, it } from 'vitest';
import { SubtitleParseError } from './subtitle-parse-error';
import { readVtt, writeVtt } from './vtt-format';

describe('readVtt', () => {
  it('skips the header, NOTE, STYLE and REGION blocks, identifiers and cue settings', () => {
    const vtt = [
      'WEBVTT - Some title',
      'Kind: captions',
      'Language: en',
      '',
      'STYLE',
      '::cue { color: yellow }',
      '',
      'REGION',
      'id:fred width:40%',
      '',
      'NOTE a comment',
      'spanning lines',
      '',
      'intro-1',
      '00:01.000 --> 00:02.500 align:start position:10%',
      '<v.loud Mary Ann>Hi &amp; welcome</v>',
      '',
      'NOTE between cues',
      '',
      '2',
      '01:00:03.000 --> 01:00:04.000',
      '<c.yellow>Bye</c> <00:00:03.500><b>now</b>&nbsp;!',
    ].join('\r\n');
    expect(readVtt(vtt)).toEqual([
      { start: 1000, end: 2500, text: 'Hi & welcome', speaker: 'Mary Ann' },
      { start: 3_603_000, end: 3_604_000, text: 'Bye now\u00a0!' },
    ]);
  });

  it('reads cues right after the signature line when the blank line is missing', () => {
    expect(readVtt('WEBVTT\n00:00:01.000 --> 00:00:02.000\n<i>Hi</i>\n')).toEqual([
      { start: 1000, end: 2000, text: 'Hi', italic: true },
    ]);
  });

  it('keeps the words of a cue italic in part, upright; italic when only a dash or an entity is outside', () => {
    const vtt = [
      'WEBVTT',
      '',
      '00:00:01.000 --> 00:00:02.000',
      '<v Ann>Hello <i>world</i></v>',
      '',
      '00:00:03.000 --> 00:00:04.000',
      '- <i>Who is it?</i>&nbsp;&#x266A;',
      '',
      '00:00:05.000 --> 00:00:06.000',
      '<i>Caf</i>&#233;',
    ].join('\n');
    expect(readVtt(vtt)).toEqual([
      { start: 1000, end: 2000, text: 'Hello world', speaker: 'Ann' },
      { start: 3000, end: 4000, text: '- Who is it?\u00a0♪', italic: true },
      // A letter written as a reference is a word: upright.
      { start: 5000, end: 6000, text: 'Café' },
    ]);
  });

  it('a character reference to a lone surrogate reads as U+FFFD, as browsers show it', () => {
    const [cue] = readVtt('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nbroken &#xD800; &#55357; &#x1F600;\n');
    expect(cue.text).toBe('broken \ufffd \ufffd 😀');
    expect(cue.text).not.toMatch(/[\ud800-\udfff]/u);
  });

  it('reports the real line number when nothing in the file reads', () => {
    try {
      readVtt('WEBVTT\n\n\n00:00:01.000 -> 00:00:02.000\nok\n\n00:00:03.000 --> later\nx\n');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SubtitleParseError);
      expect((error as SubtitleParseError).message).toBe(
        "Line 4: the text '00:00:01.000 -> 00:00:02.000' is not under a cue timing, and no cue in the file could be read",
      );
    }
  });
});

describe('writeVtt', () => {
  it('writes the signature, dotted times, escaped text, voice spans and italics', () => {
    expect(writeVtt([{ start: 61_500, end: 62_000, text: 'a < b & c\n--> d', speaker: 'Ann', italic: true }])).toBe(
      'WEBVTT\n\n00:01:01.500 --> 00:01:02.000\n<v Ann><i>a &lt; b &amp; c\n--&gt; d</i>\n\n',
    );
  });
});

describe('readVtt ruby', () => {
  it('keeps the base text of a ruby and leaves its annotation out', () => {
    expect(
      readVtt('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<ruby>漢<rt>kan</rt>字<rt>ji</rt></ruby>です\n')[0].text,
    ).toBe('漢字です');
  });
});
