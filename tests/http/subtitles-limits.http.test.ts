import { expect, it } from 'vitest';
import { MAX_CUE_TEXT_LENGTH, MAX_CUES, SUBTITLES_PATHS } from '../../plugins/subtitles/common/subtitles-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember } from './projects-test-kit';
import { cuesOf, importFile, newSubtitle, newVersion, srtOf } from './subtitles-test-kit';

/**
 * Issue 22: one cue limit and one cue-text limit for import, editor and API. An import used to
 * accept 600,000 cues (or a single 19 MB cue) that the editor then could never save again.
 */
describeOnBothDatabases('subtitles: one cue limit and one cue-text limit for import and the editor', (ctx) => {
  it('refuses a file of more cues than a subtitle holds with a 422 naming the limit, and keeps the cues', async () => {
    const member = await newMember(ctx);
    const versionId = await newVersion(ctx, member);
    const subtitleId = await newSubtitle(member.client, versionId);
    await importFile(member.client, versionId, subtitleId, srtOf(2));

    const res = await importFile(
      member.client,
      versionId,
      subtitleId,
      srtOf(MAX_CUES + 1, (i) => `L${i}`),
    );
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'too_many_cues',
      field: 'srt_content',
      message: 'The file has 100,001 cues; a subtitle holds at most 100,000',
    });
    expect((await cuesOf(member.client, versionId, subtitleId)).map((cue) => cue.text)).toEqual(['Cue 1', 'Cue 2']);
  }, 120_000);

  it('refuses a cue longer than the editor’s 10,000 characters naming the cue; one at the limit imports and saves back', async () => {
    const member = await newMember(ctx);
    const versionId = await newVersion(ctx, member);
    const subtitleId = await newSubtitle(member.client, versionId);

    const tooLong = await importFile(
      member.client,
      versionId,
      subtitleId,
      srtOf(3, (i) => (i === 2 ? 'é'.repeat(MAX_CUE_TEXT_LENGTH + 1) : `Cue ${i}`)),
    );
    expect(tooLong.status).toBe(422);
    expect(tooLong.body).toMatchObject({
      code: 'cue_text_too_long',
      message: 'Cue 2 (at 00:00:02) has 10,001 characters; a cue holds at most 10,000',
    });

    const atLimit = await importFile(
      member.client,
      versionId,
      subtitleId,
      srtOf(3, (i) => (i === 2 ? 'é'.repeat(MAX_CUE_TEXT_LENGTH) : `Cue ${i}`)),
    );
    expect(atLimit.status).toBe(200);
    const cues = await cuesOf(member.client, versionId, subtitleId);
    expect(cues[1].text).toHaveLength(MAX_CUE_TEXT_LENGTH);
    // What an import makes, the editor can save again.
    const saved = await member.client.put(SUBTITLES_PATHS.cues(versionId, subtitleId), {
      revision: atLimit.body.data.attributes.revision,
      cues,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.cues).toEqual(cues);
  });

  it('refuses a cue timed past what a subtitle holds (596 hours) with a 422 naming the cue, not a 500', async () => {
    const member = await newMember(ctx);
    const versionId = await newVersion(ctx, member);
    const subtitleId = await newSubtitle(member.client, versionId);
    await importFile(member.client, versionId, subtitleId, srtOf(2));
    for (const [hours, shown] of [
      ['1000', '1000:00:01,000'],
      ['99999999999999999999', /^\d{15,}:\d\d:\d\d,\d{3}$/],
    ] as const) {
      const far = `${srtOf(2)}\n3\n${hours}:00:00,000 --> ${hours}:00:01,000\nFar away\n`;
      const res = await importFile(member.client, versionId, subtitleId, far);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'time_out_of_range', field: 'srt_content' });
      const [, time] = /^Cue 3 ends at (\S+); /.exec(res.body.message) ?? [];
      expect(time).toMatch(shown);
      expect(res.body.message).toContain('596:31:23,647');
    }
    expect((await cuesOf(member.client, versionId, subtitleId)).map((cue) => cue.text)).toEqual(['Cue 1', 'Cue 2']);
  });

  it('a file with control characters or a very long speaker name imports as the editor can save it again', async () => {
    const member = await newMember(ctx);
    const versionId = await newVersion(ctx, member);
    const subtitleId = await newSubtitle(member.client, versionId);
    // Bytes old tools leave in text (a bell, ESC, a form feed, a vertical tab), a surrogate escape
    // and a voice name longer than the editor's 200 characters: players show none of it.
    const name = 'N'.repeat(250);
    const vtt = `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v ${name}>Ring\u0007 the\u001b bell\u000cnow\u000bplease &#xD800;\n`;
    const imported = await importFile(member.client, versionId, subtitleId, vtt, { diarization: true });
    expect(imported.status).toBe(200);
    const cues = await cuesOf(member.client, versionId, subtitleId);
    expect(cues).toEqual([
      { start: 1000, end: 2000, text: 'Ring the bell now please \ufffd', speaker: 'N'.repeat(200) },
    ]);
    const saved = await member.client.put(SUBTITLES_PATHS.cues(versionId, subtitleId), {
      revision: imported.body.data.attributes.revision,
      cues,
    });
    expect(saved.status).toBe(200);
  });

  it('refuses an editor save over either limit with a 400 naming the field', async () => {
    const member = await newMember(ctx);
    const versionId = await newVersion(ctx, member);
    const subtitleId = await newSubtitle(member.client, versionId);
    const put = (cues: unknown[]) =>
      member.client.put(SUBTITLES_PATHS.cues(versionId, subtitleId), { revision: 0, cues });
    const long = await put([{ start: 0, end: 1, text: 'x'.repeat(MAX_CUE_TEXT_LENGTH + 1) }]);
    expect(long.status).toBe(400);
    expect(long.body.field).toBe('cues.0.text');
    const many = await put(Array.from({ length: MAX_CUES + 1 }, (_, i) => ({ start: i, end: i, text: '' })));
    expect(many.status).toBe(400);
    expect(many.body).toMatchObject({ code: 'too_many_cues', field: 'cues' });
    const control = await put([{ start: 0, end: 1, text: 'bell \u0007' }]);
    expect(control.status).toBe(400);
    expect(control.body.code).toBe('invalid_characters');
  }, 60_000);
});
