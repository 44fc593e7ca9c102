import { describe, expect, it } from 'vitest';
import { looksLikeTbx, parseTbx } from './tbx-import';

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('not refused');
};

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
    expect(parseTbx(v2, ['en', 'es'])).toEqual({
      entries: [{ en: 'subtitle', es: 'subtítulo' }],
      skippedLanguages: ['de'],
    });
  });

  it('names the languages when none of the file’s is the term base’s', () => {
    expect(refusal(() => parseTbx(v2, ['fr', 'it']))).toBe(
      'The file holds no terms in this term base’s languages (fr, it); it has en-US, es, de',
    );
  });

  it('reads TBX v3 (conceptEntry, langSec, termSec)', () => {
    const v3 = `<tbx type="TBX-Basic" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2"><text><body>
      <conceptEntry id="1"><langSec xml:lang="en"><termSec><term>dubbing</term></termSec></langSec><langSec xml:lang="fr-FR"><termSec><term>doublage</term></termSec></langSec></conceptEntry>
    </body></text></tbx>`;
    expect(parseTbx(v3, ['en', 'fr']).entries).toEqual([{ en: 'dubbing', fr: 'doublage' }]);
  });

  it('refuses what is not a TBX term base, naming the line', () => {
    expect(refusal(() => parseTbx('<?xml version="1.0"?>\n<html></html>', ['en', 'es']))).toMatch(
      /^Line 2: <html> is not a TBX file's root element/,
    );
    expect(
      refusal(() =>
        parseTbx(
          '<martif>\n<text><body><termEntry>\n<langSet><tig><term>x</term></tig></langSet></termEntry></body></text></martif>',
          ['en'],
        ),
      ),
    ).toBe('Line 3: <langSet> has no xml:lang attribute');
    expect(refusal(() => parseTbx('<martif><text><body></body></text></martif>', ['en']))).toBe(
      'The file holds no terms',
    );
  });

  it('tells TBX from CSV by name or by content', () => {
    expect(looksLikeTbx('\uFEFF<?xml version="1.0"?><martif/>')).toBe(true);
    expect(looksLikeTbx('<martif type="TBX-Basic">')).toBe(true);
    expect(looksLikeTbx('anything', 'glossary.TBX')).toBe(true);
    expect(looksLikeTbx('en,es\nsubtitle,subtítulo\n')).toBe(false);
    expect(looksLikeTbx('en,es\nsubtitle,subtítulo\n', 'glossary.csv')).toBe(false);
  });
});
