import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIPELINE_PATHS, editorUrl } from '../../plugins/pipeline/common/pipeline-contract';
import { meanVolumeDb } from '../../plugins/pipeline/server/craft/media-tools';
import { CLIP_TOLERANCE_MS } from '../../plugins/pipeline/server/craft/isochrony';
import type { DubbedClip } from '../../plugins/pipeline/server/jobs/dubbing-steps';
import { SUBTITLE_STORE } from '../../plugins/subtitles/common/subtitle-store';
import { startTestApp, type TestApp } from '../support/test-app';
import { newMember, type Member } from './projects-test-kit';
import { KNOWN_TEXT, makeSpeechVideo, seedVersionWithVideo, waitForRun, type SpeechVideo } from './pipeline-test-kit';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * A voice-over with the user's own transcript, end to end on PGlite: the transcript is aligned
 * (word timings near the truth), translated to Spanish, spoken by espeak-ng fitted to each cue,
 * and laid over the ducked original as a dubbed track and video.
 */
describe('pipeline: voice-over with a transcript [pglite]', () => {
  let app: TestApp;
  let dir: string;
  let video: SpeechVideo;
  let member: Member;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pipeline-dubbing-'));
    [app, video] = await Promise.all([startTestApp('pglite'), makeSpeechVideo(dir, KNOWN_TEXT, 0.3)]);
    member = await newMember(app);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('aligns the transcript, dubs it into Spanish inside each cue window and mixes it over the original', async () => {
    const { projectId, versionId } = await seedVersionWithVideo(
      app.db,
      app.app.storage,
      member.workspaceId,
      video.videoPath,
      'Voice-over',
    );
    const res = await member.client.put(PIPELINE_PATHS.setupTts, {
      projectVersionIds: [versionId],
      includesTranscript: true,
      workspaceId: member.workspaceId,
      settings: { language: 'en', subtitleLanguages: [], dubbingLanguages: ['es'], transcript: KNOWN_TEXT },
    });
    expect(res.status).toBe(202);
    const subtitleId = res.body.data[0].subtitleId as string;
    expect(res.body.editorUrl).toBe(editorUrl(projectId, versionId, subtitleId));

    const info = await waitForRun(member.client, versionId, 120_000);
    expect(info.failure).toBeNull();
    expect(info.allProcessingSteps).toEqual([
      'fetch_media',
      'probe',
      'extract_audio',
      'alignment',
      'segmentation',
      'translation',
      'synthesis',
      'mixing',
      'finish',
    ]);
    expect(info.hasVoice).toBe(true);

    // Alignment: one timed word per transcript word, near where espeak really said it.
    const aligned = await app.db.query<{ words: { text: string; start: number; end: number }[] }>(
      `SELECT s.output->'words' AS words FROM pipeline_steps s JOIN pipeline_runs r ON r.id = s.run_id WHERE r.project_version_id = $1 AND s.step = 'alignment'`,
      [versionId],
    );
    const words = aligned.rows[0].words;
    expect(words.map((word) => word.text)).toEqual(video.words.map((word) => word.text));
    const errors = words.map((word, index) => Math.abs(word.start - video.words[index].start));
    expect(median(errors)).toBeLessThan(120);

    // The transcript subtitle holds the user's words, not a recognition of them.
    const cues = await app.app.services.get(SUBTITLE_STORE).readCues(app.db, subtitleId);
    expect(cues.map((cue) => cue.text.replace(/\n/g, ' ')).join(' ')).toBe(KNOWN_TEXT);

    // Dubbing: every clip ends inside its cue window.
    const dubbed = await app.db.query<{ clips: Omit<DubbedClip, 'key'>[] }>(
      'SELECT clips FROM pipeline_dubbed_media WHERE project_version_id = $1 AND language = $2',
      [versionId, 'es'],
    );
    const clips = dubbed.rows[0].clips;
    const spanish = info.subtitles.find((subtitle) => subtitle.language === 'es')!;
    expect(clips.length).toBe((await app.app.services.get(SUBTITLE_STORE).readCues(app.db, spanish.subtitleId)).length);
    for (const clip of clips) expect(clip.durationMs).toBeLessThanOrEqual(clip.windowMs + CLIP_TOLERANCE_MS);

    // The dubbed track and video can be fetched; where the voice speaks the mix is louder than the
    // original (recorded about 10 dB under full scale), and in the pauses the original comes back.
    expect(info.dubbedMedia).toEqual([
      {
        language: 'es',
        audioUrl: PIPELINE_PATHS.dubbedMedia(versionId, 'es', 'audio'),
        videoUrl: PIPELINE_PATHS.dubbedMedia(versionId, 'es', 'video'),
      },
    ]);
    const audio = await app.app.inject({
      method: 'GET',
      url: info.dubbedMedia[0].audioUrl,
      cookies: Object.fromEntries(member.client.cookies),
    });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mp4');
    expect(audio.headers['content-disposition']).toBe('inline; filename=voice-over-es.m4a');
    const dubbedPath = path.join(dir, 'dubbed.m4a');
    await writeFile(dubbedPath, audio.rawPayload);
    const videoRes = await app.app.inject({
      method: 'GET',
      url: info.dubbedMedia[0].videoUrl!,
      cookies: Object.fromEntries(member.client.cookies),
    });
    expect(videoRes.statusCode).toBe(200);
    expect(videoRes.rawPayload.length).toBeGreaterThan(10_000);

    let louder = 0;
    for (const clip of clips) {
      const from = clip.startMs + 50;
      const to = clip.startMs + Math.max(100, clip.durationMs - 50);
      const mixed = await meanVolumeDb(dubbedPath, from, to);
      const original = await meanVolumeDb(video.videoPath, from, to);
      if (mixed.mean > original.mean) louder++;
    }
    expect(louder / clips.length).toBeGreaterThanOrEqual(0.8);
    const lastEnd = Math.max(...clips.map((clip) => clip.startMs + clip.durationMs));
    if (video.durationMs - lastEnd > 400) {
      const tailMixed = await meanVolumeDb(dubbedPath, lastEnd + 250, video.durationMs);
      const tailOriginal = await meanVolumeDb(video.videoPath, lastEnd + 250, video.durationMs);
      expect(Math.abs(tailMixed.mean - tailOriginal.mean)).toBeLessThan(6);
    }
  }, 180_000);
});
