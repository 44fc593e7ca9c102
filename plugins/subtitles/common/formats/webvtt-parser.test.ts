import { describe, expect, it } from 'vitest';
import { SubtitleParseError } from './subtitle-parse-error';
import { readSubtitles } from './index';
import { readVtt } from './vtt-format';

/**
 * WebVTT file-parsing cases of web-platform-tests (https://github.com/web-platform-tests/wpt,
 * webvtt/parsing/file-parsing/tests/support/*.vtt and the cue counts their .html asserts;
 * 3-Clause BSD License, © web-platform-tests contributors), ported as inline strings: the cues a
 * browser shows are the cues an import reads. Where the importer is kinder on purpose (timestamps
 * per readClock) it reads every cue the browser reads and perhaps more; a cue ending before it
 * starts, which a browser keeps but never shows, is skipped.
 */

const texts = (vtt: string) => readVtt(vtt).map((cue) => cue.text);
const T = '00:00:00.000 --> 00:00:01.000';

describe('readVtt against web-platform-tests file-parsing cases', () => {
  it('arrows.vtt: "-->" in ids and garbage around arrows; 6 cues', () => {
    const vtt = `WEBVTT\n\n-->\n${T}\ntext1\nfoo-->\n${T}\ntext2\n-->foo\n${T}\ntext3\n--->\n${T}\ntext4\n-->-->\n${T}\ntext5\n${T}\ntext6\n\n00:00:00.000 -a -->\n\n00:00:00.000 --a -->\n\n00:00:00.000 - -->\n\n00:00:00.000 -- -->\n`;
    expect(texts(vtt)).toEqual(['text1', 'text2', 'text3', 'text4', 'text5', 'text6']);
  });

  it('ids.vtt: ids with spaces, "-- >", "->" and a lone space; 5 cues', () => {
    const vtt = `WEBVTT\n\n leading space\n${T}\ntext1\n\ntrailing space \n${T}\ntext2\n\n-- >\n${T}\ntext3\n\n->\n${T}\ntext4\n\n \n${T}\ntext5`;
    expect(texts(vtt)).toEqual(['text1', 'text2', 'text3', 'text4', 'text5']);
  });

  it('newlines.vtt: CR, LF and CRLF line ends; 3 cues', () => {
    const vtt = `WEBVTT\n\ncr\r${T}\rtext1\r\rlf\n${T}\ntext2\n\ncrlf\r\n${T}\r\ntext3\r\n\r\n`;
    expect(texts(vtt)).toEqual(['text1', 'text2', 'text3']);
  });

  it('newlines.vtt (current): CR, LF, CRLF, and LF CR read as two line ends (a blank line that ends a cue); 4 cues', () => {
    const vtt = `WEBVTT\r\rcr\r${T}\rtext1\r\n\nlf\n${T}\ntext2\n\ncrlf\r\n${T}\r\ntext3\n\rlfcr\r${T}\ntext4\n`;
    expect(texts(vtt)).toEqual(['text1', 'text2', 'text3', 'text4']);
    // The same through the import's entry point (bytes, format detected), where each line end counts once.
    expect(readSubtitles(new TextEncoder().encode(vtt)).map((cue) => cue.text)).toEqual([
      'text1',
      'text2',
      'text3',
      'text4',
    ]);
  });

  it('line ends inside a cue: a lone CR or a CRLF is one line end, LF CR ends the cue; a file may end on a timing or a bare CR', () => {
    expect(texts(`WEBVTT\n\n${T}\nline1\rline2\r\nline3\n\rnot text\n`)).toEqual(['line1\nline2\nline3']);
    expect(texts(`WEBVTT\r\n\r\n${T}\r\ntext1\n\r${T}\rtext2\r\n`)).toEqual(['text1', 'text2']);
    expect(texts(`WEBVTT\n\r${T}\ntext1\n`)).toEqual(['text1']);
    expect(texts(`WEBVTT\r\r${T}\r`)).toEqual(['']);
    expect(texts(`WEBVTT\r\rSTYLE\r::cue {}\r\r${T}\rtext1`)).toEqual(['text1']);
  });

  it('whitespace-chars.vtt: spaces, tabs and form feeds around the arrow; a vertical tab is not whitespace; 3 cues', () => {
    const vtt = `WEBVTT\n\nspaces\n   00:00:00.000    -->  00:00:01.000 \n   text1\n\ntabs\n\t\t\t00:00:00.000\t\t\t\t-->\t\t00:00:01.000\t\ntext2\n\nform feed\n\f00:00:00.000\f-->\f00:00:01.000\f\ntext3\n\nvertical tab\n\v00:00:00.000\v-->\v00:00:01.000\v\ntext4\n`;
    expect(texts(vtt)).toEqual(['text1', 'text2', 'text3']);
  });

  it('timings-omitted-hours.vtt: mm:ss.ttt on either side; 3 cues', () => {
    const vtt =
      'WEBVTT\n\n00:00.000 --> 00:00:01.000\ntext1\n\n00:00:00.000 --> 00:01.000\ntext2\n\n00:00.000 --> 00:01.000\ntext3\n';
    expect(readVtt(vtt)).toEqual([
      { start: 0, end: 1000, text: 'text1' },
      { start: 0, end: 1000, text: 'text2' },
      { start: 0, end: 1000, text: 'text3' },
    ]);
  });

  it('timings-too-short.vtt and timings-too-long.vtt: every cue a browser reads is read (the importer also takes some shapes a browser refuses)', () => {
    const short = [
      '0:00:00.000',
      '0000:00.000',
      '00:0:00.000',
      '00:0000.000',
      '00:00:0.000',
      '00:00:00000',
      '00:00:00.00',
      '00:00:00.0',
      '00:00:00.',
      '00:00:00',
      '00:00:0',
      '00:00:',
      '00:00',
      '00:0',
      '00:',
      '00',
      '0',
      '',
    ];
    const long = [
      '000:00:00.000',
      '00::00:00.000',
      '00:000:00.000',
      '00:00::00.000',
      '00:00:000.000',
      '00:00:00..000',
      '00:00:00.0000',
      '00:00.0000',
    ];
    for (const [starts, last] of [
      [short, '0:00:01.000'],
      [long, '000:00:01.000'],
    ] as const) {
      const vtt = `WEBVTT\n\n${starts.map((start, i) => `${start} --> 00:00:01.000\n${i === 0 ? 'text1' : 'invalid'}`).join('\n\n')}\n\n00:00:00.000 --> ${last}\ntext2\n`;
      const read = texts(vtt);
      expect(read[0]).toBe('text1');
      expect(read.at(-1)).toBe('text2');
    }
  });

  it('timings-negative.vtt: a zero-length cue is read; cues ending before they start, never shown by a player, are skipped', () => {
    const vtt =
      'WEBVTT\n\n00:00:00.000 --> 00:00:00.000\ntext1\n\n00:00:01.000 --> 00:00:00.999\ntext2\n\n00:01:00.000 --> 00:00:59.999\ntext3\n\n01:00:00.000 --> 00:59:59.999\ntext4\n';
    expect(texts(vtt)).toEqual(['text1']);
  });

  it('header-timings / signature-timings: a timing right under the signature starts the cues', () => {
    expect(texts(`WEBVTT\n${T}\ntext\n`)).toEqual(['text']);
    expect(texts(`WEBVTT\tfoo\nheader: garbage\n\n${T}\ntext\n`)).toEqual(['text']);
  });
});

