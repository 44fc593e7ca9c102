import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, expect, it } from 'vitest';
import { EXPORTS_PATHS } from '../../plugins/exports/common/exports-contract';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import type { Storage } from '../../server/http/request-context';
import { describeOnBothDatabases } from '../support/test-app';
import { createExport, makeVideo, waitForExport, withTempDir } from '../http/exports-test-kit';
import { seedVersionWithVideo } from '../http/pipeline-test-kit';
import { newMember, type Member } from '../http/projects-test-kit';
import { cuesOf, getBinary, importFile, newSubtitle, srtOf } from '../http/subtitles-test-kit';

/**
 * The disk under storage fills up during an upload and during an export. The app's own storage
 * is wrapped: once `free` bytes have been written, the next byte fails with ENOSPC, as the kernel
 * says it, in the middle of the write (so the storage's half-written file is really there to clean
 * up). The request or the export fails with a clear message, nothing half-written is kept, the
 * user's earlier files and subtitles are intact, and the same work succeeds once there is room.
 */
function fillableDisk(storage: Storage): { free: number } {
  const disk = { free: Number.POSITIVE_INFINITY };
  const put = storage.put.bind(storage);
  storage.put = (key, data, contentType) => {
    const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
    async function* filling() {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        if (chunk.length > disk.free) {
          disk.free = 0;
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
            code: 'ENOSPC',
            errno: -28,
            syscall: 'write',
          });
        }
        disk.free -= chunk.length;
        yield chunk;
      }
    }
    return put(key, Readable.from(filling()), contentType);
  };
  return disk;
}

/** Every file under DATA_DIR/files (relative), to see what a failure left behind. */
async function storedFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describeOnBothDatabases('storage full during an upload and an export', (ctx) => {
  let member: Member;
  let clip: Buffer;
  let disk: { free: number };
  let versionId: string;
  let subtitleId: string;
  const filesRoot = () => path.join(ctx.config.dataDir, 'files');
  const tus = { 'tus-resumable': '1.0.0' };

  beforeAll(async () => {
    disk = fillableDisk(ctx.app.storage);
    member = await newMember(ctx);
    // Earlier data: a project with its video and a subtitle.
    await withTempDir(async (dir) => {
      const file = path.join(dir, 'clip.mp4');
      await makeVideo(file, 3, '160x120');
      clip = await readFile(file);
      ({ versionId } = await seedVersionWithVideo(ctx.db, ctx.app.storage, member.workspaceId, file, 'Earlier video'));
    });
    subtitleId = await newSubtitle(member.client, versionId, 'en');
    expect((await importFile(member.client, versionId, subtitleId, srtOf(5))).status).toBe(200);
  }, 60_000);

  async function earlierDataIntact(): Promise<void> {
    expect((await cuesOf(member.client, versionId, subtitleId)).map((cue) => cue.text)).toEqual([
      'Cue 1',
      'Cue 2',
      'Cue 3\nsecond line',
      'Cue 4',
      'Cue 5',
    ]);
    const { rows } = await ctx.db.query<{ key: string }>(
      `SELECT e.storage_key AS key FROM elements e JOIN project_versions v ON v.element_id = e.id WHERE v.id = $1`,
      [versionId],
    );
    const stored = await ctx.app.storage.get(rows[0].key);
    expect(stored?.size).toBe(clip.length);
    (stored?.stream as Readable | undefined)?.destroy();
  }

  it('an upload: the PATCH fails clearly, keeps no part, and resumes once there is room', async () => {
    const metadata = `workspaceId ${Buffer.from(member.workspaceId).toString('base64')},filename ${Buffer.from('Second clip.mp4').toString('base64')}`;
    const created = await member.client.post(PROJECTS_PATHS.uploads, undefined, {
      headers: { ...tus, 'upload-length': String(clip.length), 'upload-metadata': metadata },
    });
    expect(created.status).toBe(201);
    const location = String(created.headers.location);
    const uploadId = location.split('/').pop()!;
    const patch = (offset: number, body: Buffer) =>
      member.client.request('PATCH', location, body, {
        headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      });
    const half = Math.floor(clip.length / 2);
    expect((await patch(0, clip.subarray(0, half))).status).toBe(204);
    const before = await storedFiles(filesRoot());

    disk.free = 1000; // the disk fills a kilobyte into the second half
    const refused = await patch(half, clip.subarray(half));
    expect(refused.status).toBe(507);
    expect(refused.text).toBe('There is no room left to store files. Try again later.\n');
    // Nothing of the refused part is kept: the same files as before, the offset where it was.
    expect(await storedFiles(filesRoot())).toEqual(before);
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: location,
      headers: { ...tus, cookie: [...member.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(head.headers['upload-offset']).toBe(String(half));
    await earlierDataIntact();

    disk.free = Number.POSITIVE_INFINITY;
    const finished = await patch(half, clip.subarray(half));
    expect(finished.status).toBe(200);
    expect(finished.body.data.attributes).toMatchObject({ state: 'ready', unformattedSize: clip.length });
    expect((await ctx.db.query('SELECT 1 FROM tus_uploads WHERE id = $1', [uploadId])).rows).toEqual([]);
  });

  it('an export: it fails with a message saying so, keeps no file, and succeeds once there is room', async () => {
    const before = await storedFiles(filesRoot());
    disk.free = 0;
    const failed = await waitForExport(
      ctx,
      member.client,
      (await createExport(member.client, { projectVersionId: versionId, kind: 'burned_video', subtitleId })).id,
    );
    expect(failed.attributes.state).toBe('failed');
    expect(failed.attributes.failure).toBe('There is no room left to store the export; please try again later');
    expect(failed.attributes.downloadUrl).toBeNull();
    expect((await member.client.get(EXPORTS_PATHS.download(failed.id))).status).toBe(404);
    expect(await storedFiles(filesRoot())).toEqual(before);
    expect(await readdir(path.join(ctx.config.dataDir, 'work', 'exports')).catch(() => [])).toEqual([]);
    await earlierDataIntact();

    disk.free = Number.POSITIVE_INFINITY;
    const done = await waitForExport(
      ctx,
      member.client,
      (await createExport(member.client, { projectVersionId: versionId, kind: 'burned_video', subtitleId })).id,
    );
    expect(done.attributes.state).toBe('done');
    const download = await getBinary(ctx, member.client, done.attributes.downloadUrl!);
    expect(download.status).toBe(200);
    expect(download.body.length).toBe(done.attributes.sizeBytes);
  }, 60_000);
});
