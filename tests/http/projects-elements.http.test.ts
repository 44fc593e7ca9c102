import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTS_PATHS, UPLOAD_ELEMENT_ID_HEADER } from '../../plugins/projects/common/projects-contract';
import type { LoopbackServer } from '../../server/net/testing/loopback-server';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import { Upload } from '@tus/server';
import { expireUploadsJob, StorageUploadStore, uploadPartKey } from '../../plugins/projects/server/upload-store';
import {
  makeClip,
  newMember,
  numberOfProjects,
  serveDirectory,
  waitForElement,
  type Member,
} from './projects-test-kit';

/**
 * Elements: links imported by the job from a clip ffmpeg made and 127.0.0.2 serves (the only
 * range the allowance lists), links refused without it, resumable tus uploads, deletes.
 */

let mediaDir: string;
let server: LoopbackServer;
let clipBytes: number;
let bigBytes: number;
const MAX_ELEMENT_BYTES = 400 * 1024;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'polycue-elements-'));
  clipBytes = await makeClip(path.join(mediaDir, 'clip.mp4'), 3);
  await writeFile(path.join(mediaDir, 'notes.txt'), 'Not a video at all.\n');
  bigBytes = await makeClip(path.join(mediaDir, 'big.mp4'), 20, { size: '640x480' });
  server = await serveDirectory('127.0.0.2', mediaDir);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const submit = (member: Member, urls: string[], submitUrlIdentifier = 'submit-1') =>
  member.client.post(PROJECTS_PATHS.youtubeDlWithProject, {
    workspaceId: member.workspaceId,
    urls,
    submitUrlIdentifier,
  });

async function versionCount(ctx: TestAppContext, workspaceId: string): Promise<number> {
  return (
    await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM project_versions WHERE workspace_id = $1', [
      workspaceId,
    ])
  ).rows[0].n;
}