describe('readVtt: blocks that are not cues are skipped, not fatal', () => {
  it('reads around a STYLE block holding a blank line, NOTE and REGION blocks and stray text (issue 14)', () => {
    const vtt = `WEBVTT\n\nSTYLE\n::cue(.foo) { color: red }\n\n.bar {\n  color: blue;\n}\n\nREGION\nid:r1 width:40%\n\nNOTE a\ncomment\n\nstray text\n\n${T} align:start\n<c.bar>Hello</c>\n`;
    expect(readVtt(vtt)).toEqual([{ start: 0, end: 1000, text: 'Hello' }]);
  });

  it('keeps a cue id out of the previous cue when lines end in LF-CR', () => {
    const vtt = `WEBVTT\n\r\n\r1\n\r${T}\n\rone\n\r\n\r2\n\r00:00:01.000 --> 00:00:02.000\n\rtwo\n\r`;
    expect(readVtt(vtt).every((cue) => !/[12]/.test(cue.text))).toBe(true);
  });

  it('skips a cue whose timing is broken and reads the rest', () => {
    expect(texts('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nok\n\n00:00:03.000 --> later\nx\n')).toEqual(['ok']);
  });

  it('refuses a file of which nothing reads, naming the first line that did not', () => {
    try {
      readVtt('WEBVTT\n\nNOTE only a note\n\n\nwords\n\n00:00:03.000 --> later\nx\n');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SubtitleParseError);
      expect((error as SubtitleParseError).message).toBe(
        "Line 6: the text 'words' is not under a cue timing, and no cue in the file could be read",
      );
    }
  });
});
