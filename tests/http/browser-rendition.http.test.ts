import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { SUBTITLES_PATHS } from '../../plugins/subtitles/common/subtitles-contract';
import { browserRenditionKey } from '../../plugins/projects/common/browser-rendition';
import { probe } from '../../server/engines/media';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import { makeClip, newMember, type Member } from './projects-test-kit';
import { attachMedia, getBinary, newSubtitle, newVersion } from './subtitles-test-kit';

/**
 * Media as cameras and recorders write it (an AVI of MPEG-4 Part 2 and MP3) played in the editor
 * "This browser cannot play the video of this version": it was served as uploaded. Such an upload
 * now gets an H.264/AAC MP4 made in the background, served in its place (seeking included); an
 * MP4 a browser plays is served as it is; the copy goes with its media. Media stored before
 * copies were made gets one asked for, once, by the first player that finds none.
 */

const tus = { 'tus-resumable': '1.0.0' };
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'polycue-rendition-'));
  await makeClip(path.join(dir, 'camera.avi'), 2, { video: ['mpeg4'], audio: 'libmp3lame' });
  await makeClip(path.join(dir, 'phone.mp4'), 2);
  // A browser recording renamed .mp4: WebM inside.
  await makeClip(path.join(dir, 'renamed.mp4'), 2, {
    video: ['libvpx', '-deadline', 'realtime'],
    audio: 'libopus',
    format: 'webm',
  });
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** Uploads a file through tus and makes its project; the version, its element and a subtitle to open it with. */
async function upload(ctx: TestAppContext, member: Member, name: string) {
  const file = await readFile(path.join(dir, name));
  const created = await member.client.post(PROJECTS_PATHS.uploads, undefined, {
    headers: {
      ...tus,
      'upload-length': String(file.length),
      'upload-metadata': metadata({ workspaceId: member.workspaceId, filename: name }),
    },
  });
  expect(created.status, created.text).toBe(201);
  const finished = await member.client.request('PATCH', String(created.headers.location), file, {
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
  });
  expect(finished.status, finished.text).toBe(200);
  const elementId = finished.body.data.id as string;
  const project = await member.client.post(PROJECTS_PATHS.createWithProject, {
    workspaceId: member.workspaceId,
    elementId,
  });
  expect(project.status, project.text).toBe(201);
  const versionId = project.body.projectVersions.data[0].id as string;
  const subtitleId = await newSubtitle(member.client, versionId, 'en');
  await ctx.runJobs(60_000);
  const { rows } = await ctx.db.query<{ key: string }>('SELECT storage_key AS key FROM elements WHERE id = $1', [
    elementId,
  ]);
  return { file, elementId, versionId, subtitleId, storageKey: rows[0].key };
}

