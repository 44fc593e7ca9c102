import { describe, expect, it } from 'vitest';
import { looksLikeTbx, parseTbx } from './tbx-import';
import { readXml, textOf, XmlSyntaxError } from './xml-reader';

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('readXml', () => {
  it('reads entities, character references, CDATA, comments, both quote styles and prefixed names', () => {
    const root = readXml(
      `<?xml version="1.0"?>\n<!DOCTYPE x [ <!ELEMENT x ANY> ]>\n<!-- a <comment> -->\n<x:root xml:lang='en-US' b="a > b">A &amp; B &lt;&gt;&quot;&apos; &#233;&#x263A;<![CDATA[<raw> & ]]><i>!</i><e/></x:root>`,
    );
    expect(root).toMatchObject({ name: 'root', line: 4, attributes: { 'xml:lang': 'en-US', b: 'a > b' } });
    expect(textOf(root)).toBe(`A & B <>"' é☺<raw> & !`);
  });

  it('names the line of what is wrong', () => {
    const cases: Array<[string, number, RegExp]> = [
      ['<a>\n<b>\n</a>', 3, /<\/a> does not match <b> opened on line 2/],
      ['<a>\n\n<b>text</b>', 1, /<a> is never closed/],
      ['<a>\n&nbsp;</a>', 2, /unknown entity "&nbsp;"/],
      ['<a>\nfish & chips</a>', 2, /must start an entity/],
      ['<a>\n<b c=d/></a>', 2, /malformed attribute/],
      ['<a>\n<b c="1" c="2"/></a>', 2, /given twice/],
      ['<a></a>\n<b/>', 2, /second root/],
      ['<a>\n1 < 2</a>', 2, /must start a tag/],
      ['<a>\n<!-- never closed', 2, /comment is never closed/],
    ];
    for (const [xml, line, reason] of cases) {
      let caught: unknown;
      try {
        readXml(xml);
      } catch (error) {
        caught = error;
      }
      expect(caught, xml).toBeInstanceOf(XmlSyntaxError);
      expect((caught as XmlSyntaxError).line, xml).toBe(line);
      expect((caught as XmlSyntaxError).reason, xml).toMatch(reason);
    }
  });

  it('refuses nesting deeper than TBX ever needs instead of exhausting the stack', () => {
    expect(() => readXml('<a>'.repeat(10_000) + '</a>'.repeat(10_000))).toThrow(/nested more than/);
  });
});

describe('parseTbx', () => {
  const v2 = `<?xml version="1.0" encoding="UTF-8"?>
<martif type="TBX-Basic" xml:lang="en-US">
  <martifHeader><fileDesc><sourceDesc><p>Export</p></sourceDesc></fileDesc></martifHeader>
  <text><body>
    <termEntry id="c1">
      <descrip type="definition">A line of text on screen.</descrip>
      <langSet xml:lang="en-US"><tig><term>subtitle</term></tig><tig><term>caption</term></tig></langSet>
      <langSet xml:lang="es"><ntig><termGrp><term>subtítulo</term></termGrp></ntig></langSet>
      <langSet xml:lang="de"><tig><term>Untertitel</term></tig></langSet>
    </termEntry>
    <termEntry id="c2">
      <langSet xml:lang="de"><tig><term>Rahmen</term></tig></langSet>
    </termEntry>
  </body></text>
</martif>`;

  it('takes the first (preferred) term per language, maps en-US to en and skips languages the term base lacks', () => {
    expect(parseTbx(v2, ['en', 'es'])).toEqual({ entries: [{ en: 'subtitle', es: 'subtítulo' }], skippedLanguages: ['de'] });
  });

  it('names the languages when none of the file’s is the term base’s', () => {
    expect(refusal(() => parseTbx(v2, ['fr', 'it']))).toBe('The file holds no terms in this term base’s languages (fr, it); it has en-US, es, de');
  });

  it('reads TBX v3 (conceptEntry, langSec, termSec)', () => {
    const v3 = `<tbx type="TBX-Basic" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2"><text><body>
      <conceptEntry id="1"><langSec xml:lang="en"><termSec><term>dubbing</term></termSec></langSec><langSec xml:lang="fr-FR"><termSec><term>doublage</term></termSec></langSec></conceptEntry>
    </body></text></tbx>`;
    expect(parseTbx(v3, ['en', 'fr']).entries).toEqual([{ en: 'dubbing', fr: 'doublage' }]);
  });

  it('refuses what is not a TBX term base, naming the line', () => {
    expect(refusal(() => parseTbx('<?xml version="1.0"?>\n<html></html>', ['en', 'es']))).toMatch(/^Line 2: <html> is not a TBX file's root element/);
    expect(refusal(() => parseTbx('<martif>\n<text><body><termEntry>\n<langSet><tig><term>x</term></tig></langSet></termEntry></body></text></martif>', ['en']))).toBe(
      'Line 3: <langSet> has no xml:lang attribute',
    );
    expect(refusal(() => parseTbx('<martif><text><body></body></text></martif>', ['en']))).toBe('The file holds no terms');
  });

  it('tells TBX from CSV by name or by content', () => {
    expect(looksLikeTbx('\uFEFF<?xml version="1.0"?><martif/>')).toBe(true);
    expect(looksLikeTbx('<martif type="TBX-Basic">')).toBe(true);
    expect(looksLikeTbx('anything', 'glossary.TBX')).toBe(true);
    expect(looksLikeTbx('en,es\nsubtitle,subtítulo\n')).toBe(false);
    expect(looksLikeTbx('en,es\nsubtitle,subtítulo\n', 'glossary.csv')).toBe(false);
  });
});
