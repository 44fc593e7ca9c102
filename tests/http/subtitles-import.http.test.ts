import { describe, expect, it } from 'vitest';
import { SUBTITLE_STORE } from '../../plugins/subtitles/common/subtitle-store';
import { SUBTITLES_PATHS, SUBTITLES_SERVER_MESSAGES } from '../../plugins/subtitles/common/subtitles-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember } from './projects-test-kit';
import { cuesOf, importFile, newSubtitle, newVersion, srtOf } from './subtitles-test-kit';

const VTT = `WEBVTT

00:00:01.000 --> 00:00:03.500
<v Ana>Hello there

00:00:04.000 --> 00:00:06.000
<v Ben>General Kenobi
`;

const ASS = `[Script Info]
ScriptType: v4.00+

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:01.00,0:00:02.50,Default,Ana,0,0,0,,{\\i1}First line{\\i0}\\NSecond line
Dialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,Next
`;

describeOnBothDatabases(
  'subtitles: list, create, import (SRT, WebVTT, ASS, UTF-16, Windows-1252), all or nothing',
  (ctx) => {
    describe('list and create', () => {
      it('lists a version’s subtitles with their editor URL; creating the same language twice gives the same subtitle', async () => {
        const member = await newMember(ctx);
        const versionId = await newVersion(ctx, member, 'Interview');
        const empty = await member.client.get(SUBTITLES_PATHS.subtitles(versionId));
        expect(empty.status).toBe(200);
        expect(empty.body).toMatchObject({
          data: [],
          meta: { projectVersionId: versionId, title: 'Interview', workspaceId: member.workspaceId },
        });

        const first = await member.client.post(SUBTITLES_PATHS.subtitles(versionId), {
          language: 'fr',
          kind: 'translation',
        });
        const again = await member.client.post(SUBTITLES_PATHS.subtitles(versionId), { language: 'fr' });
        const english = await member.client.post(SUBTITLES_PATHS.subtitles(versionId), { language: 'en' });
        expect([first.status, again.status, english.status]).toEqual([201, 200, 201]);
        expect(again.body.data.id).toBe(first.body.data.id);
        expect(
          (await member.client.post(SUBTITLES_PATHS.subtitles(versionId), { language: 'not a language' })).status,
        ).toBe(400);

        const listed = await member.client.get(SUBTITLES_PATHS.subtitles(versionId));
        // The transcript (the video's own language) comes first.
        expect(
          listed.body.data.map((s: any) => [s.attributes.language, s.attributes.kind, s.attributes.cuesCount]),
        ).toEqual([
          ['en', 'transcript', 0],
          ['fr', 'translation', 0],
        ]);
        const projectId = listed.body.meta.projectId;
        expect(listed.body.data[0].attributes.editorUrl).toBe(
          `/projects/${projectId}/project_versions/${versionId}/subtitles/${english.body.data.id}`,
        );
      });

      it('the projects list carries each version’s subtitles (spec: each id and attributes), at once after a change', async () => {
        const member = await newMember(ctx);
        const versionId = await newVersion(ctx, member, 'Harbour');
        const list = async () =>
          (await member.client.get(`/api/v1/project_versions?workspaceId=${member.workspaceId}`)).body.data.find(
            (v: any) => v.id === versionId,
          ).attributes;
        expect((await list()).subtitles).toEqual([]);
        expect((await list()).processing).toBeNull(); // the pipeline's column: no run yet
        const english = await member.client.post(SUBTITLES_PATHS.subtitles(versionId), { language: 'en' });
        await member.client.post(SUBTITLES_PATHS.subtitles(versionId), { language: 'es', kind: 'translation' });
        // The same request again: a page kept under the workspace revision must not hide the change.
        expect((await list()).subtitles).toEqual([
          {
            id: english.body.data.id,
            type: 'subtitle',
            attributes: { language: 'en', kind: 'transcript', cuesCount: 0, reviewedCount: 0, approvedCount: 0 },
          },
          {
            id: expect.any(String),
            type: 'subtitle',
            attributes: { language: 'es', kind: 'translation', cuesCount: 0, reviewedCount: 0, approvedCount: 0 },
          },
        ]);
      });
    });

    describe('POST …/import_srt', () => {
      it('imports an SRT file: "SRT file imported", the cues in order, the count updated', async () => {
        const member = await newMember(ctx);
        const versionId = await newVersion(ctx, member);
        const subtitleId = await newSubtitle(member.client, versionId);
        const res = await importFile(member.client, versionId, subtitleId, srtOf(5));
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          message: 'SRT file imported',
          data: { id: subtitleId, attributes: { cuesCount: 5 } },
        });
        const cues = await cuesOf(member.client, versionId, subtitleId);
        expect(cues.map((c) => c.text)).toEqual(['Cue 1', 'Cue 2', 'Cue 3\nsecond line', 'Cue 4', 'Cue 5']);
        expect(cues[1]).toMatchObject({ start: 2000, end: 3500 });
      });

      it('reads WebVTT and ASS too; speakers are kept only with enable_speaker_diarization', async () => {
        const member = await newMember(ctx);
        const versionId = await newVersion(ctx, member);
        const subtitleId = await newSubtitle(member.client, versionId);

        expect(
          (await importFile(member.client, versionId, subtitleId, VTT, { filename: 'a.vtt', diarization: true }))
            .status,
        ).toBe(200);
        expect(await cuesOf(member.client, versionId, subtitleId)).toEqual([
          { start: 1000, end: 3500, text: 'Hello there', speaker: 'Ana' },
          { start: 4000, end: 6000, text: 'General Kenobi', speaker: 'Ben' },
        ]);
        expect((await importFile(member.client, versionId, subtitleId, VTT, { diarization: false })).status).toBe(200);
        expect((await cuesOf(member.client, versionId, subtitleId)).map((c) => c.speaker)).toEqual([
          undefined,
          undefined,
        ]);

        expect((await importFile(member.client, versionId, subtitleId, ASS, { filename: 'a.ass' })).status).toBe(200);
        expect(await cuesOf(member.client, versionId, subtitleId)).toEqual([
          { start: 1000, end: 2500, text: 'First line\nSecond line' },
          { start: 3000, end: 4000, text: 'Next' },
        ]);
      });

      it('decodes UTF-16 and Windows-1252 files, and accepts srt_content as a text field', async () => {
        const member = await newMember(ctx);
        const versionId = await newVersion(ctx, member);
        const subtitleId = await newSubtitle(member.client, versionId);
        const text = '1\n00:00:01,000 --> 00:00:02,000\nCafé “crème” – 5 €\n';

        const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text.replace(/\n/g, '\r\n'), 'utf16le')]);
        expect((await importFile(member.client, versionId, subtitleId, utf16)).status).toBe(200);
        expect((await cuesOf(member.client, versionId, subtitleId))[0].text).toBe('Café “crème” – 5 €');

        const cp1252 = Buffer.from([
          ...Buffer.from('1\r\n00:00:01,000 --> 00:00:02,000\r\nCaf', 'latin1'),
          0xe9,
          0x20,
          0x93,
          0x63,
          0x94,
          0x20,
          0x80,
          0x0d,
          0x0a,
        ]);
        expect((await importFile(member.client, versionId, subtitleId, cp1252)).status).toBe(200);
        expect((await cuesOf(member.client, versionId, subtitleId))[0].text).toBe('Café “c” €');

        const asText = await importFile(member.client, versionId, subtitleId, srtOf(2), { asText: true });
        expect(asText.status).toBe(200);
        expect((await cuesOf(member.client, versionId, subtitleId)).map((c) => c.text)).toEqual(['Cue 1', 'Cue 2']);
      });

      it('refuses a malformed file with 422 naming the line, and the previous cues are all still there', async () => {
        const member = await newMember(ctx);
        const versionId = await newVersion(ctx, member);
        const subtitleId = await newSubtitle(member.client, versionId);
        await importFile(member.client, versionId, subtitleId, srtOf(3));

        // Block 4 of a 6-block file has a broken timing line: line 15 of the file (block 3 has two text lines).
        const broken = srtOf(6).replace('00:00:06,000 --> 00:00:07,500', '00:00:06,000 --> banana');
        expect(broken.split('\n')[14]).toContain('banana');
        const res = await importFile(member.client, versionId, subtitleId, broken);
        expect(res.status).toBe(422);
        expect(res.body.message).toMatch(/^Line 15: /);
        expect(res.body.field).toBe('srt_content');
        expect((await cuesOf(member.client, versionId, subtitleId)).map((c) => c.text)).toEqual([
          'Cue 1',
          'Cue 2',
          'Cue 3\nsecond line',
        ]);

        const notSubtitles = await importFile(member.client, versionId, subtitleId, 'just some words\nand more');
        expect(notSubtitles.status).toBe(422);
        expect(notSubtitles.body.message).toMatch(/^Line 1: /);
        expect(
          (
            await member.client.postMultipart(SUBTITLES_PATHS.importSrt(versionId, subtitleId), {
              fields: { enable_speaker_diarization: 'true' },
            })
          ).status,
        ).toBe(422);
        // A file with no cue (styles only, "WEBVTT" alone) would empty the subtitle: refused. XML nested
        // thousands deep is refused too (it overflowed the reader's stack: a 500).
        for (const empty of [
          'WEBVTT\n',
          `<tt xmlns="http://www.w3.org/ns/ttml"><body>${'<div>'.repeat(4000)}${'</div>'.repeat(4000)}</body></tt>`,
        ]) {
          const refused = await importFile(member.client, versionId, subtitleId, empty);
          expect(refused.status).toBe(422);
          expect(refused.body.message).toMatch(
            /^Line 1: (the file has no subtitles in it|elements are nested more than 100 deep)/,
          );
        }
        expect(await cuesOf(member.client, versionId, subtitleId)).toHaveLength(3);
      });

      it('answers a missing or empty file the same way however it is sent: 422 saying which field, cues kept', async () => {
        const member = await newMember(ctx);
        const versionId = await newVersion(ctx, member);
        const subtitleId = await newSubtitle(member.client, versionId);
        await importFile(member.client, versionId, subtitleId, srtOf(2));
        const path = SUBTITLES_PATHS.importSrt(versionId, subtitleId);
        const missing = {
          'no body at all': await member.client.request('POST', path),
          'a JSON body': await member.client.post(path, {}),
          'a text body': await member.client.request('POST', path, 'hello', {
            headers: { 'content-type': 'text/plain' },
          }),
          'multipart without the file': await member.client.postMultipart(path, {}),
          'the file under another name': await member.client.postMultipart(path, {
            files: [{ field: 'file', filename: 'a.srt', contentType: 'application/x-subrip', content: srtOf(1) }],
          }),
          'an empty file': await importFile(member.client, versionId, subtitleId, ''),
        };
        for (const [how, res] of Object.entries(missing)) {
          expect({ how, status: res.status, body: res.body }).toEqual({
            how,
            status: 422,
            body: {
              statusCode: 422,
              error: 'Unprocessable Entity',
              message: SUBTITLES_SERVER_MESSAGES.fileMissing,
              code: 'invalid',
              field: 'srt_content',
            },
          });
        }
        expect((await cuesOf(member.client, versionId, subtitleId)).map((c) => c.text)).toEqual(['Cue 1', 'Cue 2']);
      });

      it('replaces 100,000 cues in one go', async () => {
        const member = await newMember(ctx);
        const versionId = await newVersion(ctx, member);
        const subtitleId = await newSubtitle(member.client, versionId);
        const res = await importFile(
          member.client,
          versionId,
          subtitleId,
          srtOf(100_000, (i) => `Line ${i}`),
        );
        expect(res.status).toBe(200);
        expect(res.body.data.attributes.cuesCount).toBe(100_000);
        const cues = await cuesOf(member.client, versionId, subtitleId);
        expect(cues).toHaveLength(100_000);
        expect(cues[99_999]).toEqual({ start: 99_999 * 2000, end: 99_999 * 2000 + 1500, text: 'Line 100000' });
      }, 60_000);

      it('keeps other workspaces out: import, list, cues and a subtitle named under another version are 404', async () => {
        const owner = await newMember(ctx);
        const stranger = await newMember(ctx);
        const versionId = await newVersion(ctx, owner);
        const otherVersionId = await newVersion(ctx, owner, 'Other');
        const subtitleId = await newSubtitle(owner.client, versionId);
        await importFile(owner.client, versionId, subtitleId, srtOf(2));

        expect((await importFile(stranger.client, versionId, subtitleId, srtOf(1))).status).toBe(404);
        expect((await stranger.client.get(SUBTITLES_PATHS.subtitles(versionId))).status).toBe(404);
        expect((await stranger.client.get(SUBTITLES_PATHS.cues(versionId, subtitleId))).status).toBe(404);
        expect((await stranger.client.post(SUBTITLES_PATHS.subtitles(versionId), { language: 'de' })).status).toBe(404);
        expect((await importFile(owner.client, otherVersionId, subtitleId, srtOf(1))).status).toBe(404);
        expect(await cuesOf(owner.client, versionId, subtitleId)).toHaveLength(2);
      });
    });

    describe('SUBTITLE_STORE (what the pipeline writes through)', () => {
      it('is provided, creates a subtitle once per language, and replaces cues inside the caller’s transaction', async () => {
        const member = await newMember(ctx);
        const versionId = await newVersion(ctx, member);
        const store = ctx.app.services.get(SUBTITLE_STORE);
        const input = {
          projectVersionId: versionId,
          workspaceId: member.workspaceId,
          language: 'es',
          kind: 'translation' as const,
        };
        const made = await store.ensureSubtitle(ctx.db, input);
        expect((await store.ensureSubtitle(ctx.db, input)).id).toBe(made.id);
        await store.replaceCues(ctx.db, made.id, [{ start: 0, end: 900, text: 'Hola', speaker: 'A' }]);
        await expect(
          ctx.db.transaction(async (tx) => {
            await store.replaceCues(tx, made.id, [{ start: 0, end: 1, text: 'half' }]);
            throw new Error('worker killed');
          }),
        ).rejects.toThrow('worker killed');
        expect(await store.readCues(ctx.db, made.id)).toEqual([{ start: 0, end: 900, text: 'Hola', speaker: 'A' }]);
        expect((await store.listForProjectVersion(ctx.db, versionId)).map((s) => [s.language, s.cuesCount])).toEqual([
          ['es', 1],
        ]);
      });
    });
  },
);
