import { expect, it } from 'vitest';
import { readVtt } from '../../plugins/subtitles/common/formats';
import { SUBTITLES_PATHS } from '../../plugins/subtitles/common/subtitles-contract';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember } from './projects-test-kit';
import { attachClip, getBinary, importFile, newSubtitle, newVersion, srtOf } from './subtitles-test-kit';

const tokenOf = (url: string) => url.split('/share/')[1];

describeOnBothDatabases('share links (external tokens) and the public share calls', (ctx) => {
  it('creates a link whose public calls work without a session: facts, WebVTT, the video with Range; revoking it makes them 404', async () => {
    const member = await newMember(ctx);
    const version = await newVersion(ctx, member, 'Shared clip');
    const clip = await attachClip(ctx, ctx.db, member.workspaceId, version);
    const subtitleId = await newSubtitle(member.client, version, 'en');
    await importFile(member.client, version, subtitleId, srtOf(3));

    const created = await member.client.post(SUBTITLES_PATHS.externalTokens(subtitleId));
    expect(created.status).toBe(201);
    const url: string = created.body.externalTokenUrl;
    expect(url.startsWith(`${ctx.config.publicUrl}/share/`)).toBe(true);
    const token = tokenOf(url);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only its hash is stored.
    const stored = await ctx.db.query<{ token_hash: string }>('SELECT token_hash FROM external_tokens WHERE id = $1', [
      created.body.data.id,
    ]);
    expect(stored.rows[0].token_hash).not.toContain(token);

    const visitor = ctx.client({ visit: false });
    const facts = await visitor.get(SUBTITLES_PATHS.shared(token));
    expect(facts.status).toBe(200);
    expect(facts.body.data).toEqual({ title: 'Shared clip', language: 'en', duration: 1, hasVideo: true });

    const vtt = await visitor.get(SUBTITLES_PATHS.sharedVtt(token));
    expect(vtt.status).toBe(200);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    expect(readVtt(vtt.text).map((c) => c.text)).toEqual(['Cue 1', 'Cue 2', 'Cue 3\nsecond line']);

    const whole = await getBinary(ctx, visitor, SUBTITLES_PATHS.sharedVideo(token));
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.body.equals(clip)).toBe(true);
    const part = await getBinary(ctx, visitor, SUBTITLES_PATHS.sharedVideo(token), { range: 'bytes=100-299' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-299/${clip.length}`);
    expect(part.body.equals(clip.subarray(100, 300))).toBe(true);
    const tail = await getBinary(ctx, visitor, SUBTITLES_PATHS.sharedVideo(token), { range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(tail.body.equals(clip.subarray(clip.length - 10))).toBe(true);
    const beyond = await getBinary(ctx, visitor, SUBTITLES_PATHS.sharedVideo(token), {
      range: `bytes=${clip.length}-`,
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${clip.length}`);

    const listed = await member.client.get(SUBTITLES_PATHS.externalTokens(subtitleId));
    expect(listed.body.data.map((t: any) => t.id)).toEqual([created.body.data.id]);
    expect((await member.client.delete(SUBTITLES_PATHS.externalToken(created.body.data.id))).status).toBe(200);
    expect((await member.client.get(SUBTITLES_PATHS.externalTokens(subtitleId))).body.data).toEqual([]);

    for (const path of [
      SUBTITLES_PATHS.shared(token),
      SUBTITLES_PATHS.sharedVtt(token),
      SUBTITLES_PATHS.sharedVideo(token),
    ]) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain('Shared clip');
    }
  });

  it('an unknown or malformed token is the same 404; two links of one subtitle are independent', async () => {
    const member = await newMember(ctx);
    const version = await newVersion(ctx, member);
    const subtitleId = await newSubtitle(member.client, version, 'en');
    await importFile(member.client, version, subtitleId, srtOf(1));
    const visitor = ctx.client({ visit: false });
    const unknown = await visitor.get(SUBTITLES_PATHS.shared('A'.repeat(43)));
    const malformed = await visitor.get(SUBTITLES_PATHS.shared('nope'));
    expect([unknown.status, malformed.status]).toEqual([404, 404]);
    expect(unknown.body).toEqual(malformed.body);

    const one = await member.client.post(SUBTITLES_PATHS.externalTokens(subtitleId));
    const two = await member.client.post(SUBTITLES_PATHS.externalTokens(subtitleId));
    expect(tokenOf(one.body.externalTokenUrl)).not.toBe(tokenOf(two.body.externalTokenUrl));
    await member.client.delete(SUBTITLES_PATHS.externalToken(one.body.data.id));
    expect((await visitor.get(SUBTITLES_PATHS.shared(tokenOf(one.body.externalTokenUrl)))).status).toBe(404);
    const still = await visitor.get(SUBTITLES_PATHS.shared(tokenOf(two.body.externalTokenUrl)));
    expect(still.status).toBe(200);
    expect(still.body.data.hasVideo).toBe(false);
    expect((await visitor.get(SUBTITLES_PATHS.sharedVideo(tokenOf(two.body.externalTokenUrl)))).status).toBe(404);
  });

  it('deleting the project version ends its share links and hides its subtitles at once, before any purge', async () => {
    const member = await newMember(ctx);
    const version = await newVersion(ctx, member, 'Soon gone');
    const subtitleId = await newSubtitle(member.client, version, 'en');
    await importFile(member.client, version, subtitleId, srtOf(2));
    const link = await member.client.post(SUBTITLES_PATHS.externalTokens(subtitleId));
    const token = tokenOf(link.body.externalTokenUrl);
    const visitor = ctx.client({ visit: false });
    expect((await visitor.get(SUBTITLES_PATHS.shared(token))).status).toBe(200);

    const deleted = await member.client.delete(PROJECTS_PATHS.deleteProjectVersions, {
      projectVersionIds: [version],
      workspaceId: member.workspaceId,
    });
    expect(deleted.status).toBe(200);
    expect((await visitor.get(SUBTITLES_PATHS.shared(token))).status).toBe(404);
    expect((await member.client.post(SUBTITLES_PATHS.externalTokens(subtitleId))).status).toBe(404);
  });

  it('other tenants cannot create, list or revoke links (404), and their attempts change nothing', async () => {
    const owner = await newMember(ctx);
    const stranger = await newMember(ctx);
    const version = await newVersion(ctx, owner);
    const subtitleId = await newSubtitle(owner.client, version, 'en');
    const link = await owner.client.post(SUBTITLES_PATHS.externalTokens(subtitleId));
    expect((await stranger.client.post(SUBTITLES_PATHS.externalTokens(subtitleId))).status).toBe(404);
    expect((await stranger.client.get(SUBTITLES_PATHS.externalTokens(subtitleId))).status).toBe(404);
    expect((await stranger.client.delete(SUBTITLES_PATHS.externalToken(link.body.data.id))).status).toBe(404);
    expect((await ctx.client().post(SUBTITLES_PATHS.externalTokens(subtitleId))).status).toBe(401);
    expect((await owner.client.get(SUBTITLES_PATHS.externalTokens(subtitleId))).body.data).toHaveLength(1);
    expect(
      (await ctx.client({ visit: false }).get(SUBTITLES_PATHS.shared(tokenOf(link.body.externalTokenUrl)))).status,
    ).toBe(200);
  });
});
