import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CHANNELS_MESSAGES,
  CHANNELS_PATHS,
  CHANNELS_SERVER_MESSAGES,
} from '../../plugins/channels/common/channels-contract';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { startLoopbackServer, type LoopbackServer } from '../../server/net/testing/loopback-server';
import { describeOnBothDatabases } from '../support/test-app';
import { serveFeed, showNotes, type FeedServer } from './channels-test-kit';
import { getBinary } from './subtitles-test-kit';
import { runProcess } from '../../server/plugin-api';
import { spawnSync } from 'node:child_process';
import { makeClip, newMember, waitForElement, type Member } from './projects-test-kit';

/**
 * External channels from a public feed: connect (redirect_uri to the in-app form, state checked),
 * the workspace's channels, their videos 10 a page (23 -> 3 pages), an import through the link
 * job, reload, delete. The feed and its clips are served by 127.0.0.3, the one address the test
 * allows; the guard still refuses every other private address (127.0.0.1 is never reached).
 */

let mediaDir: string;
let feedServer: FeedServer;
let forbidden: LoopbackServer;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'polycue-channels-'));
  await makeClip(path.join(mediaDir, 'clip-a.mp4'), 2);
  await makeClip(path.join(mediaDir, 'clip-b.mp4'), 1);
  // An episode's picture: square, so its thumbnail (320×320) tells it from a frame of a clip (320×240).
  await runProcess('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=red:s=640x640',
    '-frames:v',
    '1',
    path.join(mediaDir, 'square.png'),
  ]);
  feedServer = await serveFeed('127.0.0.3', mediaDir, 23);
  forbidden = await startLoopbackServer('127.0.0.1', (_request, response) =>
    response.writeHead(200, { 'content-type': 'application/rss+xml' }).end('<rss/>'),
  );
}, 60_000);

afterAll(async () => {
  await feedServer?.close();
  await forbidden?.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const connect = (member: Member, provider = 'feed') =>
  member.client.post(CHANNELS_PATHS.connect, { workspaceId: member.workspaceId, provider });
const stateOf = (redirectUri: string) => new URL(redirectUri, 'http://x').searchParams.get('state')!;
const finish = (member: Member, state: string, code: string) =>
  member.client.post(CHANNELS_PATHS.callback, { state, code });
const videos = (member: Member, query: string) =>
  member.client.get(`${CHANNELS_PATHS.videos}?workspaceId=${member.workspaceId}${query}`);

const imageSize = (image: Buffer) =>
  spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', '-i', 'pipe:0'], {
    input: image,
  })
    .stdout.toString()
    .trim();

async function connectFeed(member: Member): Promise<string> {
  const state = stateOf((await connect(member)).body.redirect_uri);
  const res = await finish(member, state, `${feedServer.origin}/feed.xml`);
  expect(res.status).toBe(201);
  return res.body.data.id;
}

