import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { readSubtitles } from '../../plugins/subtitles/common/formats';
import { EXPORTS_PATHS } from '../../plugins/exports/common/exports-contract';
import { API_TOKENS_PATHS } from '../../plugins/api-tokens/common/api-tokens-contract';
import { EXPORT_THEME_LOOKUP } from '../../plugins/subtitles/common/burn-in-theme';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember, type Member } from './projects-test-kit';
import { seedVersionWithVideo } from './pipeline-test-kit';
import { cuesOf, getBinary, importFile, newSubtitle, newVersion, srtOf } from './subtitles-test-kit';
import {
  createExport,
  getByIds,
  greyFrame,
  makeVideo,
  changedShare,
  probeBytes,
  seedDubbedMedia,
  waitForExport,
  withTempDir,
} from './exports-test-kit';

/** One big cue over most of the clip, so any frame in the middle shows it. */
const BIG_CUE = '1\n00:00:00,500 --> 00:00:03,500\nBURNED IN SUBTITLE\nSECOND LINE\n';

describeOnBothDatabases('exports: subtitle files, burned-in video, voice-over', (ctx) => {
  let owner: Member;
  let stranger: Member;
  let source: Buffer;
  let versionId: string;
  let subtitleId: string;

  beforeAll(async () => {
    owner = await newMember(ctx);
    stranger = await newMember(ctx);
    await withTempDir(async (dir) => {
      const file = path.join(dir, 'clip.mp4');
      await makeVideo(file, 4);
      source = await readFile(file);
      ({ versionId } = await seedVersionWithVideo(ctx.db, ctx.app.storage, owner.workspaceId, file, 'Harbour tour'));
    });
    subtitleId = await newSubtitle(owner.client, versionId, 'en');
    expect((await importFile(owner.client, versionId, subtitleId, BIG_CUE)).status).toBe(200);
  }, 60_000);

  it('exports a subtitle file: queued at once, followed through get_by_ids, downloaded with its type and name, and mailed', async () => {
    const created = await createExport(owner.client, {
      projectVersionId: versionId,
      kind: 'subtitles',
      subtitleId,
      format: 'vtt',
    });
    expect(created.attributes).toMatchObject({
      kind: 'subtitles',
      state: 'queued',
      progress: 0,
      downloadUrl: null,
      failure: null,
      title: 'Harbour tour · English subtitles (VTT)',
    });

    const done = await waitForExport(ctx, owner.client, created.id);
    expect(done.attributes).toMatchObject({
      state: 'done',
      progress: 1,
      downloadUrl: EXPORTS_PATHS.download(created.id),
      fileName: 'Harbour tour - en.vtt',
    });

    const file = await getBinary(ctx, owner.client, done.attributes.downloadUrl!);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="Harbour tour - en.vtt"');
    expect(file.body.toString('utf8')).toMatch(/^WEBVTT/);
    expect(readSubtitles(file.body).map(({ start, end, text }) => ({ start, end, text }))).toEqual(
      await cuesOf(owner.client, versionId, subtitleId),
    );

    const mail = await ctx.waitForMail(
      (m) => m.subject === 'Your export "Harbour tour · English subtitles (VTT)" is ready',
    );
    const { rows } = await ctx.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [owner.userId]);
    expect(mail.to).toBe(rows[0].email);
  });

  it('burns the subtitle into the video: the frame at the cue differs from the source where the text is, and ffprobe reads an H.264 MP4', async () => {
    const created = await createExport(owner.client, { projectVersionId: versionId, kind: 'burned_video', subtitleId });
    const done = await waitForExport(ctx, owner.client, created.id, 90_000);
    expect(done.attributes.state, done.attributes.failure ?? '').toBe('done');
    const file = await getBinary(ctx, owner.client, done.attributes.downloadUrl!);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Harbour tour - en subtitled\.mp4"/);

    const info = await probeBytes(file.body, 'mp4');
    expect(info.streams.find((s) => s.type === 'video')).toMatchObject({ codec: 'h264', width: 320, height: 240 });
    expect(info.hasAudio).toBe(true);
    expect(Math.abs(info.durationMs - 4000)).toBeLessThan(300);

    await withTempDir(async (dir) => {
      const [sourceFile, exportFile] = [path.join(dir, 'source.mp4'), path.join(dir, 'export.mp4')];
      const { writeFile } = await import('node:fs/promises');
      await writeFile(sourceFile, source);
      await writeFile(exportFile, file.body);
      const [before, after] = await Promise.all([
        greyFrame(sourceFile, 2, 320, 240),
        greyFrame(exportFile, 2, 320, 240),
      ]);
      // Bottom-centred text (two lines) changes the lower band; the top band is only re-encoded.
      const bottom = changedShare(before, after, 320, 180, 240);
      const top = changedShare(before, after, 320, 0, 60);
      expect(bottom).toBeGreaterThan(0.02);
      expect(top).toBeLessThan(0.005);
      // Outside the cue (after 3.5 s) nothing is drawn.
      const [late, lateExport] = await Promise.all([
        greyFrame(sourceFile, 3.8, 320, 240),
        greyFrame(exportFile, 3.8, 320, 240),
      ]);
      expect(changedShare(late, lateExport, 320, 180, 240)).toBeLessThan(0.005);
    });
  }, 120_000);

  it('copies the voice-over audio and video the pipeline made', async () => {
    const audio = Buffer.from('dubbed audio bytes');
    const video = Buffer.from('dubbed video bytes');
    await seedDubbedMedia(ctx.db, ctx.app.storage, owner.workspaceId, versionId, owner.userId, subtitleId, 'es', {
      audio,
      video,
    });
    const [audioExport, videoExport] = await Promise.all([
      createExport(owner.client, { projectVersionId: versionId, kind: 'dubbed_audio', language: 'es' }),
      createExport(owner.client, { projectVersionId: versionId, kind: 'dubbed_video', language: 'es' }),
    ]);
    expect(audioExport.attributes.title).toBe('Harbour tour · Spanish voice-over audio');
    for (const [created, bytes, type, name] of [
      [audioExport, audio, 'audio/mp4', 'Harbour tour - es voice-over.m4a'],
      [videoExport, video, 'video/mp4', 'Harbour tour - es voice-over.mp4'],
    ] as const) {
      const done = await waitForExport(ctx, owner.client, created.id);
      expect(done.attributes).toMatchObject({ state: 'done', fileName: name, sizeBytes: bytes.length });
      const file = await getBinary(ctx, owner.client, done.attributes.downloadUrl!);
      expect(file.headers['content-type']).toBe(type);
      expect(file.body.equals(bytes)).toBe(true);
    }
  });

  it('refuses bad requests with 4xx and a message, before anything is queued', async () => {
    const other = await newVersion(ctx, owner, 'No video');
    const emptySubtitle = await newSubtitle(owner.client, versionId, 'fr');
    const post = (body: object) => owner.client.post(EXPORTS_PATHS.exportations, body);
    const cases: [object, number, string | RegExp][] = [
      [{ projectVersionId: versionId, kind: 'subtitles' }, 400, 'Choose the subtitle to export'],
      [{ projectVersionId: versionId, kind: 'pdf', subtitleId }, 400, /kind/],
      [{ projectVersionId: versionId, kind: 'subtitles', subtitleId, format: 'docx' }, 400, /format/],
      [
        { projectVersionId: versionId, kind: 'burned_video', subtitleId, format: 'srt' },
        400,
        'A format applies to subtitle files only',
      ],
      [{ projectVersionId: other, kind: 'subtitles', subtitleId }, 404, 'Subtitle not found in this project version'],
      [
        { projectVersionId: versionId, kind: 'subtitles', subtitleId: emptySubtitle },
        422,
        'This subtitle has no cues to export',
      ],
      // Without a themes plugin a theme cannot be named; with one, an unknown theme is not found.
      ctx.app.services.find(EXPORT_THEME_LOOKUP)
        ? [
            { projectVersionId: versionId, kind: 'burned_video', subtitleId, themeId: '987654321' },
            404,
            'Theme not found',
          ]
        : [
            { projectVersionId: versionId, kind: 'burned_video', subtitleId, themeId: '987654321' },
            422,
            'Themes are not available here: export with the default style',
          ],
      [{ projectVersionId: versionId, kind: 'dubbed_audio' }, 400, 'Choose the voice-over language'],
      [
        { projectVersionId: versionId, kind: 'dubbed_video', language: 'de' },
        404,
        'There is no voice-over in this language yet',
      ],
      [{ projectVersionId: 'abc', kind: 'subtitles', subtitleId }, 400, /projectVersionId/],
      [{ kind: 'subtitles', subtitleId }, 400, /projectVersionId/],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    const noVideo = await newSubtitle(owner.client, other, 'en');
    await importFile(owner.client, other, noVideo, srtOf(1));
    const res = await post({ projectVersionId: other, kind: 'burned_video', subtitleId: noVideo });
    expect([res.status, res.body.message]).toEqual([422, 'This project has no video to burn subtitles into']);
    expect((await owner.client.post(EXPORTS_PATHS.getByIds, { exportationIds: ['x'] })).status).toBe(400);
    expect((await owner.client.post(EXPORTS_PATHS.getByIds, {})).status).toBe(400);
    expect((await owner.client.get(EXPORTS_PATHS.download('abc'))).status).toBe(400);
  });

  it('records why an export failed and leaves no file behind', async () => {
    const created = await createExport(owner.client, {
      projectVersionId: versionId,
      kind: 'subtitles',
      subtitleId,
      format: 'srt',
    });
    // The subtitle is emptied before the job runs (an editor saved no cues meanwhile).
    await ctx.db.query('DELETE FROM subtitle_cues WHERE subtitle_id = $1', [subtitleId]);
    const failed = await waitForExport(ctx, owner.client, created.id);
    await importFile(owner.client, versionId, subtitleId, BIG_CUE);
    expect(failed.attributes).toMatchObject({
      state: 'failed',
      failure: 'The subtitle has no cues any more',
      downloadUrl: null,
    });
    const download = await owner.client.get(EXPORTS_PATHS.download(created.id));
    expect([download.status, download.body.message]).toEqual([404, 'This export is not ready to download']);
    const { rows } = await ctx.db.query<{ key: string | null }>(
      'SELECT file_key AS key FROM exportations WHERE id = $1',
      [created.id],
    );
    expect(rows[0].key).toBeNull();
    expect(await ctx.app.storage.get(`exports/${owner.workspaceId}/${created.id}/export.srt`)).toBeNull();
  });

  it("keeps other workspaces' exports out: absent from get_by_ids, 404 on create and download", async () => {
    const mine = await createExport(owner.client, { projectVersionId: versionId, kind: 'subtitles', subtitleId });
    await waitForExport(ctx, owner.client, mine.id);
    expect(await getByIds(stranger.client, [mine.id])).toEqual([]);
    const both = await getByIds(owner.client, [mine.id, '999999999', mine.id]);
    expect(both.map((e) => e.id)).toEqual([mine.id]);
    const download = await stranger.client.get(EXPORTS_PATHS.download(mine.id));
    expect([download.status, download.body.message]).toEqual([404, 'Export not found']);
    expect(download.text).not.toContain('BURNED');
    const create = await stranger.client.post(EXPORTS_PATHS.exportations, {
      projectVersionId: versionId,
      kind: 'subtitles',
      subtitleId,
    });
    expect(create.status).toBe(404);
    expect((await ctx.client().post(EXPORTS_PATHS.getByIds, { exportationIds: [mine.id] })).status).toBe(401);
  });

  it('lets a script follow its export with an API token, within the token’s workspace only', async () => {
    const { rows } = await ctx.db.query<{ id: string }>('SELECT account_id::text AS id FROM workspaces WHERE id = $1', [
      owner.workspaceId,
    ]);
    const accountId = rows[0].id;
    const tokenFor = async (workspaceId: string) => {
      const res = await owner.client.post(API_TOKENS_PATHS.tokens, {
        accountId,
        name: 'Exports script',
        scope: 'write',
        workspaceId,
        expiresInDays: 7,
      });
      expect(res.status, res.text).toBe(201);
      return { authorization: `Bearer ${res.body.data.attributes.token}` };
    };
    const script = ctx.client({ visit: false });
    const headers = await tokenFor(owner.workspaceId);
    const created = await script.post(
      EXPORTS_PATHS.exportations,
      { projectVersionId: versionId, kind: 'subtitles', subtitleId },
      { headers, csrfToken: null },
    );
    expect(created.status, created.text).toBe(202);
    const id = created.body.data.id;
    const followed = await script.post(EXPORTS_PATHS.getByIds, { exportationIds: [id] }, { headers, csrfToken: null });
    expect(followed.status, followed.text).toBe(200);
    expect(followed.body.data.map((e: { id: string }) => e.id)).toEqual([id]);
    await waitForExport(ctx, owner.client, id);
    // A token of another workspace of the same account does not see it, though its person could.
    const { rows: second } = await ctx.db.query<{ id: string }>(
      `INSERT INTO workspaces (account_id, name) VALUES ($1, 'Second') RETURNING id::text AS id`,
      [accountId],
    );
    const other = await tokenFor(second[0].id);
    const hidden = await script.post(
      EXPORTS_PATHS.getByIds,
      { exportationIds: [id] },
      { headers: other, csrfToken: null },
    );
    expect([hidden.status, hidden.body.data]).toEqual([200, []]);
  });
});