describeOnBothDatabases(
  'link import with the test allowance',
  { config: { linkImportAllowCidrs: ['127.0.0.2/32'], maxElementBytes: MAX_ELEMENT_BYTES } },
  (ctx) => {
    it('creates project, version and a downloading element per link, then the job makes it ready with size, duration and thumbnail', async () => {
      expect(clipBytes).toBeLessThan(MAX_ELEMENT_BYTES);
      const member = await newMember(ctx);
      const res = await submit(member, [`${server.origin}/clip.mp4`]);
      expect(res.status).toBe(201);
      const element = res.body.elements.data[0];
      const version = res.body.projectVersions.data[0];
      expect(element.attributes).toMatchObject({
        state: 'downloading',
        unformattedDuration: 0,
        submitUrlIdentifier: 'submit-1',
        projectVersionIds: [version.id],
      });
      expect(res.body.meta).toEqual({ numberOfProjects: 1, maxElementBytes: MAX_ELEMENT_BYTES });

      const ready = await waitForElement(
        member.client,
        member.workspaceId,
        element.id,
        (e) => e?.attributes.state !== 'downloading',
      );
      expect(ready.attributes.state).toBe('ready');
      expect(ready.attributes.unformattedSize).toBe(clipBytes);
      expect(ready.attributes.unformattedDuration).toBeGreaterThan(2.8);
      expect(ready.attributes.unformattedDuration).toBeLessThan(3.3);
      expect(ready.attributes.title).toBe('clip');

      const thumb = await member.client.get(ready.attributes.thumbnailUrl);
      expect(thumb.status).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/jpeg');
      const stranger = await newMember(ctx);
      expect((await stranger.client.get(ready.attributes.thumbnailUrl)).status).toBe(404);

      const refreshed = await member.client.post(PROJECTS_PATHS.projectVersionUpdates, {
        workspaceId: member.workspaceId,
        projectVersionIds: [version.id],
      });
      expect(refreshed.body.data[0].attributes).toMatchObject({
        title: 'clip',
        elementState: 'ready',
        thumbnailUrl: ready.attributes.thumbnailUrl,
      });
      expect(refreshed.body.data[0].attributes.duration).toBe(ready.attributes.unformattedDuration);
      expect(await numberOfProjects(ctx.db, member.workspaceId)).toBe(1);
    });

    it('deletes the version of a link larger than the limit, lowers the count and says why on the element', async () => {
      expect(bigBytes).toBeGreaterThan(MAX_ELEMENT_BYTES);
      const member = await newMember(ctx);
      const res = await submit(member, [`${server.origin}/big.mp4`, `${server.origin}/clip.mp4`]);
      expect(res.body.meta.numberOfProjects).toBe(2);
      const [big, small] = res.body.elements.data;
      const failed = await waitForElement(
        member.client,
        member.workspaceId,
        big.id,
        (e) => e?.attributes.state === 'failed',
      );
      expect(failed.attributes.failure).toBe('The file is larger than the allowed 0.4 MB');
      expect(failed.attributes.failureKind).toBe('too_large');
      expect(failed.attributes.projectVersionIds).toEqual([]);
      await waitForElement(member.client, member.workspaceId, small.id, (e) => e?.attributes.state === 'ready');
      expect(await numberOfProjects(ctx.db, member.workspaceId)).toBe(1);
      expect(await versionCount(ctx, member.workspaceId)).toBe(1);
      // Kept, with its reason, for the next page load until the user dismisses it.
      const listed = await member.client.get(
        `${PROJECTS_PATHS.elements}?workspaceId=${member.workspaceId}&state=failed`,
      );
      expect(listed.body.data.map((e: any) => [e.id, e.attributes.failureKind])).toEqual([[big.id, 'too_large']]);
      const dismissed = await member.client.delete(PROJECTS_PATHS.element(big.id));
      expect(dismissed.body).toEqual({ data: { id: big.id, projectVersionIds: [] }, meta: { numberOfProjects: 1 } });
      expect(
        (await member.client.get(`${PROJECTS_PATHS.elements}?workspaceId=${member.workspaceId}&state=failed`)).body
          .data,
      ).toEqual([]);
    });

    it('a link that answers 404 fails as unreachable, one that is not media as not_media, each with its reason', async () => {
      const member = await newMember(ctx);
      const res = await submit(member, [`${server.origin}/missing.mp4`, `${server.origin}/notes.txt`]);
      const [missing, text] = res.body.elements.data;
      const gone = await waitForElement(
        member.client,
        member.workspaceId,
        missing.id,
        (e) => e?.attributes.state === 'failed',
      );
      expect(gone.attributes).toMatchObject({ failureKind: 'unreachable', projectVersionIds: [] });
      expect(gone.attributes.failure).toMatch(/\S/);
      const notMedia = await waitForElement(
        member.client,
        member.workspaceId,
        text.id,
        (e) => e?.attributes.state === 'failed',
      );
      expect(notMedia.attributes).toMatchObject({ failureKind: 'not_media' });
      expect(await numberOfProjects(ctx.db, member.workspaceId)).toBe(0);
    });

    it('refuses a link outside the allowance (127.0.0.1) without fetching it', async () => {
      const member = await newMember(ctx);
      const res = await submit(member, [`http://127.0.0.1:${server.port}/clip.mp4`]);
      const failed = await waitForElement(
        member.client,
        member.workspaceId,
        res.body.elements.data[0].id,
        (e) => e?.attributes.state === 'failed',
      );
      expect(failed.attributes.failure).toMatch(/127\.0\.0\.1 is not on the public internet/);
      expect(failed.attributes.failureKind).toBe('private_address');
      expect(await numberOfProjects(ctx.db, member.workspaceId)).toBe(0);
    });

    it('answers the downloading list and POST /api/v1/elements/updates for the caller workspace only, and refuses bad links', async () => {
      const member = await newMember(ctx);
      const other = await newMember(ctx);
      const theirs = await submit(other, [`${server.origin}/clip.mp4`]);
      const mine = await submit(member, [`${server.origin}/clip.mp4`]);
      const ids = [mine.body.elements.data[0].id, theirs.body.elements.data[0].id];
      const updates = await member.client.post(PROJECTS_PATHS.elementUpdates, {
        workspaceId: member.workspaceId,
        elementIds: ids,
      });
      expect(updates.status).toBe(200);
      expect(updates.body.data.map((e: any) => e.id)).toEqual([ids[0]]);
      const bad = await submit(member, ['ftp://example.com/a.mp4']);
      expect(bad.status).toBe(422);
      expect(bad.body.message).toBe('Each link must be an http or https URL');
      expect(
        (
          await member.client.post(PROJECTS_PATHS.youtubeDlWithProject, {
            workspaceId: member.workspaceId,
            urls: [],
            submitUrlIdentifier: 'x',
          })
        ).status,
      ).toBe(400);
      expect(
        (await member.client.get(`${PROJECTS_PATHS.elements}?workspaceId=${member.workspaceId}&state=nope`)).status,
      ).toBe(400);
      await ctx.runJobs(20_000);
    });

    it('deletes an element with its project versions and lowers the count', async () => {
      const member = await newMember(ctx);
      const res = await submit(member, [`${server.origin}/clip.mp4`]);
      const elementId = res.body.elements.data[0].id;
      await waitForElement(member.client, member.workspaceId, elementId, (e) => e?.attributes.state === 'ready');
      const stranger = await newMember(ctx);
      expect((await stranger.client.delete(PROJECTS_PATHS.element(elementId))).status).toBe(404);
      const deleted = await member.client.delete(PROJECTS_PATHS.element(elementId));
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({
        data: { id: elementId, projectVersionIds: [res.body.projectVersions.data[0].id] },
        meta: { numberOfProjects: 0 },
      });
      expect(await versionCount(ctx, member.workspaceId)).toBe(0);
      expect((await member.client.delete(PROJECTS_PATHS.element(elementId))).status).toBe(404);
    });
  },
);

