import { describe, expect, it } from 'vitest';
import { readTtml, writeTtml } from './ttml-format';

describe('readTtml', () => {
  it('reads clock, offset and frame times, begin with end or dur, nested timing, <br/> and spans', () => {
    const ttml = `<?xml version="1.0" encoding="utf-8"?>
<!-- exported by some tool -->
<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling"
    xmlns:ttp="http://www.w3.org/ns/ttml#parameter" xmlns:ttm="http://www.w3.org/ns/ttml#metadata"
    ttp:frameRate="25" ttp:tickRate="10000000" xml:lang="en">
  <head>
    <styling>
      <style xml:id="it" tts:fontStyle="italic"/>
      <style xml:id="song" style="it"/>
    </styling>
    <metadata><ttm:agent xml:id="a1" type="person"><ttm:name type="full">Mary  Ann</ttm:name></ttm:agent></metadata>
  </head>
  <body>
    <div>
      <p begin="00:00:01.5" end="00:00:03:12" ttm:agent="a1">Hello
        <span tts:fontWeight="bold">big <span>nested</span></span><br/>  world &amp; more</p>
      <p begin="12.5s" dur="500ms" style="song">La <![CDATA[<la>]]></p>
      <p begin="20000000t" end="75f">Ticks and frames</p>
    </div>
    <div begin="60s">
      <p begin="1s" end="2s">Relative to the div</p>
      <p begin="3s" end="4s"><span tts:fontStyle="italic">half</span> plain</p>
      <p begin="5s" end="6s">- <span tts:fontStyle="italic">all the words</span>.</p>
    </div>
  </body>
</tt>`;
    expect(readTtml(ttml)).toEqual([
      { start: 1500, end: 3480, text: 'Hello big nested\nworld & more', speaker: 'Mary Ann' },
      { start: 2000, end: 3000, text: 'Ticks and frames' },
      { start: 12_500, end: 13_000, text: 'La <la>', italic: true },
      { start: 61_000, end: 62_000, text: 'Relative to the div' },
      { start: 63_000, end: 64_000, text: 'half plain' },
      // Italic when all the words are: a dash and a full stop outside the span do not count.
      { start: 65_000, end: 66_000, text: '- all the words.', italic: true },
    ]);
  });

  it('reads DFXP with prefixed element names and a frame rate multiplier', () => {
    const dfxp = `<tt:tt xmlns:tt="http://www.w3.org/2006/10/ttaf1" xmlns:ttp="http://www.w3.org/2006/10/ttaf1#parameter" ttp:frameRate="30" ttp:frameRateMultiplier="1000 1001">
<tt:body><tt:div><tt:p begin="00:00:01:00" end="00:00:02:15">One</tt:p></tt:div></tt:body></tt:tt>`;
    // 15 frames at 30 × 1000/1001 fps are 500.5 ms (plain 30 fps would give 2500).
    expect(readTtml(dfxp)).toEqual([{ start: 1000, end: 2501, text: 'One' }]);
  });

  it('names the line of malformed XML, bad times and impossible paragraphs', () => {
    const wrap = (body: string) =>
      `<tt xmlns="http://www.w3.org/ns/ttml">\n<body>\n<div>\n${body}\n</div>\n</body>\n</tt>`;
    expect(() => readTtml(wrap('<p begin="1s" end="2s">x</span>'))).toThrow(
      'Line 4: an end tag does not match the open element <p>',
    );
    expect(() => readTtml(wrap('<p begin="1s" end="2s">ok</p>\n<p begin="soon" end="2s">x</p>'))).toThrow(
      "Line 5: the time expression 'soon' is not a valid TTML time",
    );
    expect(readTtml(wrap('<p begin="3s" end="2s">x</p>'))).toEqual([{ start: 3000, end: 3000, text: 'x' }]);
    expect(() => readTtml(wrap('<span>'.repeat(5000) + '</span>'.repeat(5000)))).toThrow(
      'Line 4: elements are nested more than 100 deep',
    );
    expect(() => readTtml(wrap('<p begin="3s">x</p>'))).toThrow('Line 4: the paragraph has no end time or duration');
    expect(() => readTtml(wrap('<p begin="1s" end="2s">x</p>').replace('</tt>', ''))).toThrow(
      'the element <tt> is never closed',
    );
  });
});

describe('writeTtml', () => {
  it('writes valid, escaped XML with agents, italics and line breaks', () => {
    const ttml = writeTtml(
      [{ start: 1000, end: 2500, text: 'a < b & "c"\nd\u0007', speaker: 'Tom & Jerry', italic: true }],
      { language: 'en' },
    );
    expect(ttml).toContain('xml:lang="en"');
    expect(ttml).toContain(
      '<ttm:agent xml:id="speaker1" type="person"><ttm:name type="full">Tom &amp; Jerry</ttm:name></ttm:agent>',
    );
    expect(ttml).toContain(
      '<p begin="00:00:01.000" end="00:00:02.500" ttm:agent="speaker1" tts:fontStyle="italic">a &lt; b &amp; &quot;c&quot;<br/>d</p>',
    );
    expect(readTtml(ttml)).toEqual([
      { start: 1000, end: 2500, text: 'a < b & "c"\nd', speaker: 'Tom & Jerry', italic: true },
    ]);
  });

  it('follows TTML timing: durations without begin, timing on spans only, a parent end cutting children, spans outside their paragraph', () => {
    const wrap = (body: string) => `<tt xmlns="http://www.w3.org/ns/ttml"><body>${body}</body></tt>`;
    expect(readTtml(wrap('<div><p dur="2s">From the start</p></div>'))).toEqual([
      { start: 0, end: 2000, text: 'From the start' },
    ]);
    expect(
      readTtml(
        wrap('<div><p><span begin="1s" end="2s">Word</span> <span begin="2s" end="3s">by word</span></p></div>'),
      ),
    ).toEqual([
      { start: 1000, end: 2000, text: 'Word' },
      { start: 2000, end: 3000, text: 'by word' },
    ]);
    expect(
      readTtml(
        wrap(
          '<div begin="10s" end="12s"><p begin="1s" end="5s">Cut at twelve</p><p begin="3s" end="4s">Never shown</p></div>',
        ),
      ),
    ).toEqual([{ start: 11_000, end: 12_000, text: 'Cut at twelve' }]);
    expect(
      readTtml(wrap('<div><p begin="1s" end="3s">Shown <span begin="5s" end="6s">must not appear</span></p></div>')),
    ).toEqual([{ start: 1000, end: 3000, text: 'Shown' }]);
  });

  it('reads comma fractions, clock times without hours and undeclared &nbsp;', () => {
    const wrap = (body: string) => `<tt xmlns="http://www.w3.org/ns/ttml"><body><div>${body}</div></body></tt>`;
    expect(
      readTtml(
        wrap(
          '<p begin="00:00:01,500" end="00:00:03,503">Comma&nbsp;time</p><p begin="3:58.640" end="4:01.000">Lyrics</p>',
        ),
      ),
    ).toEqual([
      { start: 1500, end: 3503, text: 'Comma\u00a0time' },
      { start: 238_640, end: 241_000, text: 'Lyrics' },
    ]);
  });
});
