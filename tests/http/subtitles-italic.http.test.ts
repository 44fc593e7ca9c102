import { beforeAll, expect, it } from 'vitest';
import { readSubtitles } from '../../plugins/subtitles/common/formats';
import { LIVE_PATH } from '../../plugins/subtitles/common/live-contract';
import type { LiveCue } from '../../plugins/subtitles/common/live-cues';
import { SUBTITLES_PATHS } from '../../plugins/subtitles/common/subtitles-contract';
import { describeOnBothDatabases } from '../support/test-app';
import type { TestClient } from '../support/test-client';
import { LiveTestEditor } from '../support/live-test-editor';
import { newMember } from './projects-test-kit';
import { cuesOf, getBinary, importFile, newSubtitle, newVersion, srtOf, unzip } from './subtitles-test-kit';

/**
 * Whole-cue italics kept end to end: what a file's reader finds is stored with the cue, read back
 * by GET …/cues, saved by PUT …/cues (a save naming none keeps each position's), carried by the
 * live document between editors, and written again by every download format that has italics.
 */

/** One italic cue (a song) and one roman, as each format writes italics. */
const FILES = {
  srt: '1\r\n00:00:01,000 --> 00:00:02,000\r\n<i>Song of the sea</i>\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nSpoken line\r\n',
  vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<i>Song of the sea</i>\n\n00:00:03.000 --> 00:00:04.000\nSpoken line\n',
  ttml: `<?xml version="1.0" encoding="UTF-8"?>
<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
  <body><div>
    <p begin="00:00:01.000" end="00:00:02.000"><span tts:fontStyle="italic">Song of the sea</span></p>
    <p begin="00:00:03.000" end="00:00:04.000">Spoken line</p>
  </div></body>
</tt>
`,
  ass: `[Script Info]
ScriptType: v4.00+

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,Arial,48,&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,2,1,2,40,40,40,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\i1}Song of the sea{\\i0}
Dialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,Spoken line
`,
};
/** How each download writes the italic cue. */
const WRITTEN = {
  srt: '<i>Song of the sea</i>',
  vtt: '<i>Song of the sea</i>',
  ttml: 'tts:fontStyle="italic">Song of the sea</p>',
  ass: '{\\i1}Song of the sea',
};

const italicsOf = async (client: TestClient, version: string, subtitleId: string) =>
  (await cuesOf(client, version, subtitleId)).map((cue) => (cue as { italic?: boolean }).italic === true);