describeOnBothDatabases('link import without any allowance', (ctx) => {
  it('refuses the same loopback link: the element fails, its version is deleted and the count goes back', async () => {
    const member = await newMember(ctx);
    const hitsBefore = server.hits.length;
    const res = await submit(member, [`${server.origin}/clip.mp4`]);
    expect(res.status).toBe(201);
    const failed = await waitForElement(
      member.client,
      member.workspaceId,
      res.body.elements.data[0].id,
      (e) => e?.attributes.state === 'failed',
    );
    expect(failed.attributes.failureKind).toBe('private_address');
    expect(await numberOfProjects(ctx.db, member.workspaceId)).toBe(0);
    expect(server.hits.length).toBe(hitsBefore);
  });
});

/** tus 1.0.0 by hand: create, send half, ask the offset (a dropped connection), send the rest. */
describeOnBothDatabases('resumable uploads (tus)', (ctx) => {
  const tus = { 'tus-resumable': '1.0.0' };
  /** Storage keys of an upload's parts, in the order written. */
  const partKeys = async (uploadId: string) =>
    (
      (await ctx.db.query<{ parts: string[] }>('SELECT parts FROM tus_uploads WHERE id = $1', [uploadId])).rows[0]
        ?.parts ?? []
    ).map((name) => uploadPartKey(uploadId, name));
  const metadata = (fields: Record<string, string>) =>
    Object.entries(fields)
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');

  it('resumes after half the file, produces an element with the right duration, and create_with_project makes it a project (+1)', async () => {
    const member = await newMember(ctx);
    const clip = await readFile(path.join(mediaDir, 'clip.mp4'));
    const created = await member.client.post(PROJECTS_PATHS.uploads, undefined, {
      headers: {
        ...tus,
        'upload-length': String(clip.length),
        'upload-metadata': metadata({
          workspaceId: member.workspaceId,
          filename: 'My clip.mp4',
          filetype: 'video/mp4',
        }),
      },
    });
    expect(created.status).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(/^\/api\/v1\/uploads\/[A-Za-z0-9_-]+$/);

    const half = Math.floor(clip.length / 2);
    const patch = (offset: number, body: Buffer) =>
      member.client.request('PATCH', location, body, {
        headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      });
    expect((await patch(0, clip.subarray(0, half))).status).toBe(204);
    // The bytes are in storage, not on this process's disk: another web process can continue.
    const uploadId = location.split('/').pop()!;
    const [firstPart] = await partKeys(uploadId);
    expect((await ctx.app.storage.get(firstPart!))?.size).toBe(half);

    const stranger = await newMember(ctx);
    expect(
      (
        await stranger.client.request('PATCH', location, clip.subarray(half), {
          headers: { ...tus, 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' },
        })
      ).status,
    ).toBe(404);

    const head = await ctx.app.inject({
      method: 'HEAD',
      url: location,
      headers: { ...tus, cookie: [...member.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));

    const finished = await patch(half, clip.subarray(half));
    expect(finished.status).toBe(200);
    // Done: the upload's parts and row are gone, the element has its own copy.
    expect(await ctx.app.storage.get(firstPart!)).toBeNull();
    expect((await ctx.db.query('SELECT 1 FROM tus_uploads WHERE id = $1', [uploadId])).rows).toEqual([]);
    const elementId = String(finished.headers[UPLOAD_ELEMENT_ID_HEADER.toLowerCase()]);
    expect(finished.body.data).toMatchObject({
      id: elementId,
      attributes: { state: 'ready', title: 'My clip', unformattedSize: clip.length, projectVersionIds: [] },
    });
    expect(finished.body.data.attributes.unformattedDuration).toBeGreaterThan(2.8);
    expect(finished.body.data.attributes.unformattedDuration).toBeLessThan(3.3);
    expect(await numberOfProjects(ctx.db, member.workspaceId)).toBe(0);

    const project = await member.client.post(PROJECTS_PATHS.createWithProject, {
      workspaceId: member.workspaceId,
      elementId,
    });
    expect(project.status).toBe(201);
    expect(project.body.data.attributes.projectVersionIds).toEqual([project.body.projectVersions.data[0].id]);
    expect(project.body.projectVersions.data[0].attributes).toMatchObject({
      title: 'My clip',
      elementId,
      elementState: 'ready',
    });
    expect(project.body.meta.numberOfProjects).toBe(1);
    const again = await member.client.post(PROJECTS_PATHS.createWithProject, {
      workspaceId: member.workspaceId,
      elementId,
    });
    expect(again.status).toBe(422);
    expect(await numberOfProjects(ctx.db, member.workspaceId)).toBe(1);
  });

  it('two processes writing the same offset of an upload at once: one part is kept whole, the other refused (409) and removed', async () => {
    // Two stores on one database and storage stand for two web processes (no shared lock in memory).
    const stores = [new StorageUploadStore(ctx.db, ctx.app.storage), new StorageUploadStore(ctx.db, ctx.app.storage)];
    const id = `race${randomBytes(6).toString('hex')}`;
    await stores[0]!.create(new Upload({ id, size: 8, offset: 0, metadata: {} }));
    const written = await Promise.allSettled([
      stores[0]!.write(Readable.from([Buffer.from('aaaa')]), id, 0),
      stores[1]!.write(Readable.from([Buffer.from('bbbbbb')]), id, 0),
    ]);
    const won = written.findIndex((result) => result.status === 'fulfilled');
    const lost = written.find((result) => result.status === 'rejected');
    expect(won).toBeGreaterThanOrEqual(0);
    expect((lost as PromiseRejectedResult).reason).toMatchObject({ status_code: 409 });
    const keys = await partKeys(id);
    expect(keys).toHaveLength(1);
    expect(await readdir(path.join(ctx.config.dataDir, 'files', 'uploads', id))).toEqual([keys[0]!.split('/').pop()]);
    const copy = path.join(ctx.config.dataDir, `race-${id}`);
    await stores[1]!.copyTo(id, copy);
    expect(await readFile(copy, 'utf8')).toBe(won === 0 ? 'aaaa' : 'bbbbbb');
    await rm(copy);
    await stores[0]!.remove(id);
  });

  it('an upload left unfinished for a day expires: refused (410), then removed with its stored part by the hourly job', async () => {
    const member = await newMember(ctx);
    const tusWrite = { ...tus, 'content-type': 'application/offset+octet-stream' };
    const created = await member.client.post(PROJECTS_PATHS.uploads, undefined, {
      headers: {
        ...tus,
        'upload-length': '10',
        'upload-metadata': metadata({ workspaceId: member.workspaceId, filename: 'left.mp4' }),
      },
    });
    const location = String(created.headers.location);
    const uploadId = location.split('/').pop()!;
    const first = await member.client.request('PATCH', location, Buffer.from('12345'), {
      headers: { ...tusWrite, 'upload-offset': '0' },
    });
    expect(first.status).toBe(204);
    expect(first.headers['upload-expires']).toBeDefined();
    const [part] = await partKeys(uploadId);
    await ctx.db.query(`UPDATE tus_uploads SET created_at = now() - interval '25 hours' WHERE id = $1`, [uploadId]);
    expect(
      (
        await member.client.request('PATCH', location, Buffer.from('67890'), {
          headers: { ...tusWrite, 'upload-offset': '5' },
        })
      ).status,
    ).toBe(410);
    expect(
      await expireUploadsJob.handler({}, {
        db: ctx.db,
        storage: ctx.app.storage,
        log: { info() {}, error() {} },
      } as never),
    ).toBeUndefined();
    expect(await ctx.app.storage.get(part!)).toBeNull();
    expect((await ctx.db.query('SELECT 1 FROM tus_uploads WHERE id = $1', [uploadId])).rows).toEqual([]);
  });

  it('refuses an upload without workspace (422), into a foreign workspace (404), without CSRF (403), over the size limit (413) and a file that is not media (422)', async () => {
    const member = await newMember(ctx);
    const other = await newMember(ctx);
    const create = (headers: Record<string, string>, options: { csrfToken?: string | null } = {}) =>
      member.client.post(PROJECTS_PATHS.uploads, undefined, {
        headers: { ...tus, 'upload-length': '10', ...headers },
        ...options,
      });
    expect((await create({ 'upload-metadata': metadata({ filename: 'a.mp4' }) })).status).toBe(422);
    expect((await create({ 'upload-metadata': metadata({ workspaceId: other.workspaceId }) })).status).toBe(404);
    expect(
      (await create({ 'upload-metadata': metadata({ workspaceId: member.workspaceId }) }, { csrfToken: null })).status,
    ).toBe(403);
    expect(
      (
        await create({
          'upload-metadata': metadata({ workspaceId: member.workspaceId }),
          'upload-length': String(ctx.config.maxElementBytes + 1),
        })
      ).status,
    ).toBe(413);
    // Every metadata value is kept in the database: a NUL anywhere is refused, not a 500.
    expect(
      (await create({ 'upload-metadata': metadata({ workspaceId: member.workspaceId, filetype: 'video/\u0000' }) }))
        .status,
    ).toBe(400);

    // Terminated: its stored part and row go with it.
    const dropped = await create({
      'upload-metadata': metadata({ workspaceId: member.workspaceId, filename: 'a.mp4' }),
    });
    const droppedAt = String(dropped.headers.location);
    const droppedId = droppedAt.split('/').pop()!;
    const tusWrite = { ...tus, 'content-type': 'application/offset+octet-stream' };
    expect(
      (
        await member.client.request('PATCH', droppedAt, Buffer.from('12345'), {
          headers: { ...tusWrite, 'upload-offset': '0' },
        })
      ).status,
    ).toBe(204);
    const [droppedPart] = await partKeys(droppedId);
    expect(await ctx.app.storage.get(droppedPart!)).not.toBeNull();
    expect((await member.client.request('DELETE', droppedAt, undefined, { headers: tus })).status).toBe(204);
    expect(await ctx.app.storage.get(droppedPart!)).toBeNull();
    expect(
      (
        await member.client.request('PATCH', droppedAt, Buffer.from('67890'), {
          headers: { ...tusWrite, 'upload-offset': '5' },
        })
      ).status,
    ).toBe(404);

    const text = Buffer.from('not a video at all');
    const created = await create({
      'upload-metadata': metadata({ workspaceId: member.workspaceId, filename: 'notes.mp4' }),
      'upload-length': String(text.length),
    });
    const done = await member.client.request('PATCH', String(created.headers.location), text, {
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    });
    // The refusal once the last byte is in is JSON in the Error shape, like every other one.
    expect(done.status).toBe(422);
    expect(done.headers['content-type']).toMatch(/^application\/json/);
    expect(done.body).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: 'The file is not a video or audio file',
      code: 'not_media',
    });
    const { rows } = await ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM elements WHERE workspace_id = $1',
      [member.workspaceId],
    );
    expect(rows[0].n).toBe(0);
  });
});
