import * as effector from 'effector';
import {
  announceEffect,
  apiEffect,
  normaliseError,
  type ApiClient,
  type ApiError,
  type AppModel,
  type Navigator,
  type ToastService,
} from '../../../../core';
import {
  REDIRECT_AFTER_IMPORT_MS,
  SUBTITLES_MESSAGES,
  SUBTITLES_PATHS,
  localCueKeys,
  type CreateExternalTokenResponse,
  type DownloadFormat,
  type ExternalTokenResource,
  type ExternalTokensResponse,
  type ImportSrtResponse,
  type SubtitleResource,
  type SubtitleResponse,
  type SubtitlesResponse,
} from '../../common/subtitles-contract';
import { fileNameFromDisposition, readBlobError } from './download-file';

const { attach, createEffect, createEvent, createStore, sample } = effector;

/** What the subtitles model talks to; the loader takes them from the container, tests pass fakes. */
export interface SubtitlesModelDeps {
  api: ApiClient;
  toast: ToastService;
  app: AppModel;
  navigator: Navigator;
  /** Where the editor keeps cues locally (window.localStorage). */
  storage: Pick<Storage, 'removeItem'>;
  saveFile(blob: Blob, fileName: string): void;
  logger: Pick<Console, 'error'>;
}

/** Which popup is open and what it acts on. */
export type SubtitlesDialog =
  | { kind: 'import'; projectVersionId: string; subtitleId?: string }
  | { kind: 'download'; projectVersionIds: string[] }
  | { kind: 'share'; projectVersionId: string; subtitleId?: string };

export interface ImportRequest {
  projectVersionId: string;
  /** Absent: a new subtitle in `language` is made first (or the existing one of that language). */
  subtitleId?: string;
  language?: string;
  file: Blob;
  fileName: string;
  keepSpeakers: boolean;
}

export interface DownloadRequest {
  projectVersionIds: string[];
  formats: DownloadFormat[];
  languages?: string[];
}

/**
 * Import, download and share links (docs/product-contract.md#states-and-transitions "SRT import clears the subtitle's locally stored
 * cues, then goes home after 2 s"; docs/product-contract.md#messages messages; docs/product-contract.md#constants-and-limits timings and archive name).
 */
