import type { FastifyInstance } from 'fastify';
import { tenantOf, languageCapabilities, httpError } from '../../../server/plugin-api';
import {
  PIPELINE_ERRORS,
  PIPELINE_PATHS,
  type ProjectVersionSettingsResponse,
  type RunKind,
} from '../common/pipeline-contract';
import { settingsQuery, settingsResponse } from './pipeline-schemas';
import { setupAllowancesOf } from './setup-policy';
import { lastUsedSettings, latestSettingsOf, versionsInWorkspace } from './version-queries';

interface SettingsQuerystring {
  workspaceId: string;
  projectVersionIds: string[];
}

const splitIds = (values: string[]) => [...new Set(values.flatMap((value) => value.split(',')))];

/** GET show_settings and show_settings_tts: what the set-up popups offer and preselect. */
export function registerSettingsRoutes(app: FastifyInstance): void {
  const route = (path: string, kind: RunKind) =>
    app.get<{ Querystring: SettingsQuerystring }>(
      path,
      {
        config: { access: 'member', tenant: { workspace: 'query.workspaceId' } },
        schema: {
          summary:
            kind === 'tts'
              ? 'What the voice-over set-up offers and preselects for project versions: languages, minutes left'
              : 'What the set-up offers and preselects for project versions: languages, minutes left',
          querystring: settingsQuery,
          response: { 200: settingsResponse },
        },
      },
      async (request): Promise<ProjectVersionSettingsResponse> => {
        const workspaceId = tenantOf(request).workspaceId!;
        const ids = splitIds(request.query.projectVersionIds);
        const versions = await versionsInWorkspace(app.services, app.db, workspaceId, ids);
        if (versions.length !== ids.length) {
          throw httpError(
            404,
            PIPELINE_ERRORS.projectVersionNotFound.code,
            PIPELINE_ERRORS.projectVersionNotFound.message,
            'projectVersionIds',
          );
        }
        const [capabilities, lastUsed, latest, allowances] = await Promise.all([
          languageCapabilities(),
          lastUsedSettings(app.db, request.currentUser!.id, kind),
          latestSettingsOf(app.db, ids),
          // What other plugins allow (the billing plugin: minutes left this month, translations a
          // run for the popup's hint; the plan still refuses more at set-up). Null: no limit.
          setupAllowancesOf(app, workspaceId),
        ]);
        const preselected = latest?.settings ?? lastUsed;
        return {
          data: {
            duration: versions.reduce((sum, version) => sum + version.durationMs, 0) / 1000,
            language: preselected?.language ?? null,
            subtitleLanguages: preselected?.subtitleLanguages ?? [],
            hasAudioSeparation: false,
            subscriptionSubtitlesLength: allowances.secondsAllowed,
            targetLanguagesAllowed: allowances.targetLanguagesAllowed,
            hasVoice: latest?.hasVoice ?? false,
            ...capabilities,
            lastUsedSettings: lastUsed,
            elements: versions
              .filter((version) => version.elementId !== null)
              .map((version) => ({
                elementId: version.elementId!,
                duration: version.elementDurationMs / 1000,
                projectVersionId: version.id,
                downloading: version.elementState === 'downloading',
                size: version.sizeBytes,
              })),
          },
        };
      },
    );
  route(PIPELINE_PATHS.showSettings, 'plain');
  route(PIPELINE_PATHS.showSettingsTts, 'tts');
}
