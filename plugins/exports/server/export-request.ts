import { languageName } from '../../../core/common/language-name';
import { httpError, type Queryable, type ServiceRegistry, type Storage } from '../../../server/plugin-api';
import { DUBBED_MEDIA } from '../../pipeline/common/pipeline-services';
import { PROJECT_VERSIONS } from '../../projects/common/project-versions-service';
import { SUBTITLE_STORE } from '../../subtitles/common/subtitle-store';
import { EXPORT_THEME_LOOKUP } from '../../subtitles/common/burn-in-theme';
import { EXPORTS_MESSAGES as MESSAGES, type CreateExportationRequest } from '../common/exports-contract';
import type { ExportOptions } from './exportation-repository';

/**
 * Other plugins' services, each undefined when that plugin is not installed (its kinds of export
 * are then refused). The exports plugin `uses` all four (its definition): none is required.
 */
export const EXPORT_USES = [PROJECT_VERSIONS, SUBTITLE_STORE, DUBBED_MEDIA, EXPORT_THEME_LOOKUP];
export const subtitleStoreOf = (services: ServiceRegistry) => services.find(SUBTITLE_STORE);
export const dubbedMediaOf = (services: ServiceRegistry) => services.find(DUBBED_MEDIA);
export const themeLookupOf = (services: ServiceRegistry) => services.find(EXPORT_THEME_LOOKUP);
export const versionsOf = (services: ServiceRegistry) => services.find(PROJECT_VERSIONS);

/**
 * Checks a create request against what exists in the caller's workspace, before anything is
 * queued, so every mistake is a 4xx naming the field (never a job that fails later for a reason
 * known now). Returns the options the job keeps and the title the progress panel shows.
 */
export async function checkExportRequest(
  services: ServiceRegistry,
  db: Queryable,
  workspaceId: string,
  body: CreateExportationRequest,
  storage?: Pick<Storage, 'stat'>,
): Promise<{ options: ExportOptions; title: string }> {
  const versions = versionsOf(services);
  const [version] = (await versions?.mediaInWorkspace(db, workspaceId, [body.projectVersionId])) ?? [];
  // The route's tenant check already found the version in this workspace; a purged one lands here.
  if (!version) throw httpError(404, 'not_found', 'Project version not found');
  if (body.format && body.kind !== 'subtitles')
    throw httpError(400, 'invalid', MESSAGES.formatOnlyForSubtitles, 'format');

  if (body.kind === 'subtitles' || body.kind === 'burned_video') {
    if (!body.subtitleId) throw httpError(400, 'invalid', MESSAGES.subtitleRequired, 'subtitleId');
    const store = subtitleStoreOf(services);
    const subtitle = (await store?.listForProjectVersion(db, body.projectVersionId))?.find(
      (s) => s.id === body.subtitleId,
    );
    if (!subtitle) throw httpError(404, 'subtitle_not_found', MESSAGES.subtitleNotFound, 'subtitleId');
    if (subtitle.cuesCount === 0) throw httpError(422, 'no_cues', MESSAGES.noCues, 'subtitleId');
    // The workspace may export approved subtitles only (the subtitles plugin's review setting).
    await store!.refuseUnapprovedExport?.(db, workspaceId, [subtitle]);
    const language = languageName(subtitle.language);
    if (body.kind === 'subtitles') {
      const format = body.format ?? 'srt';
      return {
        options: { subtitleId: subtitle.id, format },
        title: `${version.title} · ${language} subtitles (${format.toUpperCase()})`,
      };
    }
    if (version.elementState !== 'ready' || !version.storageKey)
      throw httpError(422, 'no_video', MESSAGES.noVideo, 'projectVersionId');
    // Sound only (an MP3, a podcast): stored as audio/… (its probed type), said now instead of by a failed export.
    const stored = await storage?.stat?.(version.storageKey);
    if (stored?.contentType.startsWith('audio/'))
      throw httpError(422, 'no_video', MESSAGES.noVideo, 'projectVersionId');
    let themeName = 'default style';
    if (body.themeId) {
      const themes = themeLookupOf(services);
      if (!themes) throw httpError(422, 'themes_unavailable', MESSAGES.themesUnavailable, 'themeId');
      const theme = await themes.find(db, workspaceId, body.themeId);
      if (!theme) throw httpError(404, 'theme_not_found', MESSAGES.themeNotFound, 'themeId');
      themeName = theme.name ?? theme.attributes?.name ?? 'theme';
    }
    return {
      options: { subtitleId: subtitle.id, themeId: body.themeId ?? null },
      title: `${version.title} · ${language} burned in (${themeName})`,
    };
  }

  if (!body.language) throw httpError(400, 'invalid', MESSAGES.languageRequired, 'language');
  const dubbed = await dubbedMediaOf(services)?.latest(db, body.projectVersionId, body.language);
  if (!dubbed) throw httpError(404, 'no_dubbed_media', MESSAGES.noDubbedMedia, 'language');
  if (body.kind === 'dubbed_video' && !dubbed.videoKey)
    throw httpError(422, 'no_dubbed_video', MESSAGES.noDubbedVideo, 'language');
  const what = body.kind === 'dubbed_video' ? 'voice-over video' : 'voice-over audio';
  return { options: { language: body.language }, title: `${version.title} · ${languageName(body.language)} ${what}` };
}
