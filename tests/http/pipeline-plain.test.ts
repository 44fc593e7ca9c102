import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReadingRules } from '../../plugins/pipeline/server/craft/index';
import { PIPELINE_PATHS, type ProjectVersionSettings } from '../../plugins/pipeline/common/pipeline-contract';
import { SUBTITLE_STORE } from '../../plugins/subtitles/common/subtitle-store';
import { startTestApp, type TestApp } from '../support/test-app';
import { newMember, type Member } from './projects-test-kit';
import { listOutbox } from '../../server/mail/outbox';
import { runProcess } from '../../server/plugin-api';
import {
  KNOWN_TEXT,
  makeSpeechVideo,
  seedVersionWithVideo,
  waitForRun,
  wordsOf,
  type SpeechVideo,
} from './pipeline-test-kit';

/**
 * The plain pipeline end to end on PGlite with the embedded engines: a generated video speaking
 * a known English text becomes an English subtitle that follows the reading rules and a Spanish
 * translation sentence by sentence, fitted back over the speech.
 */
describe('pipeline: plain subtitles and a translation [pglite]', () => {
  let app: TestApp;
  let dir: string;
  let video: SpeechVideo;
  let member: Member;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pipeline-plain-'));
    [app, video] = await Promise.all([startTestApp('pglite'), makeSpeechVideo(dir)]);
    member = await newMember(app);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('offers the languages the installed engines handle and refuses the others by name', async () => {
    const { versionId } = await seedVersionWithVideo(
      app.db,
      app.app.storage,
      member.workspaceId,
      video.videoPath,
      'Languages',
    );
    const res = await member.client.get(
      `${PIPELINE_PATHS.showSettings}?workspaceId=${member.workspaceId}&projectVersionIds=${versionId}`,
    );
    expect(res.status).toBe(200);
    const settings = res.body.data as ProjectVersionSettings;
    expect(settings.languagesForVideos).toContain('en');
    expect(settings.translationLanguages.en).toContain('es');
    expect(settings.translationLanguages.en).not.toContain('de');
    expect(settings.elements).toEqual([expect.objectContaining({ projectVersionId: versionId, downloading: false })]);
    expect(settings.duration).toBeGreaterThan(10);

    const refused = await member.client.put(PIPELINE_PATHS.setup, {
      projectVersionIds: [versionId],
      includesTranscript: false,
      workspaceId: member.workspaceId,
      settings: { language: 'en', subtitleLanguages: ['de'] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('No engine here translates from en to de');
    const noRun = await member.client.get(PIPELINE_PATHS.showProcessingInfo(versionId));
    expect(noRun.body).toEqual({ data: null });
  });

  it('a video whose audio track has no samples fails at once with a sentence, and can be set up again', async () => {
    const empty = path.join(dir, 'empty-audio.mkv');
    await runProcess('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=3:size=160x120:rate=25',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=44100:cl=stereo',
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-t',
      '3',
      '-frames:a',
      '0',
      empty,
    ]);
    const { versionId } = await seedVersionWithVideo(app.db, app.app.storage, member.workspaceId, empty, 'Empty audio');
    const setUp = () =>
      member.client.put(PIPELINE_PATHS.setup, {
        projectVersionIds: [versionId],
        includesTranscript: false,
        workspaceId: member.workspaceId,
        settings: { language: 'en', subtitleLanguages: [] },
      });
    expect((await setUp()).status).toBe(202);
    const info = await waitForRun(member.client, versionId, 60_000);
    expect(info).toMatchObject({
      state: 'failed',
      failure: { message: 'The audio track is empty: there is no sound to make subtitles from' },
    });
    expect((await setUp()).status).toBe(202);
  });

  it('turns the speech into reading-rule cues and a Spanish translation, once', async () => {
    const { versionId } = await seedVersionWithVideo(
      app.db,
      app.app.storage,
      member.workspaceId,
      video.videoPath,
      'Plain run',
    );
    const countBefore = (
      await app.db.query<{ n: number }>(
        'SELECT number_of_projects_successfully_created AS n FROM users WHERE id = $1',
        [member.userId],
      )
    ).rows[0].n;
    const started = Date.now();
    const res = await member.client.put(PIPELINE_PATHS.setup, {
      projectVersionIds: [versionId],
      includesTranscript: false,
      workspaceId: member.workspaceId,
      settings: { language: 'en', subtitleLanguages: ['es'] },
    });
    expect(res.status).toBe(202);
    expect(Date.now() - started).toBeLessThan(3000); // the reply does not wait for processing
    expect(res.body.editorUrl).toBeUndefined();
    const again = await member.client.put(PIPELINE_PATHS.setup, {
      projectVersionIds: [versionId],
      includesTranscript: false,
      workspaceId: member.workspaceId,
      settings: { language: 'en', subtitleLanguages: ['es'] },
    });
    expect(again.status).toBe(409);

    const seen = new Set<string>();
    const info = await waitForRun(member.client, versionId, 90_000, seen);
    expect(info.failure).toBeNull();
    expect(info.state).toBe('done');
    expect(info.progress).toBe(1);
    expect(info.allProcessingSteps).toEqual([
      'fetch_media',
      'probe',
      'extract_audio',
      'speech_to_text',
      'segmentation',
      'translation',
      'finish',
    ]);
    expect(info.projectVersionDuration).toBeGreaterThan(10);
    // The projects list says what happened (its status column): done, and in which languages.
    const listed = (
      await member.client.get(`/api/v1/project_versions?workspaceId=${member.workspaceId}`)
    ).body.data.find((v: any) => v.id === versionId).attributes;
    expect(listed.processing).toMatchObject({ kind: 'plain', state: 'done', progress: 1, failure: null, dubbed: [] });
    expect(listed.subtitles.map((s: any) => s.attributes.language)).toEqual(['en', 'es']);

    const store = app.app.services.get(SUBTITLE_STORE);
    const english = await store.readCues(app.db, info.subtitleId);
    expect(english.length).toBeGreaterThan(2);
    const reports = checkReadingRules(
      english.map((cue) => ({ start: cue.start, end: cue.end, lines: cue.text.split('\n') })),
      { language: 'en' },
    );
    expect(reports.filter((report) => report.violations.length > 0)).toEqual([]);
    const heard = new Set(english.flatMap((cue) => wordsOf(cue.text)));
    const known = [...new Set(wordsOf(KNOWN_TEXT))].filter((word) => word.length > 3);
    const recognised = known.filter((word) => heard.has(word));
    expect(recognised.length / known.length).toBeGreaterThan(0.3);

    const spanish = info.subtitles.find((subtitle) => subtitle.language === 'es');
    expect(spanish?.kind).toBe('translation');
    const spanishCues = await store.readCues(app.db, spanish!.subtitleId);
    // Translated by sentence and fitted back over the speech: in order, apart, within the speech
    // (a cue may come in a moment early), and the run's report counts the cues left to fix.
    expect(spanishCues.length).toBeGreaterThan(0);
    expect(spanishCues[0]!.start).toBeGreaterThanOrEqual(english[0]!.start - 400);
    expect(spanishCues.at(-1)!.end).toBeLessThanOrEqual(info.projectVersionDuration * 1000);
    spanishCues
      .slice(1)
      .forEach((cue, index) => expect(cue.start - spanishCues[index]!.end).toBeGreaterThanOrEqual(80));
    expect(spanishCues.every((cue) => cue.text.trim().length > 0)).toBe(true);
    const spanishReports = checkReadingRules(
      spanishCues.map((cue) => ({ start: cue.start, end: cue.end, lines: cue.text.split('\n') })),
      { language: 'es' },
    );
    expect(info.translations).toEqual([
      {
        language: 'es',
        cues: spanishCues.length,
        flaggedCues: spanishReports.filter((report) => report.violations.length > 0).length,
        terms: { occurrences: 0, honoured: 0 },
        termsFixed: [],
      },
    ]);
    expect(spanishCues.map((cue) => cue.text).join(' ')).not.toBe(english.map((cue) => cue.text).join(' '));

    const countAfter = (
      await app.db.query<{ n: number }>(
        'SELECT number_of_projects_successfully_created AS n FROM users WHERE id = $1',
        [member.userId],
      )
    ).rows[0].n;
    expect(countAfter).toBe(countBefore + 1);
    await expect(stat(path.join(app.config.dataDir, 'work'))).resolves.toBeDefined();
    const runs = await app.db.query<{ id: string }>(
      'SELECT id::text AS id FROM pipeline_runs WHERE project_version_id = $1',
      [versionId],
    );
    // Work files are cleaned right after the run is marked done: give that a moment.
    await expect
      .poll(
        () =>
          stat(path.join(app.config.dataDir, 'work', runs.rows[0].id)).then(
            () => 'present',
            () => 'removed',
          ),
        { timeout: 10_000 },
      )
      .toBe('removed');

    // The promised mail: "You'll get an email once it's ready", with a link to the processing page.
    const ready = await waitForReadyMail(path.join(app.config.dataDir, 'outbox'), 'Plain run');
    expect(ready.links.some((link) => link.includes(`/processing?projectVersionId=${versionId}`))).toBe(true);

    const settings = await member.client.get(
      `${PIPELINE_PATHS.showSettings}?workspaceId=${member.workspaceId}&projectVersionIds=${versionId}`,
    );
    expect(settings.body.data.lastUsedSettings).toMatchObject({ language: 'en', subtitleLanguages: ['es'] });
    expect(settings.body.data.language).toBe('en');
  }, 120_000);
});

async function waitForReadyMail(outboxDir: string, title: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await listOutbox(outboxDir)).find((m) => m.subject === `Your project "${title}" is ready`);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No "ready" mail for ${title}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
