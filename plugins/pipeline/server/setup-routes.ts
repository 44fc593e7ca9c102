import type { FastifyInstance } from 'fastify';
import { tenantOf, languageCapabilities, httpError } from '../../../server/plugin-api';
import { SUBTITLE_STORE } from '../../subtitles/common/subtitle-store';
import {
  editorUrl,
  fillMessage,
  PIPELINE_ERRORS,
  PIPELINE_PATHS,
  type RunKind,
  type SetupRequest,
  type SetupResponse,
  type SetupRun,
  type SetupTtsRequest,
} from '../common/pipeline-contract';
import { scheduleWatchdog } from './jobs/watchdog-job';
import { enqueueParts } from './jobs/step-queue';
import { setupRequestBody, setupResponse, setupTtsRequestBody } from './pipeline-schemas';
import { activeRunVersions, insertRun } from './run-repository';
import { normalizeSettings, setupProblem, voiceCloningProblem } from './setup-validation';
import { rememberSettings, versionsInWorkspace } from './version-queries';
import { PROJECT_VERSIONS } from '../../projects/common/project-versions-service';
import { missingResource } from './workspace-resources';
import { refuseSetup } from './setup-policy';

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * PUT setup and setup_tts: checks the settings against what this installation can do, creates
 * one run per version (its transcript subtitle made at once, so the editor URL is known) and
 * queues the first step. The reply does not wait for any processing.
 */
export function registerSetupRoutes(app: FastifyInstance): void {
  const route = (path: string, kind: RunKind, body: object) =>
    app.put<{ Body: SetupRequest | SetupTtsRequest }>(
      path,
      {
        config: { access: 'member', tenant: { workspace: 'body.workspaceId' } },
        schema: {
          summary:
            kind === 'tts'
              ? 'Set up project versions for subtitles and a voice-over: starts their processing (202)'
              : 'Set up project versions for subtitles (transcript, translations): starts their processing (202)',
          body,
          response: { 202: setupResponse },
        },
      },
      async (request, reply): Promise<SetupResponse> => {
        const workspaceId = tenantOf(request).workspaceId!;
        const userId = request.currentUser!.id;
        const { projectVersionIds, includesTranscript } = request.body;
        const settings = normalizeSettings(kind, includesTranscript, request.body.settings);
        const voiceCloning =
          kind === 'tts' && (request.body.settings as SetupTtsRequest['settings']).voiceCloning === true;
        const capabilities = await languageCapabilities();
        const problem = setupProblem(kind, projectVersionIds.length, settings, capabilities);
        if (problem) throw httpError(problem.status, problem.code, problem.message, problem.field);
        const missing = await missingResource(app.services, app.db, workspaceId, settings);
        if (missing)
          throw httpError(
            422,
            PIPELINE_ERRORS.resourceNotFound.code,
            fillMessage(PIPELINE_ERRORS.resourceNotFound.message, { resource: missing }),
            'settings',
          );

        const versions = await versionsInWorkspace(app.services, app.db, workspaceId, projectVersionIds);
        if (versions.length !== projectVersionIds.length) {
          throw httpError(
            404,
            PIPELINE_ERRORS.projectVersionNotFound.code,
            PIPELINE_ERRORS.projectVersionNotFound.message,
            'projectVersionIds',
          );
        }
        const notReady = versions.find((version) => version.elementState !== 'ready' || !version.storageKey);
        if (notReady)
          throw httpError(
            409,
            PIPELINE_ERRORS.mediaNotReady.code,
            fillMessage(PIPELINE_ERRORS.mediaNotReady.message, { title: notReady.title }),
          );
        // What other plugins refuse (the billing plugin's plans, through setupGuards): before anything is written.
        const refusal = await refuseSetup(app, {
          workspaceId,
          kind,
          mediaSeconds:
            versions.reduce((sum, version) => sum + (version.elementDurationMs || version.durationMs), 0) / 1000,
          targetLanguages: settings.subtitleLanguages.length,
          voiceOvers: settings.dubbingLanguages.length * versions.length,
          voiceCloning,
        });
        if (refusal) throw httpError(402, refusal.code, refusal.message, refusal.field);
        const cloningProblem = voiceCloningProblem(settings, capabilities);
        if (cloningProblem)
          throw httpError(cloningProblem.status, cloningProblem.code, cloningProblem.message, cloningProblem.field);
        const active = await activeRunVersions(app.db, projectVersionIds);
        const busy = versions.find((version) => active.has(version.id));
        if (busy)
          throw httpError(
            409,
            PIPELINE_ERRORS.alreadyProcessing.code,
            fillMessage(PIPELINE_ERRORS.alreadyProcessing.message, { title: busy.title }),
          );

        const store = app.services.get(SUBTITLE_STORE);
        const versionsOf = app.services.get(PROJECT_VERSIONS);
        let runs: SetupRun[];
        try {
          runs = await app.db.transaction(async (tx) => {
            const created: SetupRun[] = [];
            for (const version of versions) {
              const subtitle = await store.ensureSubtitle(tx, {
                projectVersionId: version.id,
                workspaceId,
                language: settings.language,
                kind: 'transcript',
              });
              const runId = await insertRun(tx, {
                projectVersionId: version.id,
                workspaceId,
                userId,
                kind,
                settings,
                transcriptSubtitleId: subtitle.id,
              });
              await versionsOf.setProcessing(tx, version.id, 'fetch_media', 'queued');
              created.push({ projectVersionId: version.id, runId, subtitleId: subtitle.id });
            }
            await rememberSettings(tx, userId, kind, settings);
            return created;
          });
        } catch (error) {
          // Two set-ups of the same version at once: the unique index on active runs lets one through.
          if (isUniqueViolation(error))
            throw httpError(
              409,
              PIPELINE_ERRORS.alreadyProcessing.code,
              fillMessage(PIPELINE_ERRORS.alreadyProcessing.message, { title: versions[0].title }),
            );
          throw error;
        }
        for (const run of runs) {
          await enqueueParts(app.db, app.jobs, run.runId, 'fetch_media');
          await scheduleWatchdog(app.jobs, run.runId);
        }
        reply.code(202);
        const first = runs[0];
        const firstVersion = versions.find((version) => version.id === first.projectVersionId)!;
        return {
          data: runs,
          ...(includesTranscript
            ? { editorUrl: editorUrl(firstVersion.projectId, first.projectVersionId, first.subtitleId) }
            : {}),
        };
      },
    );
  route(PIPELINE_PATHS.setup, 'plain', setupRequestBody);
  route(PIPELINE_PATHS.setupTts, 'tts', setupTtsRequestBody);
}
