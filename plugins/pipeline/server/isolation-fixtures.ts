import { defineIsolationFixtures } from '../../../server/plugin-api';

/**
 * The isolation sweep's rows of the pipeline: a finished voice-over run of the seeded version with
 * a dubbed track (so the owner can fetch it). The version's stored file comes with the projects
 * plugin's rows, so the owner's set-up is accepted (the run then fails fast on a file that is not media).
 */
export default defineIsolationFixtures({
  after: ['projects', 'subtitles'],
  async seed({ db, storage, workspaceId, ownerUserId, ids }) {
    if (!storage) return {};
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO pipeline_runs (project_version_id, workspace_id, user_id, kind, settings, steps, state, transcript_subtitle_id)
       VALUES ($1, $2, $3, 'tts', '{"language":"en","subtitleLanguages":["es"],"dubbingLanguages":["es"]}', ARRAY['finish'], 'done', $4) RETURNING id::text AS id`,
      [ids.projectVersionId, workspaceId, ownerUserId, ids.subtitleId],
    );
    const audioKey = `dubbed/${workspaceId}/${ids.projectVersionId}/${rows[0].id}-en.m4a`;
    await storage.put(audioKey, Buffer.from('sweep audio'), 'audio/mp4');
    await db.query(
      `INSERT INTO pipeline_dubbed_media (run_id, project_version_id, language, audio_key, video_key) VALUES ($1, $2, 'en', $3, $3)`,
      [rows[0].id, ids.projectVersionId, audioKey],
    );
    return {};
  },
  // Set-up languages this installation handles (en speech, en -> es translation, es voice).
  textValues: { subtitleLanguage: 'es', dubbingLanguage: 'es' },
  // Workspace resources of other plugins (vocabularies, guidelines, term bases), which may be absent.
  optionalIds: ['vocabularyListId', 'guidelineId', 'termbaseId'],
});
