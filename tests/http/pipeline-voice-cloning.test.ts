import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_PATHS } from '../../plugins/billing/common/billing-contract';
import { PIPELINE_PATHS } from '../../plugins/pipeline/common/pipeline-contract';
import type { DubbedClip } from '../../plugins/pipeline/server/jobs/dubbing-steps';
import { SUBTITLE_STORE } from '../../plugins/subtitles/common/subtitle-store';
import { startVoiceCloningDouble, type VoiceCloningDouble } from '../../server/engines/testing/voice-cloning-double';
import { startTestApp, type TestApp } from '../support/test-app';
import { accountOf } from './billing-test-kit';
import { KNOWN_TEXT, makeSpeechVideo, seedVersionWithVideo, waitForRun, type SpeechVideo } from './pipeline-test-kit';
import { newMember, type Member } from './projects-test-kit';

/**
 * A voice-over in the speaker's own voice, end to end on PGlite with the ElevenLabs-compatible
 * adapter pointed at a local double (VOICE_CLONING_*): the plan is asked first (Free refuses with
 * the upgrade), then on Pro the voice is cloned from the video's speech, every Spanish cue is
 * spoken in it, the voice is forgotten, and the dub is mixed. PGlite only, as the other
 * end-to-end pipeline tests (the run is engine work; the database part is the same as theirs).
 */
const CLONING_ENV = [
  'VOICE_CLONING_ENGINE',
  'VOICE_CLONING_BASE_URL',
  'VOICE_CLONING_API_KEY',
  'VOICE_CLONING_LANGUAGES',
] as const;

describe('pipeline: voice-over with a cloned voice [pglite]', () => {
  let app: TestApp;
  let dir: string;
  let video: SpeechVideo;
  let double: VoiceCloningDouble;
  const savedEnv = Object.fromEntries(CLONING_ENV.map((name) => [name, process.env[name]]));

  beforeAll(async () => {
    double = await startVoiceCloningDouble({ apiKey: 'xi-test' });
    // Read when this process first asks for its engines (engine-registry's defaultEngines).
    Object.assign(process.env, {
      VOICE_CLONING_ENGINE: 'elevenlabs',
      VOICE_CLONING_BASE_URL: double.baseUrl,
      VOICE_CLONING_API_KEY: 'xi-test',
      VOICE_CLONING_LANGUAGES: 'es',
    });
    dir = await mkdtemp(path.join(tmpdir(), 'pipeline-cloning-'));
    [app, video] = await Promise.all([startTestApp('pglite'), makeSpeechVideo(dir, KNOWN_TEXT, 0.3)]);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await double?.close();
    for (const name of CLONING_ENV) {
      if (savedEnv[name] === undefined) delete process.env[name];
      else process.env[name] = savedEnv[name];
    }
    await rm(dir, { recursive: true, force: true });
  });

  const setupCloned = (member: Member, versionId: string) =>
    member.client.put(PIPELINE_PATHS.setupTts, {
      projectVersionIds: [versionId],
      includesTranscript: true,
      workspaceId: member.workspaceId,
      settings: {
        language: 'en',
        subtitleLanguages: [],
        dubbingLanguages: ['es'],
        transcript: KNOWN_TEXT,
        voiceCloning: true,
      },
    });

  async function subscribeToPro(member: Member) {
    const accountId = await accountOf(app.db, member.workspaceId);
    const started = await member.client.post(BILLING_PATHS.startCheckout, { accountId, plan: 'pro' });
    const session = new URL(started.body.redirect_uri, 'http://x').searchParams.get('session')!;
    expect((await member.client.post(BILLING_PATHS.completeLocalCheckout(session), {})).status).toBe(200);
  }

  it("offers cloning in the engine's languages, refuses it on Free with the upgrade, and on Pro dubs in the cloned voice", async () => {
    const member = await newMember(app);
    const { versionId } = await seedVersionWithVideo(
      app.db,
      app.app.storage,
      member.workspaceId,
      video.videoPath,
      'Cloned voice-over',
    );
    const settings = await member.client.get(
      `${PIPELINE_PATHS.showSettings}?workspaceId=${member.workspaceId}&projectVersionIds=${versionId}`,
    );
    expect(settings.body.data.voiceCloningLanguages).toEqual(['es']);

    // Free: the plan is the reason (the web opens the "voice cloning upgrade" popup from it).
    const refused = await setupCloned(member, versionId);
    expect(refused.body).toMatchObject({ statusCode: 402, code: 'plan_limit', field: 'settings.voiceCloning' });
    expect(double.requests).toEqual([]);

    await subscribeToPro(member);
    expect((await setupCloned(member, versionId)).status).toBe(202);
    const info = await waitForRun(member.client, versionId, 150_000);
    expect(info.failure).toBeNull();
    expect(info.hasVoice).toBe(true);

    // One voice made from a WAV of the speaker, every Spanish cue spoken in it, then forgotten.
    const made = double.requests.filter((r) => r.url === '/v1/voices/add');
    expect(made).toHaveLength(1);
    expect(made[0].body.includes(Buffer.from('RIFF'))).toBe(true);
    const spoken = double.requests.filter((r) => r.url.startsWith('/v1/text-to-speech/'));
    const spanish = info.subtitles.find((subtitle) => subtitle.language === 'es')!;
    const cues = (await app.app.services.get(SUBTITLE_STORE).readCues(app.db, spanish.subtitleId)).filter(
      (cue) => cue.text.trim() !== '',
    );
    expect(spoken).toHaveLength(cues.length);
    expect(new Set(spoken.map((r) => r.url))).toEqual(new Set(['/v1/text-to-speech/cloned-1?output_format=pcm_22050']));
    expect(spoken.map((r) => JSON.parse(r.body.toString()).language_code)).toEqual(cues.map(() => 'es'));
    expect(double.requests.at(-1)).toMatchObject({ method: 'DELETE', url: '/v1/voices/cloned-1' });
    expect(double.voices.size).toBe(0);

    // The dub is made of those clips, each inside its cue window.
    const dubbed = await app.db.query<{ clips: Omit<DubbedClip, 'key'>[] }>(
      'SELECT clips FROM pipeline_dubbed_media WHERE project_version_id = $1 AND language = $2',
      [versionId, 'es'],
    );
    expect(dubbed.rows[0].clips).toHaveLength(cues.length);
    expect(info.dubbedMedia.map((media) => media.language)).toEqual(['es']);
  }, 200_000);
});
