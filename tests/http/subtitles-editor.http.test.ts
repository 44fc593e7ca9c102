import { expect, it } from 'vitest';
import { SUBTITLES_PATHS } from '../../plugins/subtitles/common/subtitles-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember } from './projects-test-kit';
import { attachClip, cuesOf, getBinary, importFile, newSubtitle, newVersion, srtOf } from './subtitles-test-kit';

/** The editor's calls: the save against a revision (409 with the server's copy) and the media for its player. */
describeOnBothDatabases('subtitle editor: save with a revision, conflicts, media', (ctx) => {
  it('saves the whole cue list against the revision it was edited from; every replacement moves the revision', async () => {
    const member = await newMember(ctx);
    const version = await newVersion(ctx, member);
    const subtitleId = await newSubtitle(member.client, version, 'en');
    const opened = await member.client.get(SUBTITLES_PATHS.cues(version, subtitleId));
    expect(opened.body.data.attributes.revision).toBe(0);

    const imported = await importFile(member.client, version, subtitleId, srtOf(2));
    expect(imported.body.data.attributes.revision).toBe(1);

    const cues = [
      { start: 0, end: 1500, text: 'Edited first' },
      { start: 2000, end: 2600, text: 'Split', speaker: 'Ana' },
      { start: 2700, end: 3500, text: 'off' },
    ];
    const saved = await member.client.put(SUBTITLES_PATHS.cues(version, subtitleId), { revision: 1, cues });
    expect(saved.status).toBe(200);
    expect(saved.body.data.attributes).toMatchObject({ revision: 2, cuesCount: 3 });
    expect(saved.body.cues).toEqual(cues);
    expect(await cuesOf(member.client, version, subtitleId)).toEqual(cues);

    // An empty list is a legal save (everything deleted).
    const emptied = await member.client.put(SUBTITLES_PATHS.cues(version, subtitleId), { revision: 2, cues: [] });
    expect(emptied.body.data.attributes).toMatchObject({ revision: 3, cuesCount: 0 });
  });

  it('a save from an older revision is a 409 carrying the server’s copy, and changes nothing', async () => {
    const member = await newMember(ctx);
    const version = await newVersion(ctx, member);
    const subtitleId = await newSubtitle(member.client, version, 'en');
    await importFile(member.client, version, subtitleId, srtOf(2));
    // Someone else saves first.
    const theirs = [{ start: 0, end: 1000, text: 'Theirs' }];
    expect(
      (await member.client.put(SUBTITLES_PATHS.cues(version, subtitleId), { revision: 1, cues: theirs })).status,
    ).toBe(200);

    const mine = await member.client.put(SUBTITLES_PATHS.cues(version, subtitleId), {
      revision: 1,
      cues: [{ start: 0, end: 900, text: 'Mine' }],
    });
    expect(mine.status).toBe(409);
    expect(mine.body).toMatchObject({
      statusCode: 409,
      code: 'revision_conflict',
      theirs: { revision: 2, cues: theirs },
    });
    expect(mine.body.message).toMatch(/changed elsewhere/);
    expect(await cuesOf(member.client, version, subtitleId)).toEqual(theirs);

    // "Keep mine": the same cues saved again against their revision.
    const kept = await member.client.put(SUBTITLES_PATHS.cues(version, subtitleId), {
      revision: 2,
      cues: [{ start: 0, end: 900, text: 'Mine' }],
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data.attributes.revision).toBe(3);
  });

  it('refuses bad cues with a 400 naming the field, and another version’s subtitle with a 404', async () => {
    const member = await newMember(ctx);
    const version = await newVersion(ctx, member);
    const other = await newVersion(ctx, member, 'Other');
    const subtitleId = await newSubtitle(member.client, version, 'en');
    const put = (path: string, body: unknown) => member.client.put(path, body);
    expect(
      (await put(SUBTITLES_PATHS.cues(version, subtitleId), { revision: 0, cues: [{ start: -1, end: 10, text: 'x' }] }))
        .status,
    ).toBe(400);
    expect((await put(SUBTITLES_PATHS.cues(version, subtitleId), { cues: [] })).status).toBe(400);
    expect(
      (await put(SUBTITLES_PATHS.cues(version, subtitleId), { revision: 0, cues: [{ start: 0, end: 10 }] })).status,
    ).toBe(400);
    expect((await put(SUBTITLES_PATHS.cues(other, subtitleId), { revision: 0, cues: [] })).status).toBe(404);
  });

  it('streams the version’s media to members with Range support; 404 without media', async () => {
    const member = await newMember(ctx);
    const version = await newVersion(ctx, member);
    const subtitleId = await newSubtitle(member.client, version, 'en');
    expect((await member.client.get(SUBTITLES_PATHS.video(version, subtitleId))).status).toBe(404);
    const clip = await attachClip(ctx, ctx.db, member.workspaceId, version);
    const whole = await getBinary(ctx, member.client, SUBTITLES_PATHS.video(version, subtitleId));
    expect(whole.status).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.body.equals(clip)).toBe(true);
    // A seek opens only its part of the file (on S3 a whole-object GET for the size would start the whole download).
    const storage = ctx.app.storage;
    const realGet = storage.get;
    const opened: unknown[] = [];
    storage.get = (key, range) => {
      opened.push(range ?? 'whole');
      return realGet.call(storage, key, range);
    };
    let part: Awaited<ReturnType<typeof getBinary>>;
    try {
      part = await getBinary(ctx, member.client, SUBTITLES_PATHS.video(version, subtitleId), { range: 'bytes=10-19' });
    } finally {
      storage.get = realGet;
    }
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${clip.length}`);
    expect(part.body.equals(clip.subarray(10, 20))).toBe(true);
    expect(opened).toEqual([{ start: 10, end: 19 }]);
    // Not for a visitor.
    expect(
      (await getBinary(ctx, ctx.client({ visit: false }), SUBTITLES_PATHS.video(version, subtitleId))).status,
    ).toBe(401);
  });
});