/** The browser-copy jobs ever queued for the media (pg-boss keeps finished ones in its archive later). */
async function renditionJobsFor(ctx: TestAppContext, storageKey: string): Promise<number> {
  const count = async (table: string) =>
    (
      await ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.${table} WHERE name = 'projects.makeBrowserRendition' AND data->>'storageKey' = $1`,
        [storageKey],
      )
    ).rows[0].n;
  return (await count('job')) + (await count('archive'));
}

describeOnBothDatabases('browser renditions of media browsers do not play', (ctx) => {
  it('serves an H.264/AAC MP4 of an uploaded AVI to the editor, seekable, as long as the upload', async () => {
    const member = await newMember(ctx);
    const avi = await upload(ctx, member, 'camera.avi');
    const video = SUBTITLES_PATHS.video(avi.versionId, avi.subtitleId);
    const whole = await getBinary(ctx, member.client, video);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    const served = path.join(dir, 'served.mp4');
    await writeFile(served, whole.body);
    const info = await probe(served);
    expect(info.streams.map((stream) => `${stream.type}:${stream.codec}`).sort()).toEqual(['audio:aac', 'video:h264']);
    expect(Math.abs(info.durationMs - (await probe(path.join(dir, 'camera.avi'))).durationMs)).toBeLessThan(250);
    // The share page plays the same copy.
    const shared = await member.client.post(SUBTITLES_PATHS.externalTokens(avi.subtitleId));
    expect(shared.status).toBe(201);
    const token = String(shared.body.externalTokenUrl).split('/share/')[1]!;
    const visitor = await getBinary(ctx, ctx.client({ visit: false }), SUBTITLES_PATHS.sharedVideo(token));
    expect(visitor.status).toBe(200);
    expect(visitor.body.equals(whole.body)).toBe(true);
    const part = await getBinary(ctx, member.client, video, { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${whole.body.length}`);
    // The upload itself is kept as it came (exports and the pipeline read it).
    const original = await ctx.app.storage.get(avi.storageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of original!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(avi.file)).toBe(true);
  });

  it('serves an MP4 a browser plays as it was uploaded, with no copy made', async () => {
    const member = await newMember(ctx);
    const mp4 = await upload(ctx, member, 'phone.mp4');
    const whole = await getBinary(ctx, member.client, SUBTITLES_PATHS.video(mp4.versionId, mp4.subtitleId));
    expect(whole.status).toBe(200);
    expect(whole.body.equals(mp4.file)).toBe(true);
    expect(await ctx.app.storage.get(browserRenditionKey(mp4.storageKey))).toBeNull();
    // Asked for at upload: the player, finding no copy, does not ask again.
    expect(await renditionJobsFor(ctx, mp4.storageKey)).toBe(1);
  });

  it('serves a WebM named .mp4 as the WebM it is (it was labelled video/mp4)', async () => {
    const member = await newMember(ctx);
    const webm = await upload(ctx, member, 'renamed.mp4');
    const whole = await getBinary(ctx, member.client, SUBTITLES_PATHS.video(webm.versionId, webm.subtitleId));
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.body.equals(webm.file)).toBe(true);
  });

  it('asks once for the copy of an AVI stored before copies were made, when a player first plays it', async () => {
    const member = await newMember(ctx);
    const versionId = await newVersion(ctx, member, 'Old camera');
    const avi = await readFile(path.join(dir, 'camera.avi'));
    const storageKey = await attachMedia(ctx, ctx.db, member.workspaceId, versionId, avi, 2000, {
      name: 'camera.avi',
      contentType: 'video/x-msvideo',
    });
    const subtitleId = await newSubtitle(member.client, versionId, 'en');
    const shared = await member.client.post(SUBTITLES_PATHS.externalTokens(subtitleId));
    const token = String(shared.body.externalTokenUrl).split('/share/')[1]!;
    const video = SUBTITLES_PATHS.video(versionId, subtitleId);
    const visitor = ctx.client({ visit: false });
    expect(await renditionJobsFor(ctx, storageKey)).toBe(0);
    // Until the copy is made, both players get the AVI (the page says this browser cannot play it).
    const editorFirst = await getBinary(ctx, member.client, video);
    const editorSeek = await getBinary(ctx, member.client, video, { range: 'bytes=0-0' });
    const shareFirst = await getBinary(ctx, visitor, SUBTITLES_PATHS.sharedVideo(token));
    expect([editorFirst.status, editorSeek.status, shareFirst.status]).toEqual([200, 206, 200]);
    expect(editorFirst.headers['content-type']).toBe('video/x-msvideo');
    expect(editorFirst.body.equals(avi)).toBe(true);
    expect(await renditionJobsFor(ctx, storageKey)).toBe(1);

    await ctx.runJobs(60_000);
    const editor = await getBinary(ctx, member.client, video);
    expect(editor.status).toBe(200);
    expect(editor.headers['content-type']).toBe('video/mp4');
    const served = path.join(dir, 'lazy.mp4');
    await writeFile(served, editor.body);
    const info = await probe(served);
    expect(info.streams.map((stream) => `${stream.type}:${stream.codec}`).sort()).toEqual(['audio:aac', 'video:h264']);
    const share = await getBinary(ctx, visitor, SUBTITLES_PATHS.sharedVideo(token));
    expect(share.body.equals(editor.body)).toBe(true);
    expect(await renditionJobsFor(ctx, storageKey)).toBe(1);
  });

  it('asks once for an MP4 stored before copies were made, and not again when it needed none', async () => {
    const member = await newMember(ctx);
    const versionId = await newVersion(ctx, member, 'Old phone');
    const mp4 = await readFile(path.join(dir, 'phone.mp4'));
    const storageKey = await attachMedia(ctx, ctx.db, member.workspaceId, versionId, mp4, 2000);
    const subtitleId = await newSubtitle(member.client, versionId, 'en');
    const video = SUBTITLES_PATHS.video(versionId, subtitleId);
    expect((await getBinary(ctx, member.client, video)).body.equals(mp4)).toBe(true);
    await ctx.runJobs(60_000);
    const again = await getBinary(ctx, member.client, video);
    expect(again.body.equals(mp4)).toBe(true);
    expect(await ctx.app.storage.get(browserRenditionKey(storageKey))).toBeNull();
    expect(await renditionJobsFor(ctx, storageKey)).toBe(1);
  });

  it('removes the copy with its media when the upload is deleted', async () => {
    const member = await newMember(ctx);
    const avi = await upload(ctx, member, 'camera.avi');
    const copy = browserRenditionKey(avi.storageKey);
    expect(await ctx.app.storage.get(copy)).not.toBeNull();
    const deleted = await member.client.delete(
      `${PROJECTS_PATHS.element(avi.elementId)}?workspaceId=${member.workspaceId}`,
    );
    expect(deleted.status, deleted.text).toBeLessThan(300);
    await ctx.runJobs(30_000);
    expect(await ctx.app.storage.get(copy)).toBeNull();
    expect(await ctx.app.storage.get(avi.storageKey)).toBeNull();
  });
});
