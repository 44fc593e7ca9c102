import type { FastifyInstance } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { PROJECT_VERSIONS } from '../../projects/common/project-versions-service';
import { httpError } from '../../../server/plugin-api';
import { SUBTITLE_STORE } from '../../subtitles/common/subtitle-store';
import {
  PIPELINE_PATHS,
  type CurrentProcessingStepResponse,
  type ProcessingInfoResponse,
} from '../common/pipeline-contract';
import { currentStepResponse, dubbedMediaParams, processingInfoResponse, versionParams } from './pipeline-schemas';
import { processingProgress } from './processing-progress';
import { latestRunOfVersion, stepRows } from './run-repository';

const ofVersion = { access: 'member', tenant: { resource: 'projectVersion', id: 'params.projectVersionId' } } as const;
const route = (path: (id: string) => string) => path(':projectVersionId');

/** What the processing page polls, and the dubbed media a finished voice-over run made. */
export function registerProcessingRoutes(app: FastifyInstance): void {
  app.get<{ Params: { projectVersionId: string } }>(
    route(PIPELINE_PATHS.showCurrentProcessingStep),
    {
      config: ofVersion,
      schema: {
        summary: "A version's processing: the current step, its state and the overall progress",
        params: versionParams,
        response: { 200: currentStepResponse },
      },
    },
    async (request): Promise<CurrentProcessingStepResponse> => {
      const run = await latestRunOfVersion(app.db, request.params.projectVersionId);
      if (!run) return { data: null };
      return { data: processingProgress(run, await stepRows(app.db, run.id)) };
    },
  );

  app.get<{ Params: { projectVersionId: string } }>(
    route(PIPELINE_PATHS.showProcessingInfo),
    {
      config: ofVersion,
      schema: {
        summary: "A version's processing in full: steps, subtitles, translations, dubbed media",
        params: versionParams,
        response: { 200: processingInfoResponse },
      },
    },
    async (request): Promise<ProcessingInfoResponse> => {
      const versionId = request.params.projectVersionId;
      const run = await latestRunOfVersion(app.db, versionId);
      if (!run) return { data: null };
      const [rows, version, subtitles, dubbed] = await Promise.all([
        stepRows(app.db, run.id),
        app.services.get(PROJECT_VERSIONS).summary(app.db, versionId),
        app.services.get(SUBTITLE_STORE).listForProjectVersion(app.db, versionId),
        app.db.query<{ language: string; hasVideo: boolean }>(
          'SELECT language, video_key IS NOT NULL AS "hasVideo" FROM pipeline_dubbed_media WHERE run_id = $1 ORDER BY language',
          [run.id],
        ),
      ]);
      const info = version;
      // A version deleted meanwhile: nothing to show (docs/product-contract.md#validation: a missing processing info is an empty case).
      if (!info) return { data: null };
      return {
        data: {
          ...processingProgress(run, rows),
          projectVersionDuration: (run.mediaDurationMs ?? info.durationMs) / 1000,
          projectTitle: info.title,
          projectId: info.projectId,
          subtitleId: run.transcriptSubtitleId,
          guidelineId: run.settings.guidelineId ?? null,
          hasVoice: run.kind === 'tts',
          subtitles: subtitles.map((subtitle) => ({
            subtitleId: subtitle.id,
            language: subtitle.language,
            kind: subtitle.kind,
          })),
          translations: rows
            .filter((row) => row.step === 'translation' && row.state === 'done' && row.output)
            .map((row) => ({
              language: row.part,
              cues: row.output.cues ?? 0,
              flaggedCues: row.output.flaggedCues ?? 0,
              terms: row.output.terms ?? { occurrences: 0, honoured: 0 },
              termsFixed: row.output.termsFixed ?? [],
            })),
          dubbedMedia: dubbed.rows.map((row) => ({
            language: row.language,
            audioUrl: PIPELINE_PATHS.dubbedMedia(versionId, row.language, 'audio'),
            videoUrl: row.hasVideo ? PIPELINE_PATHS.dubbedMedia(versionId, row.language, 'video') : null,
          })),
        },
      };
    },
  );

  app.get<{ Params: { projectVersionId: string; language: string; kind: 'audio' | 'video' } }>(
    PIPELINE_PATHS.dubbedMedia(':projectVersionId', ':language', 'audio').replace(/audio$/, ':kind'),
    {
      config: ofVersion,
      schema: {
        summary: "Download a voice-over run's dubbed audio or video in one language",
        params: dubbedMediaParams,
      },
    },
    async (request, reply) => {
      const { projectVersionId, language, kind } = request.params;
      const { rows } = await app.db.query<{ key: string | null }>(
        `SELECT ${kind === 'audio' ? 'audio_key' : 'video_key'} AS key FROM pipeline_dubbed_media WHERE project_version_id = $1 AND language = $2 ORDER BY run_id DESC LIMIT 1`,
        [projectVersionId, language],
      );
      const stored = rows[0]?.key ? await app.storage.get(rows[0].key) : null;
      if (!stored) throw httpError(404, 'not_found', 'There is no dubbed media in this language yet');
      reply.header('content-type', stored.contentType).header('content-length', stored.size);
      reply.header(
        'content-disposition',
        contentDisposition(`voice-over-${language}.${kind === 'audio' ? 'm4a' : 'mp4'}`, { type: 'inline' }),
      );
      return reply.send(stored.stream);
    },
  );
}
