import { describe, expect, it } from 'vitest';
import { readAss, writeAss } from './ass-format';

const SCRIPT = [
  '\uFEFF[Script Info]',
  '; comment',
  'ScriptType: v4.00+',
  '',
  '[V4+ Styles]',
  'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
  'Style: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,2,2,10,10,10,1',
  'Style: Song,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,-1,0,0,100,100,0,0,1,2,2,2,10,10,10,1',
  '',
  '[Events]',
  'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
  'Dialogue: 0,0:00:05.00,0:00:06.5,Default,,0,0,0,,Later, with, commas',
  'Comment: 0,0:00:00.00,0:00:09.00,Default,,0,0,0,,not shown',
  'Dialogue: 0,0:00:01.23,0:00:02.00,Default,Bob,0,0,0,,{\\an8\\i1}Top\\Nline two\\nthree',
  'Dialogue: 1,0:00:03.00,0:00:04.00,Song,,0,0,0,,La la {\\i0}spoken',
  'Dialogue: 1,0:00:04.00,0:00:04.50,Song,,0,0,0,,La\\hla',
].join('\r\n');

describe('readAss', () => {
  it('reads dialogue text with commas and line breaks, speakers and italic styles, in time order', () => {
    expect(readAss(SCRIPT)).toEqual([
      { start: 1230, end: 2000, text: 'Top\nline two three', speaker: 'Bob', italic: true },
      { start: 3000, end: 4000, text: 'La la spoken' },
      { start: 4000, end: 4500, text: 'La\u00a0la', italic: true },
      { start: 5000, end: 6500, text: 'Later, with, commas' },
    ]);
  });

  it('reads SSA v4 files with their own Format line order', () => {
    const ssa = [
      '[Script Info]',
      'ScriptType: v4.00',
      '[V4 Styles]',
      'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, TertiaryColour, BackColour, Bold, Italic, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, AlphaLevel, Encoding',
      'Style: Default,Arial,20,16777215,65535,65535,-2147483640,-1,0,1,3,0,2,30,30,30,0,0',
      '[Events]',
      'Format: Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
      'Dialogue: Marked=0,0:00:01.00,0:00:02.00,Default,NTP,0000,0000,0000,,Hello',
    ].join('\n');
    expect(readAss(ssa)).toEqual([{ start: 1000, end: 2000, text: 'Hello', speaker: 'NTP' }]);
  });

  it('names the line of a dialogue with unreadable times; one ending before it starts is kept with no length', () => {
    expect(() => readAss(SCRIPT.replace('0:00:06.5', '0:00:xx'))).toThrow(
      "Line 12: the Dialogue times '0:00:05.00' and '0:00:xx' are not valid times",
    );
    expect(readAss(SCRIPT.replace('0:00:06.5', '0:00:04.00')).at(-1)).toEqual({
      start: 5000,
      end: 5000,
      text: 'Later, with, commas',
    });
    expect(() => readAss('[Events]\nDialogue: 0,0:00:01.00')).toThrow('Line 2: the Dialogue line');
  });
});

describe('writeAss', () => {
  it('writes a complete script with a Default style and centisecond dialogue lines', () => {
    const ass = writeAss([{ start: 1234, end: 2006, text: 'Hi, {you}\nthere', speaker: 'Smith, J', italic: true }]);
    expect(ass).toMatch(/^\[Script Info\]\n/);
    expect(ass).toContain('\n[V4+ Styles]\nFormat: Name, Fontname,');
    expect(ass).toContain('\nStyle: Default,');
    expect(ass).toContain(
      '\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n',
    );
    expect(ass).toContain('\nDialogue: 0,0:00:01.23,0:00:02.01,Default,Smith J,0,0,0,,{\\i1}Hi, ｛you｝\\Nthere\n');
    expect(readAss(ass)).toEqual([
      { start: 1230, end: 2010, text: 'Hi, ｛you｝\nthere', speaker: 'Smith J', italic: true },
    ]);
  });

  it('leaves drawings out, reads \\n as a space unless WrapStyle is 2, and finds an unclosed "{" fast', () => {
    const events = (text: string, info = '') =>
      `[Script Info]\n${info}\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,${text}`;
    expect(readAss(events('{\\p1}m 0 0 l 100 0 100 100 0 100{\\p0}Sign text'))[0].text).toBe('Sign text');
    expect(readAss(events('{\\pos(10,20)}Placed {\\p2}m 0 0 l 5 5'))[0].text).toBe('Placed');
    // A line that only draws is no cue (it came in as an empty one); an empty line stays one, as in every format.
    expect(readAss(events('{\\an7\\pos(0,0)\\p1}m 0 0 l 1920 0 1920 120 0 120{\\p0}'))).toEqual([]);
    expect(readAss(events(''))).toEqual([{ start: 1000, end: 2000, text: '' }]);
    expect(readAss(events('one\\ntwo'))[0].text).toBe('one two');
    expect(readAss(events('one\\ntwo', 'WrapStyle: 2'))[0].text).toBe('one\ntwo');
    // Italics as SRT's: all the words italic, whatever punctuation stands outside; part of them, upright.
    expect(readAss(events('- {\\i1}Who is it?{\\i0} ♪'))[0]).toMatchObject({ text: '- Who is it? ♪', italic: true });
    expect(readAss(events('Hello {\\i1}world'))[0].italic).toBeUndefined();
    const started = performance.now();
    expect(readAss(events('{\\a '.repeat(200_000)))[0].text.length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
