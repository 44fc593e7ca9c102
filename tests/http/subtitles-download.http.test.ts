import { parse as parseDisposition } from 'content-disposition';
import { expect, it } from 'vitest';
import { readSubtitles } from '../../plugins/subtitles/common/formats';
import { SUBTITLES_PATHS } from '../../plugins/subtitles/common/subtitles-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember } from './projects-test-kit';
import { cuesOf, getBinary, importFile, newSubtitle, newVersion, srtOf, unzip } from './subtitles-test-kit';

const download = (query: string) => `${SUBTITLES_PATHS.downloadSubtitles}?${query}`;

describeOnBothDatabases('GET /api/v1/project_versions/download_subtitles (zip)', (ctx) => {
  it('zips every subtitle of several versions in every format asked: safe, unique names that read back to the same cues', async () => {
    const member = await newMember(ctx);
    const first = await newVersion(ctx, member, 'Launch: part 1/2');
    const twin = await newVersion(ctx, member, 'Launch: part 1/2');
    const english = await newSubtitle(member.client, first, 'en');
    const french = await newSubtitle(member.client, first, 'fr');
    const twinEnglish = await newSubtitle(member.client, twin, 'en');
    await importFile(member.client, first, english, srtOf(4));
    await importFile(
      member.client,
      first,
      french,
      srtOf(2, (i) => `Réplique ${i}`),
    );
    await importFile(member.client, twin, twinEnglish, srtOf(1));
    await newSubtitle(member.client, twin, 'de'); // no cues: nothing to put in the archive

    const res = await getBinary(
      ctx,
      member.client,
      download(`workspaceId=${member.workspaceId}&projectVersionIds=${first},${twin}&formats=srt&formats=vtt,ttml`),
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(parseDisposition(res.headers['content-disposition'] ?? '')).toMatchObject({
      type: 'attachment',
      parameters: { filename: 'download.zip' },
    });
    const entries = await unzip(res.body);
    expect([...entries.keys()]).toEqual([
      'Launch part 1 2 - en.srt',
      'Launch part 1 2 - en.vtt',
      'Launch part 1 2 - en.ttml',
      'Launch part 1 2 - fr.srt',
      'Launch part 1 2 - fr.vtt',
      'Launch part 1 2 - fr.ttml',
      'Launch part 1 2 - en (2).srt',
      'Launch part 1 2 - en (2).vtt',
      'Launch part 1 2 - en (2).ttml',
    ]);
    const stored = await cuesOf(member.client, first, english);
    for (const name of ['Launch part 1 2 - en.srt', 'Launch part 1 2 - en.vtt', 'Launch part 1 2 - en.ttml']) {
      expect(
        readSubtitles(entries.get(name)!).map(({ start, end, text }) => ({ start, end, text })),
        name,
      ).toEqual(stored);
    }
    expect(readSubtitles(entries.get('Launch part 1 2 - fr.srt')!).map((c) => c.text)).toEqual([
      'Réplique 1',
      'Réplique 2',
    ]);
  });

  it('one version: the archive is named after its title; languages filter; every format the writers know', async () => {
    const member = await newMember(ctx);
    const version = await newVersion(ctx, member, 'Café tour');
    await importFile(member.client, version, await newSubtitle(member.client, version, 'en'), srtOf(3));
    await importFile(member.client, version, await newSubtitle(member.client, version, 'es'), srtOf(3));

    const res = await getBinary(
      ctx,
      member.client,
      download(
        `workspaceId=${member.workspaceId}&projectVersionIds=${version}&languages=es&formats=srt,vtt,ass,ttml,sbv,txt`,
      ),
    );
    expect(res.status).toBe(200);
    // What a browser saves: the exact UTF-8 name (filename*), an ASCII fallback for the rest.
    const disposition = parseDisposition(res.headers['content-disposition'] ?? '');
    expect(disposition.type).toBe('attachment');
    expect(disposition.parameters.filename).toBe('Café tour.zip');
    expect(res.headers['content-disposition']).toMatch(
      /; filename="[\x20-\x7e]+"; filename\*=UTF-8''Caf%C3%A9%20tour\.zip$/,
    );
    const entries = await unzip(res.body);
    expect([...entries.keys()]).toEqual(
      ['srt', 'vtt', 'ass', 'ttml', 'sbv', 'txt'].map((ext) => `Café tour - es.${ext}`),
    );
    expect(entries.get('Café tour - es.txt')!.toString()).toContain('Cue 2');
    expect(readSubtitles(entries.get('Café tour - es.sbv')!)).toHaveLength(3);
    expect(readSubtitles(entries.get('Café tour - es.ass')!)).toHaveLength(3);
  });

  it('answers 404 when there is nothing to download, 400 for an unknown format, and keeps other workspaces out', async () => {
    const owner = await newMember(ctx);
    const stranger = await newMember(ctx);
    const version = await newVersion(ctx, owner);
    const empty = await newVersion(ctx, owner, 'Empty');
    await importFile(owner.client, version, await newSubtitle(owner.client, version, 'en'), srtOf(2));

    const nothing = await owner.client.get(download(`workspaceId=${owner.workspaceId}&projectVersionIds=${empty}`));
    expect(nothing.status).toBe(404);
    expect(nothing.body.message).toBe('There are no subtitles to download');
    expect(
      (await owner.client.get(download(`workspaceId=${owner.workspaceId}&projectVersionIds=${version}&formats=docx`)))
        .status,
    ).toBe(400);
    // Another tenant's workspace: refused; their own workspace naming the owner's version: nothing in it.
    expect(
      (await stranger.client.get(download(`workspaceId=${owner.workspaceId}&projectVersionIds=${version}`))).status,
    ).toBe(404);
    const own = await stranger.client.get(download(`workspaceId=${stranger.workspaceId}&projectVersionIds=${version}`));
    expect(own.status).toBe(404);
    expect(own.text).not.toContain('Cue 1');
  });
});
