import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { runProcess } from '../../server/engines/process-runner';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import { makeClip, newMember, type Member } from './projects-test-kit';

/**
 * Issue 22 item 6: an upload is held to the plan's largest video when it is created (a Free
 * account declared 2 GiB and the limit applied only at the end), may not carry more bytes than it
 * declared, answers a deferred length with a clear 4xx (was 501), and a file name's control
 * characters (CR/LF, …) never reach the title.
 */

const tus = { 'tus-resumable': '1.0.0' };
const MB = 1024 ** 2;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'polycue-upload-limits-'));
  await makeClip(path.join(mediaDir, 'clip.mp4'), 2);
  // Index first (faststart), then cut at 40 %: the index still promises 10 s, about 4 s play.
  await runProcess('ffmpeg', [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=10:size=160x120:rate=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=10',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    path.join(mediaDir, 'whole.mp4'),
  ]);
  const whole = await readFile(path.join(mediaDir, 'whole.mp4'));
  await writeFile(path.join(mediaDir, 'truncated.mp4'), whole.subarray(0, Math.floor(whole.length * 0.4)));
});

afterAll(async () => {
  await rm(mediaDir, { recursive: true, force: true });
});

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

function create(member: Member, headers: Record<string, string>) {
  return member.client.post(PROJECTS_PATHS.uploads, undefined, {
    headers: {
      ...tus,
      'upload-metadata': metadata({ workspaceId: member.workspaceId, filename: 'clip.mp4' }),
      ...headers,
    },
  });
}

const patch = (member: Member, location: string, offset: number, body: Buffer) =>
  member.client.request('PATCH', location, body, {
    headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
  });

const uploadsOf = async (ctx: TestAppContext) =>
  (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tus_uploads')).rows[0].n;

describeOnBothDatabases('uploads: limits at creation, declared length, titles', (ctx) => {
  it("refuses at creation a declared length over the Free plan's largest video (413, its limit named), nothing stored", async () => {
    const member = await newMember(ctx);
    const before = await uploadsOf(ctx);
    for (const declared of [600 * MB, 2 * 1024 * MB]) {
      const res = await create(member, { 'upload-length': String(declared) });
      expect(res.status, String(declared)).toBe(413);
      expect(res.body).toMatchObject({
        code: 'element_too_large',
        message: 'The file is larger than the allowed 500 MB',
      });
    }
    expect(await uploadsOf(ctx)).toBe(before);
    // Within the plan: created.
    expect((await create(member, { 'upload-length': String(400 * MB) })).status).toBe(201);
  });

  it('refuses bytes beyond the declared length, keeping the offset at what was accepted', async () => {
    const member = await newMember(ctx);
    const created = await create(member, { 'upload-length': '10' });
    expect(created.status).toBe(201);
    const location = String(created.headers.location);
    const over = await patch(member, location, 0, Buffer.alloc(25, 1));
    expect(over.status).toBeGreaterThanOrEqual(400);
    expect(over.status).toBeLessThan(500);
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: location,
      headers: { ...tus, cookie: [...member.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(Number(head.headers['upload-offset'] ?? 0)).toBeLessThanOrEqual(10);
  });

  it('answers a deferred length with a 400 that says what to send (was 501)', async () => {
    const member = await newMember(ctx);
    const res = await create(member, { 'upload-defer-length': '1' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'upload_length_required',
      message: 'The upload must declare its length in Upload-Length (a deferred length is not accepted)',
    });
  });

  it('cleans control characters out of titles: a file name with CR/LF, and a typed project title', async () => {
    const member = await newMember(ctx);
    const clip = await readFile(path.join(mediaDir, 'clip.mp4'));
    const created = await member.client.post(PROJECTS_PATHS.uploads, undefined, {
      headers: {
        ...tus,
        'upload-length': String(clip.length),
        'upload-metadata': metadata({
          workspaceId: member.workspaceId,
          filename: 'Quarterly\r\nreview\t\u202E final.mp4',
        }),
      },
    });
    expect(created.status, created.text).toBe(201);
    const finished = await patch(member, String(created.headers.location), 0, clip);
    expect(finished.status).toBe(200);
    expect(finished.body.data.attributes.title).toBe('Quarterly review final');
    const project = await member.client.post(PROJECTS_PATHS.createWithProject, {
      workspaceId: member.workspaceId,
      elementId: finished.body.data.id,
      title: 'Line one\nline two\ttabbed',
    });
    expect(project.status).toBe(201);
    expect(project.body.projectVersions.data[0].attributes.title).toBe('Line one line two tabbed');
    const plain = await member.client.post(PROJECTS_PATHS.projects, {
      workspaceId: member.workspaceId,
      title: '\r\n\t\u2028',
    });
    expect(plain.status).toBe(422);
  });

  it('counts a truncated MP4 at what plays, not at the duration its index promises (item 7)', async () => {
    const member = await newMember(ctx);
    const file = await readFile(path.join(mediaDir, 'truncated.mp4'));
    const created = await member.client.post(PROJECTS_PATHS.uploads, undefined, {
      headers: {
        ...tus,
        'upload-length': String(file.length),
        'upload-metadata': metadata({ workspaceId: member.workspaceId, filename: 'cut.mp4' }),
      },
    });
    const finished = await patch(member, String(created.headers.location), 0, file);
    expect(finished.status).toBe(200);
    const seconds = finished.body.data.attributes.unformattedDuration;
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThan(6);
  });
});
