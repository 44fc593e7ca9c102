import { expect, it } from 'vitest';
import { TERMBASE_LOOKUP } from '../../plugins/pipeline/common/pipeline-services';
import { TERMBASES_PATHS } from '../../plugins/termbases/common/termbases-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember, type Member } from './projects-test-kit';

const create = (member: Member, name: string, languages: string[] = ['en', 'es']) =>
  member.client.post(TERMBASES_PATHS.termbases, { workspaceId: member.workspaceId, name, languages });
const entries = async (member: Member, termbaseId: string, query = '') =>
  (await member.client.get(`${TERMBASES_PATHS.entries}?termbaseId=${termbaseId}${query}`)).body.data.map(
    (e: any) => e.attributes.terms,
  );

describeOnBothDatabases('term bases: every call of docs/product-contract.md#calls "Term bases"', (ctx) => {
  it('creates, lists, renames and deletes term bases; adds, lists (search, pages), edits and deletes terms', async () => {
    const member = await newMember(ctx);
    const created = await create(member, ' Product terms ', ['en', 'es', 'en']);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      type: 'termbase',
      attributes: { name: 'Product terms', languages: ['en', 'es'], entriesCount: 0 },
    });
    const id = created.body.data.id;
    expect(
      (await member.client.get(`${TERMBASES_PATHS.termbases}?workspaceId=${member.workspaceId}`)).body.data.map(
        (t: any) => t.attributes.name,
      ),
    ).toEqual(['Product terms']);
    expect(
      (await member.client.put(TERMBASES_PATHS.termbase(id), { name: 'Glossary' })).body.data.attributes.name,
    ).toBe('Glossary');

    const added = await member.client.put(TERMBASES_PATHS.addEntry(id), {
      terms: { en: ' subtitle ', es: 'subtítulo' },
    });
    expect(added.body.data.attributes.terms).toEqual({ en: 'subtitle', es: 'subtítulo' });
    await member.client.put(TERMBASES_PATHS.addEntry(id), { terms: { en: 'dubbing', es: 'doblaje' } });
    expect(await entries(member, id)).toEqual([
      { en: 'subtitle', es: 'subtítulo' },
      { en: 'dubbing', es: 'doblaje' },
    ]);
    expect(await entries(member, id, '&search=DOBL')).toEqual([{ en: 'dubbing', es: 'doblaje' }]);

    const entryId = added.body.data.id;
    expect(
      (await member.client.put(TERMBASES_PATHS.entry(entryId), { terms: { en: 'caption', es: 'subtítulo' } })).body.data
        .attributes.terms,
    ).toEqual({ en: 'caption', es: 'subtítulo' });
    expect((await member.client.delete(TERMBASES_PATHS.entry(entryId))).body).toEqual({ data: { id: entryId } });
    expect(await entries(member, id)).toEqual([{ en: 'dubbing', es: 'doblaje' }]);
    expect((await member.client.delete(TERMBASES_PATHS.termbase(id))).body).toEqual({ data: { id } });
    expect((await member.client.get(`${TERMBASES_PATHS.entries}?termbaseId=${id}`)).status).toBe(404);
  });

  it('imports CSV and TSV glossaries (a header of languages, or DeepL’s two columns), all or nothing, naming the bad line', async () => {
    const member = await newMember(ctx);
    const id = (await create(member, 'Imports', ['en', 'es', 'fr'])).body.data.id;
    const importText = (content: string) => member.client.put(TERMBASES_PATHS.importEntries(id), { content });
    const google = await importText('\uFEFFen,es,fr\r\nsubtitle,subtítulo,sous-titre\r\n"voice, over",voz en off,\r\n');
    expect(google.status).toBe(200);
    expect(google.body.meta.imported).toBe(2);
    expect(google.body.data.attributes.entriesCount).toBe(2);
    expect((await importText('frame\tfotograma\n')).body.meta.imported).toBe(1); // DeepL: source, target = the first two languages
    expect(await entries(member, id)).toEqual([
      { en: 'subtitle', es: 'subtítulo', fr: 'sous-titre' },
      { en: 'voice, over', es: 'voz en off' },
      { en: 'frame', es: 'fotograma' },
    ]);

    const bad = await importText('en,es\ncue,subtítulo\nbroken line with, too, many\n');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('Line 3: 2 terms expected, 3 found');
    expect((await importText('en,de\nhouse,Haus\n')).body.message).toBe('Line 1: this term base has no language "de"');
    expect(await entries(member, id)).toHaveLength(3); // nothing half-imported
  });

  it('imports a quoted term that spans two lines (valid CSV, as spreadsheets write a cell with a line break) and names the line a bad row starts on', async () => {
    const member = await newMember(ctx);
    const id = (await create(member, 'Spreadsheet export', ['en', 'es'])).body.data.id;
    const importText = (content: string) => member.client.put(TERMBASES_PATHS.importEntries(id), { content });
    const multiLine = await importText(
      'en,es\r\n"closed\r\ncaptions",subtítulos cerrados\r\n5" screen,"pantalla ""grande"""\r\n',
    );
    expect(multiLine.status).toBe(200);
    expect(multiLine.body.meta.imported).toBe(2);
    expect(await entries(member, id)).toEqual([
      { en: 'closed captions', es: 'subtítulos cerrados' },
      { en: '5" screen', es: 'pantalla "grande"' },
    ]);

    const tooMany = await importText('en,es\n"two\nlines",dos líneas\n"a","b","c"\n');
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe('Line 4: 2 terms expected, 3 found');
    const unclosed = await importText('en,es\n"never closed,nunca\n');
    expect(unclosed.status).toBe(422);
    expect(unclosed.body.message).toMatch(/^Line \d+: a quote is opened and never closed$/);
    expect(await entries(member, id)).toHaveLength(2); // nothing half-imported
  });

  it('imports TBX-Basic files, version 2 and 3, all or nothing, naming the bad line', async () => {
    const member = await newMember(ctx);
    const id = (await create(member, 'TBX', ['en', 'es'])).body.data.id;
    const importTbx = (content: string, fileName?: string) =>
      member.client.put(TERMBASES_PATHS.importEntries(id), { content, ...(fileName ? { fileName } : {}) });
    const v2 = await importTbx(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE martif SYSTEM "TBXBasiccoreStructV02.dtd">
<martif type="TBX-Basic" xml:lang="en-US">
  <martifHeader><fileDesc><sourceDesc><p>Exported &amp; checked</p></sourceDesc></fileDesc></martifHeader>
  <text><body>
    <termEntry id="t1">
      <langSet xml:lang="en-US"><tig><term>subtitle</term></tig><tig><term>caption</term></tig></langSet>
      <langSet xml:lang='es-ES'><ntig><termGrp><term>subt&#237;tulo</term></termGrp></ntig></langSet>
      <langSet xml:lang="de"><tig><term>Untertitel</term></tig></langSet>
    </termEntry>
    <termEntry id="t2"><langSet xml:lang="en"><tig><term><![CDATA[Q&A]]></term></tig></langSet><langSet xml:lang="es"><tig><term>P &amp; R</term></tig></langSet></termEntry>
  </body></text>
</martif>
`);
    expect(v2.status).toBe(200);
    expect(v2.body.meta).toEqual({ imported: 2, skippedLanguages: ['de'] });
    const v3 = await importTbx(
      `<tbx type="TBX-Basic" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2"><text><body><conceptEntry id="c1"><langSec xml:lang="en"><termSec><term>dubbing</term></termSec></langSec><langSec xml:lang="es"><termSec><term>doblaje</term></termSec></langSec></conceptEntry></body></text></tbx>`,
      'terms.tbx',
    );
    expect(v3.body.meta.imported).toBe(1);
    expect(await entries(member, id)).toEqual([
      { en: 'subtitle', es: 'subtítulo' },
      { en: 'Q&A', es: 'P & R' },
      { en: 'dubbing', es: 'doblaje' },
    ]);

    const malformed = await importTbx(
      '<?xml version="1.0"?>\n<martif type="TBX-Basic"><text><body>\n<termEntry><langSet xml:lang="en"><tig><term>cue</term></tig></langSet>\n<langSet xml:lang="es"><tig><term>subtítulo</tig></langSet></termEntry>\n</body></text></martif>',
    );
    expect(malformed.status).toBe(422);
    expect(malformed.body.message).toBe(
      'Line 4: an end tag does not match the open element <term> (line 4) (this is not well-formed XML)',
    );
    expect(
      (
        await importTbx(
          '<martif><text><body><termEntry><langSet xml:lang="fr"><tig><term>cadre</term></tig></langSet></termEntry></body></text></martif>',
        )
      ).body.message,
    ).toBe('The file holds no terms in this term base’s languages (en, es); it has fr');
    expect(await entries(member, id)).toHaveLength(3); // nothing half-imported
  });

  it('refuses bad input with a clear 4xx, and another workspace’s term base or term is a 404', async () => {
    const owner = await newMember(ctx);
    const stranger = await newMember(ctx);
    expect((await create(owner, 'One language', ['en'])).body).toMatchObject({
      statusCode: 422,
      message: 'A term base needs at least two languages',
    });
    expect((await create(owner, '  ')).body).toMatchObject({ statusCode: 422, message: "Name can't be blank" });
    const id = (await create(owner, 'Secret terms')).body.data.id;
    expect((await owner.client.put(TERMBASES_PATHS.addEntry(id), { terms: { de: 'Haus' } })).body).toMatchObject({
      statusCode: 422,
      message: 'This term base has no language "de"',
    });
    expect((await owner.client.put(TERMBASES_PATHS.addEntry(id), { terms: { en: '  ' } })).body).toMatchObject({
      statusCode: 422,
    });
    const entryId = (await owner.client.put(TERMBASES_PATHS.addEntry(id), { terms: { en: 'hush', es: 'silencio' } }))
      .body.data.id;
    for (const res of [
      await stranger.client.put(TERMBASES_PATHS.termbase(id), { name: 'Mine' }),
      await stranger.client.put(TERMBASES_PATHS.addEntry(id), { terms: { en: 'x' } }),
      await stranger.client.get(`${TERMBASES_PATHS.entries}?termbaseId=${id}`),
      await stranger.client.put(TERMBASES_PATHS.entry(entryId), { terms: { en: 'x' } }),
      await stranger.client.delete(TERMBASES_PATHS.entry(entryId)),
      await stranger.client.delete(TERMBASES_PATHS.termbase(id)),
    ]) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('hush');
    }
  });

  it('hands the translation the pairs of the chosen language pair, only in its own workspace', async () => {
    const member = await newMember(ctx);
    const other = await newMember(ctx);
    const id = (await create(member, 'Pairs', ['en', 'es', 'fr'])).body.data.id;
    await member.client.put(TERMBASES_PATHS.importEntries(id), {
      content: 'en,es,fr\nsubtitle,subtítulo,sous-titre\nframe,fotograma,\n',
    });
    const lookup = ctx.app.services.get(TERMBASE_LOOKUP);
    const termBase = await lookup.find(ctx.db, member.workspaceId, id);
    expect(termBase!.entriesFor('en', 'es')).toEqual([
      { source: 'subtitle', target: 'subtítulo' },
      { source: 'frame', target: 'fotograma' },
    ]);
    expect(termBase!.entriesFor('en', 'fr')).toEqual([{ source: 'subtitle', target: 'sous-titre' }]);
    expect(await lookup.find(ctx.db, other.workspaceId, id)).toBeNull();
  });
});
