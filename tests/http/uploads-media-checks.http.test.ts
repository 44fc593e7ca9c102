import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { EXPORTS_PATHS } from '../../plugins/exports/common/exports-contract';
import { runProcess } from '../../server/engines/process-runner';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember, type Member } from './projects-test-kit';
import { importFile, newSubtitle, srtOf } from './subtitles-test-kit';

/**
 * Uploads found by the media sweep: a photo (even named .mp4) became a project of 0 s that failed
 * only at set-up; a WebM recorded in a browser (MediaRecorder writes no duration) became a 0 s
 * element whose run failed "The video has no duration"; an MP4 cut before its index was called
 * "not a video". Each now answers as it should, and a refused file leaves no element behind.
 */

const tus = { 'tus-resumable': '1.0.0' };
let dir: string;
const sources = ['-f', 'lavfi', '-i', 'testsrc2=duration=3:size=160x120:rate=10', '-f', 'lavfi', '-i', 'sine=d=3'];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'polycue-upload-checks-'));
  const file = (name: string) => path.join(dir, name);
  await runProcess('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2',
    '-frames:v',
    '1',
    file('photo.png'),
  ]);
  await copyFile(file('photo.png'), file('photo.mp4'));
  await runProcess('sh', [
    '-c',
    `ffmpeg -hide_banner -nostdin -loglevel error ${sources.join(' ')} -c:v libvpx -deadline realtime -c:a libopus -shortest -f webm - > '${file('recorded.webm')}'`,
  ]);
  await runProcess('ffmpeg', [
    '-loglevel',
    'error',
    ...sources,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    '-shortest',
    file('camera.mp4'),
  ]);
  await runProcess('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=d=2',
    '-c:a',
    'libmp3lame',
    file('voice.mp3'),
  ]);
  const whole = await readFile(file('camera.mp4'));
  await writeFile(file('cut.mp4'), whole.subarray(0, Math.floor(whole.length / 2)));
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

async function upload(member: Member, name: string) {
  const file = await readFile(path.join(dir, name));
  const created = await member.client.post(PROJECTS_PATHS.uploads, undefined, {
    headers: {
      ...tus,
      'upload-length': String(file.length),
      'upload-metadata': metadata({ workspaceId: member.workspaceId, filename: name }),
    },
  });
  expect(created.status, created.text).toBe(201);
  return member.client.request('PATCH', String(created.headers.location), file, {
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
  });
}

describeOnBothDatabases('uploads: what is media, and how long it is', (ctx) => {
  const elementsOf = async (member: Member) =>
    (await ctx.db.query('SELECT id FROM elements WHERE workspace_id = $1', [member.workspaceId])).rows.length;

  it('refuses a photo as a picture (422, named so), even named .mp4; no element is made', async () => {
    const member = await newMember(ctx);
    for (const name of ['photo.png', 'photo.mp4']) {
      const res = await upload(member, name);
      expect(res.status, name).toBe(422);
      expect(res.text).toContain('The file is a picture, not a video or audio file');
    }
    expect(await elementsOf(member)).toBe(0);
  });

  it('says an MP4 cut before its index is incomplete and what to do (422)', async () => {
    const member = await newMember(ctx);
    const res = await upload(member, 'cut.mp4');
    expect(res.status).toBe(422);
    expect(res.text).toContain('The file is incomplete');
    expect(res.text).toContain('Copy or export it again');
    expect(await elementsOf(member)).toBe(0);
  });

  it('counts a WebM recorded in a browser (no duration in its header) at its length, not 0 s', async () => {
    const member = await newMember(ctx);
    const res = await upload(member, 'recorded.webm');
    expect(res.status, res.text).toBe(200);
    const seconds = res.body.data.attributes.unformattedDuration;
    expect(seconds).toBeGreaterThan(2.8);
    expect(seconds).toBeLessThan(3.3);
  });

  it('refuses burning subtitles into a sound-only upload when asked (422), not by an export that fails later', async () => {
    const member = await newMember(ctx);
    const res = await upload(member, 'voice.mp3');
    expect(res.status, res.text).toBe(200);
    const project = await member.client.post(PROJECTS_PATHS.createWithProject, {
      workspaceId: member.workspaceId,
      elementId: res.body.data.id,
    });
    const versionId = project.body.projectVersions.data[0].id as string;
    const subtitleId = await newSubtitle(member.client, versionId, 'en');
    await importFile(member.client, versionId, subtitleId, srtOf(2));
    const burned = await member.client.post(EXPORTS_PATHS.exportations, {
      projectVersionId: versionId,
      kind: 'burned_video',
      subtitleId,
    });
    expect([burned.status, burned.body.message]).toEqual([422, 'This project has no video to burn subtitles into']);
    const { rows } = await ctx.db.query('SELECT id FROM exportations WHERE project_version_id = $1', [versionId]);
    expect(rows).toHaveLength(0);
  });
});