describeOnBothDatabases(
  'external channels from a feed',
  { config: { linkImportAllowCidrs: ['127.0.0.3/32'] } },
  (ctx) => {
    it('connects through the in-app page: the state is this session’s, good once; a wrong address can be corrected', async () => {
      const member = await newMember(ctx);
      const started = await connect(member);
      expect(started.status).toBe(200);
      expect(started.body.redirect_uri).toMatch(/^\/external_channels\/connect\/feed\?state=[\w-]{43}$/);
      const state = stateOf(started.body.redirect_uri);
      const feedUrl = `${feedServer.origin}/feed.xml`;

      expect((await finish(member, 'not-the-state', feedUrl)).body).toMatchObject({
        statusCode: 403,
        code: 'state_invalid',
        message: CHANNELS_SERVER_MESSAGES.stateInvalid,
      });
      const other = await newMember(ctx);
      expect((await finish(other, state, feedUrl)).status).toBe(403);

      expect((await finish(member, state, 'not a link')).body).toMatchObject({
        statusCode: 422,
        message: CHANNELS_SERVER_MESSAGES.feedUrlInvalid,
      });
      expect((await finish(member, state, `${feedServer.origin}/blog.xml`)).body).toMatchObject({
        statusCode: 422,
        message: CHANNELS_SERVER_MESSAGES.notAFeed,
      });
      const done = await finish(member, state, feedUrl);
      expect(done.status).toBe(201);
      expect(done.body.data).toMatchObject({
        type: 'externalChannel',
        attributes: {
          name: 'Harbour Line Podcast',
          provider: 'feed',
          sourceUrl: feedUrl,
          videosCount: 23,
          state: 'ready',
        },
      });
      expect(done.body.data.attributes).not.toHaveProperty('credentials');
      // Replayed: refused, nothing added.
      expect((await finish(member, state, feedUrl)).status).toBe(403);

      const list = await member.client.get(`${CHANNELS_PATHS.channels}?workspaceId=${member.workspaceId}`);
      expect(list.body.data.map((c: any) => c.id)).toEqual([done.body.data.id]);
      expect(list.body.meta.providers.map((p: any) => p.id)).toEqual(['feed']);
      expect((await connect(member, 'youtube')).body).toMatchObject({
        statusCode: 422,
        message: CHANNELS_SERVER_MESSAGES.providerUnavailable,
      });
    });

    it('keeps the address guard on: only the allowed test host is reached', async () => {
      const member = await newMember(ctx);
      const state = stateOf((await connect(member)).body.redirect_uri);
      for (const address of [
        `${forbidden.origin}/feed.xml`,
        'http://10.0.0.1/feed.xml',
        `http://localhost:${forbidden.port}/feed.xml`,
      ]) {
        const res = await finish(member, state, address);
        expect(res.status).toBe(422);
        expect(res.body.message).toMatch(/^The address was refused/);
      }
      expect(forbidden.hits).toEqual([]);
    });

    it('pages the videos 10 at a time, pages = floor(count / 10) + 1; another workspace’s channel is a 404', async () => {
      const member = await newMember(ctx);
      const channelId = await connectFeed(member);
      const first = await videos(member, `&externalChannelId=${channelId}`);
      expect(first.body.meta).toEqual({ page: 1, videosPerPage: 10, count: 23, pages: 3 });
      expect(first.body.data).toHaveLength(10);
      expect(first.body.data[0].attributes).toMatchObject({
        externalChannelId: channelId,
        title: 'Episode 23 & friends',
        url: `${feedServer.origin}/media/clip-a.mp4`,
        durationMs: 2000,
      });
      expect(first.body.data[0].attributes.publishedAt).toBe('2026-01-24T00:00:00.000Z');
      const last = await videos(member, `&externalChannelId=${channelId}&page=3`);
      expect(last.body.data.map((v: any) => v.attributes.title)).toEqual([
        'Episode 3 & friends',
        'Episode 2 & friends',
        'Episode 1 & friends',
      ]);
      // All the workspace's channels at once (the spec's get_all_videos).
      expect((await videos(member, '&page=2')).body.meta).toMatchObject({ count: 23, pages: 3 });

      const stranger = await newMember(ctx);
      expect((await videos(stranger, `&externalChannelId=${channelId}`)).status).toBe(404);
      expect((await stranger.client.get(`${CHANNELS_PATHS.videos}?workspaceId=${member.workspaceId}`)).status).toBe(
        404,
      );
      expect((await stranger.client.post(CHANNELS_PATHS.reload(channelId))).status).toBe(404);
      expect((await stranger.client.delete(CHANNELS_PATHS.remove(channelId))).status).toBe(404);
    });

    it('imports chosen videos as projects through the link job, reloads, and removes the channel', async () => {
      const member = await newMember(ctx);
      const channelId = await connectFeed(member);
      const listed = (await videos(member, `&externalChannelId=${channelId}`)).body.data.slice(0, 2);
      const chosen = listed.map((v: any) => v.attributes.url);
      const submitted = await member.client.post(PROJECTS_PATHS.youtubeDlWithProject, {
        workspaceId: member.workspaceId,
        urls: chosen,
        submitUrlIdentifier: 'channel-import',
      });
      expect(submitted.status).toBe(201);
      expect(submitted.body.projectVersions.data).toHaveLength(2);
      for (const element of submitted.body.elements.data) {
        const ready = await waitForElement(
          member.client,
          member.workspaceId,
          element.id,
          (e) => e?.attributes.state !== 'downloading',
        );
        expect(ready.attributes).toMatchObject({ state: 'ready' });
        // The episode's title from the feed, not the media file's name ("clip-a"): issue 24.
        expect(listed.map((v: any) => v.attributes.title)).toContain(ready.attributes.title);
        // Its show notes as plain text, and its picture (odd episodes) or, where the guard refused
        // the picture's address (even ones), the frame grabbed from the video.
        const n = Number(/Episode (\d+)/.exec(ready.attributes.title)![1]);
        expect(ready.attributes.description).toBe(showNotes(n));
        const thumb = await getBinary(ctx, member.client, ready.attributes.thumbnailUrl);
        expect(thumb.headers['content-type']).toBe('image/jpeg');
        expect(imageSize(thumb.body)).toBe(n % 2 ? '320,320' : '320,240');
      }
      expect(listed[0].attributes.description).toBe(showNotes(23));
      expect(listed[0].attributes.thumbnailUrl).toBe(`${feedServer.origin}/art/square.png`);
      const titles = (
        await member.client.get(`${PROJECTS_PATHS.projectVersions}?workspaceId=${member.workspaceId}`)
      ).body.data.map((v: any) => v.attributes.title);
      expect(titles.sort()).toEqual(listed.map((v: any) => v.attributes.title).sort());

      feedServer.setCount(24);
      const reload = await member.client.post(CHANNELS_PATHS.reload(channelId));
      expect(reload.status).toBe(202);
      expect(reload.body.data.attributes.state).toBe('reloading');
      await ctx.runJobs();
      const reloaded = (await member.client.get(`${CHANNELS_PATHS.channels}?workspaceId=${member.workspaceId}`)).body
        .data[0].attributes;
      expect(reloaded).toMatchObject({ state: 'ready', videosCount: 24, lastError: null });
      feedServer.setCount(23);

      const removed = await member.client.delete(CHANNELS_PATHS.remove(channelId));
      expect(removed.body).toEqual({ data: { id: channelId } });
      expect(
        (await member.client.get(`${CHANNELS_PATHS.channels}?workspaceId=${member.workspaceId}`)).body.data,
      ).toEqual([]);
      expect((await videos(member, `&externalChannelId=${channelId}`)).status).toBe(404);
      expect((await videos(member, '')).body.meta).toEqual({ page: 1, videosPerPage: 10, count: 0, pages: 1 });
      // The imported projects stay.
      expect(
        (await member.client.get(`${PROJECTS_PATHS.projectVersions}?workspaceId=${member.workspaceId}`)).body.data,
      ).toHaveLength(2);
      expect(CHANNELS_MESSAGES.removed).toBe('External channel has been removed');
    });

    it('records a failed reload on the channel, with its reason', async () => {
      const member = await newMember(ctx);
      const channelId = await connectFeed(member);
      await ctx.db.query(`UPDATE external_channels SET source_url = $2 WHERE id = $1`, [
        channelId,
        `${feedServer.origin}/blog.xml`,
      ]);
      await member.client.post(CHANNELS_PATHS.reload(channelId));
      await ctx.runJobs();
      const channel = (await member.client.get(`${CHANNELS_PATHS.channels}?workspaceId=${member.workspaceId}`)).body
        .data[0].attributes;
      expect(channel).toMatchObject({ state: 'failed', lastError: CHANNELS_SERVER_MESSAGES.notAFeed, videosCount: 23 });
    });
  },
);