export function createSubtitlesModel(deps: SubtitlesModelDeps) {
  const { api, app, navigator, storage } = deps;

  // --- popups
  const dialogOpened = createEvent<SubtitlesDialog>();
  const dialogClosed = createEvent();
  const $dialog = createStore<SubtitlesDialog | null>(null)
    .on(dialogOpened, (_, dialog) => dialog)
    .reset(dialogClosed);

  /** The subtitles of the version a popup acts on, for choosing one. */
  const loadVersionSubtitlesFx = apiEffect(
    async (projectVersionId: string) =>
      (await api.get<SubtitlesResponse>(SUBTITLES_PATHS.subtitles(projectVersionId))).data.data,
  );
  const $versionSubtitles = createStore<SubtitleResource[]>([])
    .on(loadVersionSubtitlesFx.doneData, (_, list) => list)
    .reset(dialogOpened);
  sample({
    clock: dialogOpened,
    filter: (dialog): dialog is Extract<SubtitlesDialog, { projectVersionId: string }> =>
      dialog.kind !== 'download' && !dialog.subtitleId,
    fn: (dialog) => (dialog as { projectVersionId: string }).projectVersionId,
    target: loadVersionSubtitlesFx,
  });

  // --- import
  const importSubmitted = createEvent<ImportRequest>();
  const importFx = apiEffect(async (request: ImportRequest) => {
    let subtitleId = request.subtitleId;
    if (!subtitleId) {
      const made = await api.post<SubtitleResponse>(SUBTITLES_PATHS.subtitles(request.projectVersionId), {
        language: request.language,
      });
      subtitleId = made.data.data.id;
    }
    const form = new FormData();
    form.append('enable_speaker_diarization', String(request.keepSpeakers));
    form.append('srt_content', request.file, request.fileName);
    return (await api.post<ImportSrtResponse>(SUBTITLES_PATHS.importSrt(request.projectVersionId, subtitleId), form))
      .data.data;
  });
  const $importError = createStore<string | null>(null)
    .on(importFx.failData, (_, error) => error.message)
    .reset(importFx, dialogOpened);
  const clearLocalCuesFx = createEffect((subtitleId: string) => {
    for (const key of Object.values(localCueKeys(subtitleId))) storage.removeItem(key);
  });
  const waitFx = createEffect((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const returnHomeFx = attach({ effect: waitFx, mapParams: () => REDIRECT_AFTER_IMPORT_MS });
  const navigateFx = createEffect((path: string) => navigator.navigate(path));
  /** True between a successful import and the return home. */
  const $returningHome = createStore(false)
    .on(returnHomeFx, () => true)
    .reset(returnHomeFx.finally);

  sample({
    clock: importSubmitted,
    source: importFx.pending,
    filter: (pending) => !pending,
    fn: (_, request) => request,
    target: importFx,
  });
  sample({ clock: importFx.doneData, fn: (subtitle) => subtitle.id, target: clearLocalCuesFx });
  sample({ clock: importFx.done, target: [dialogClosed, returnHomeFx] });
  sample({ clock: returnHomeFx.done, fn: () => '/', target: navigateFx });

  // --- download
  const downloadSubmitted = createEvent<DownloadRequest>();
  const downloadFx = createEffect<
    DownloadRequest & { workspaceId: string },
    { blob: Blob; fileName: string },
    ApiError
  >(async ({ workspaceId, projectVersionIds, formats, languages }) => {
    try {
      const params: Record<string, unknown> = {
        workspaceId,
        projectVersionIds: projectVersionIds.join(','),
        formats: formats.join(','),
      };
      if (languages?.length) params.languages = languages.join(',');
      const response = await api.get<Blob>(SUBTITLES_PATHS.downloadSubtitles, { params, responseType: 'blob' });
      return { blob: response.data, fileName: fileNameFromDisposition(response.headers['content-disposition']) };
    } catch (error) {
      throw await readBlobError(normaliseError(error));
    }
  });
  const saveFileFx = createEffect(({ blob, fileName }: { blob: Blob; fileName: string }) =>
    deps.saveFile(blob, fileName),
  );
  sample({
    clock: downloadSubmitted,
    source: app.$currentWorkspaceId,
    filter: (workspaceId, request): workspaceId is string =>
      workspaceId !== null && request.projectVersionIds.length > 0 && request.formats.length > 0,
    fn: (workspaceId, request) => ({ ...request, workspaceId: workspaceId! }),
    target: downloadFx,
  });
  sample({ clock: downloadFx.doneData, target: saveFileFx });
  sample({ clock: downloadFx.done, target: dialogClosed });

  // --- share links
  const shareSubtitleChosen = createEvent<string>();
  const createLinkRequested = createEvent<string>();
  const revokeRequested = createEvent<string>();
  const listTokensFx = apiEffect(
    async (subtitleId: string) =>
      (await api.get<ExternalTokensResponse>(SUBTITLES_PATHS.externalTokens(subtitleId))).data.data,
  );
  const createTokenFx = apiEffect(
    async (subtitleId: string) =>
      (await api.post<CreateExternalTokenResponse>(SUBTITLES_PATHS.externalTokens(subtitleId), {})).data,
  );
  const revokeTokenFx = apiEffect(async (tokenId: string) => {
    await api.delete(SUBTITLES_PATHS.externalToken(tokenId));
    return tokenId;
  });
  const $tokens = createStore<ExternalTokenResource[]>([])
    .on(listTokensFx.doneData, (_, list) => list)
    .on(createTokenFx.doneData, (list, created) => [created.data, ...list])
    .on(revokeTokenFx.doneData, (list, id) => list.filter((token) => token.id !== id))
    .reset(dialogOpened);
  /** The link just created: its secret is in the URL only, so it is shown once, here, until it is revoked. */
  const $created = createStore<{ id: string; url: string } | null>(null)
    .on(createTokenFx.doneData, (_, created) => ({ id: created.data.id, url: created.externalTokenUrl }))
    .on(revokeTokenFx.doneData, (created, id) => (created?.id === id ? null : created))
    .reset(dialogOpened, shareSubtitleChosen);
  const $createdUrl = $created.map((created) => created?.url ?? null);
  const $shareSubtitleId = createStore<string | null>(null)
    .on(dialogOpened, (_, dialog) => (dialog.kind === 'share' ? (dialog.subtitleId ?? null) : null))
    .on(shareSubtitleChosen, (_, id) => id);
  sample({
    clock: dialogOpened,
    filter: (dialog) => dialog.kind === 'share' && !!dialog.subtitleId,
    fn: (dialog) => (dialog as { subtitleId: string }).subtitleId,
    target: listTokensFx,
  });
  sample({ clock: shareSubtitleChosen, target: listTokensFx });
  sample({
    clock: createLinkRequested,
    source: createTokenFx.pending,
    filter: (pending) => !pending,
    fn: (_, id) => id,
    target: createTokenFx,
  });
  sample({ clock: revokeRequested, target: revokeTokenFx });

  // --- docs/product-contract.md#messages toasts (title: the spec's text; description: the server's reason), failures logged
  const announce = (fx: effector.Effect<any, any, ApiError>, fail: string, done?: string) =>
    announceEffect(deps, 'subtitles', fx, { done, fail });
  announce(importFx, SUBTITLES_MESSAGES.srtNotImported, SUBTITLES_MESSAGES.srtImported);
  announce(downloadFx, SUBTITLES_MESSAGES.filesNotDownloaded);
  announce(createTokenFx, SUBTITLES_MESSAGES.linkNotCreated);
  announce(listTokensFx, 'Request has failed');
  announce(revokeTokenFx, 'Request has failed');
  announce(loadVersionSubtitlesFx, 'Request has failed');

  return {
    dialogOpened,
    dialogClosed,
    $dialog,
    $versionSubtitles,
    loadVersionSubtitlesFx,
    importSubmitted,
    importFx,
    $importError,
    $returningHome,
    clearLocalCuesFx,
    navigateFx,
    downloadSubmitted,
    downloadFx,
    shareSubtitleChosen,
    createLinkRequested,
    revokeRequested,
    createTokenFx,
    listTokensFx,
    revokeTokenFx,
    $tokens,
    $createdUrl,
    $shareSubtitleId,
  };
}

export type SubtitlesModel = ReturnType<typeof createSubtitlesModel>;