describeOnBothDatabases('whole-cue italics', (ctx) => {
  let base = '';
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  });
  const cookieOf = (client: TestClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  it('survive import -> rows -> download in SRT, WebVTT, TTML and ASS, from a file of each', async () => {
    const member = await newMember(ctx);
    for (const [format, content] of Object.entries(FILES)) {
      const version = await newVersion(ctx, member, `Italics ${format}`);
      const subtitleId = await newSubtitle(member.client, version, 'en');
      const imported = await importFile(member.client, version, subtitleId, content, { filename: `song.${format}` });
      expect(imported.status, `${format}: ${imported.text}`).toBe(200);
      expect(await italicsOf(member.client, version, subtitleId), format).toEqual([true, false]);

      const res = await getBinary(
        ctx,
        member.client,
        `${SUBTITLES_PATHS.downloadSubtitles}?workspaceId=${member.workspaceId}&projectVersionIds=${version}&formats=srt,vtt,ttml,ass`,
      );
      expect(res.status).toBe(200);
      const entries = await unzip(res.body);
      for (const [written, marker] of Object.entries(WRITTEN)) {
        const file = entries.get(`Italics ${format} - en.${written}`)!;
        expect(file.toString(), `${format} -> ${written}`).toContain(marker);
        // Roman stays roman, and the file reads back to the same italics.
        expect(readSubtitles(file).map((cue) => cue.italic === true)).toEqual([true, false]);
      }
    }
  });

  it('PUT …/cues stores them and GET reads them; a save naming none keeps each position’s, one naming any takes them as given; an import decides', async () => {
    const member = await newMember(ctx);
    const version = await newVersion(ctx, member);
    const subtitleId = await newSubtitle(member.client, version, 'en');
    await importFile(
      member.client,
      version,
      subtitleId,
      srtOf(3, (i) => `Cue ${i}`),
    );
    const cuesPath = SUBTITLES_PATHS.cues(version, subtitleId);
    const save = async (cues: object[]) => {
      const revision = (await member.client.get(cuesPath)).body.data.attributes.revision;
      return member.client.put(cuesPath, { revision, cues });
    };
    const times = [0, 2000, 4000].map((start) => ({ start, end: start + 1500 }));

    const saved = await save(times.map((t, i) => ({ ...t, text: `Cue ${i + 1}`, italic: i === 1 })));
    expect(saved.status).toBe(200);
    expect(saved.body.cues.map((cue: { italic?: boolean }) => cue.italic === true)).toEqual([false, true, false]);
    expect(await italicsOf(member.client, version, subtitleId)).toEqual([false, true, false]);

    // A script that knows nothing of italics saves text only: the song stays a song.
    expect((await save(times.map((t, i) => ({ ...t, text: `Edited ${i + 1}` })))).status).toBe(200);
    expect(await italicsOf(member.client, version, subtitleId)).toEqual([false, true, false]);
    // One cue naming it (false here) makes the save say them all: absent is roman.
    expect(
      (await save(times.map((t, i) => ({ ...t, text: `Cue ${i + 1}`, ...(i === 0 ? { italic: false } : {}) })))).status,
    ).toBe(200);
    expect(await italicsOf(member.client, version, subtitleId)).toEqual([false, false, false]);

    expect((await save([{ ...times[0], text: 'Bad', italic: 'yes' }])).status).toBe(400);

    // An import replaces them with the file's: a plain file over italics leaves none.
    await save(times.map((t, i) => ({ ...t, text: `Cue ${i + 1}`, italic: true })));
    await importFile(
      member.client,
      version,
      subtitleId,
      srtOf(3, (i) => `Plain ${i}`),
    );
    expect(await italicsOf(member.client, version, subtitleId)).toEqual([false, false, false]);
  });

  it('live: one editor’s italics reach the other and the rows, and so does taking them back', async () => {
    const member = await newMember(ctx);
    const version = await newVersion(ctx, member);
    const subtitleId = await newSubtitle(member.client, version, 'en');
    await importFile(
      member.client,
      version,
      subtitleId,
      srtOf(3, (i) => `Cue ${i}`),
    );
    const path = LIVE_PATH(version, subtitleId);
    const connect = () => LiveTestEditor.connect(`${base}${path}`, { cookie: cookieOf(member.client) });
    const waitForRows = async (expected: boolean[]) => {
      let rows: boolean[] = [];
      for (let tries = 0; tries < 100; tries++) {
        rows = await italicsOf(member.client, version, subtitleId);
        if (JSON.stringify(rows) === JSON.stringify(expected)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return rows;
    };

    const ann = await connect();
    const bob = await connect();
    await Promise.all([ann.whenSynced(), bob.whenSynced()]);
    ann.edit(ann.cues().map((cue, i): LiveCue => (i === 1 ? { ...cue, italic: true } : cue)));
    // Bob types in the same cue meanwhile: a different field, so both survive.
    bob.type(1, 'Sung by Bob');
    await bob.until(() => bob.cues()[1].italic === true && bob.cues()[1].text === 'Sung by Bob');
    await ann.until(() => ann.cues()[1].italic === true && ann.cues()[1].text === 'Sung by Bob');
    await Promise.all([ann.whenSaved(), bob.whenSaved()]);
    await Promise.all([ann.close(), bob.close()]);
    expect(await waitForRows([false, true, false])).toEqual([false, true, false]);

    // Roman again, live: the rows follow (the document says roman, it does not leave it unsaid).
    const carol = await connect();
    await carol.whenSynced();
    expect(carol.cues()[1].italic).toBe(true);
    carol.edit(
      carol.cues().map((cue) => {
        const { italic: _italic, ...roman } = cue;
        return roman;
      }),
    );
    await carol.whenSaved();
    await carol.close();
    expect(await waitForRows([false, false, false])).toEqual([false, false, false]);
  });
});
