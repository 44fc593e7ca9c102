import { createEffect, createEvent, createStore, sample } from 'effector';
import { apiEffect } from '../../../core';
import type { ResourceListDeps } from '../../../core/model/resource-list-model';
import { PROJECTS_PATHS, type ProjectVersionsResponse } from '../../projects/common/projects-contract';
import { THEMES_PATHS, type ThemeStyle } from '../common/themes-contract';

/** Typing settles for this long before the preview is asked again: one render per pause, not per key. */
export const PREVIEW_DEBOUNCE_MS = 350;
/** The videos offered to preview on: the workspace's latest. */
const VIDEOS_OFFERED = 20;

export type PreviewStatus = 'loading' | 'ready' | 'failed';
/** What is previewed: the style, and the sample text when the user typed one (else the server's two lines). */
export type PreviewFields = ThemeStyle & { text?: string };

/** The preview's address: unsaved fields in the query, so an <img> loads it with the session cookie. */
export function previewUrl(workspaceId: string, style: PreviewFields, projectVersionId: string | null): string {
  const params = new URLSearchParams({ workspaceId, ...(projectVersionId ? { projectVersionId } : {}) });
  for (const [key, value] of Object.entries(style)) params.set(key, String(value));
  return `${THEMES_PATHS.preview}?${params}`;
}

/**
 * The dialog's live preview: `opened` asks at once, `changed` after a pause in typing (the latest
 * wins); the image's address is a store the view puts in an <img>, which reports back loaded or
 * failed. The video it is drawn on is remembered between dialogs (null: the gradient).
 */
export function createThemePreviewModel({ api, app }: Pick<ResourceListDeps, 'api' | 'app'>) {
  const opened = createEvent<PreviewFields>();
  const changed = createEvent<PreviewFields>();
  const videoChosen = createEvent<string | null>();
  const imageLoaded = createEvent();
  const imageFailed = createEvent();

  const videosFx = apiEffect(async (workspaceId: string) => {
    const { data } = await api.get<ProjectVersionsResponse>(PROJECTS_PATHS.projectVersions, {
      params: { workspaceId, page: 1, perPage: VIDEOS_OFFERED },
    });
    return data.data.map((version) => ({ id: version.id, title: version.attributes.title }));
  });
  const settleFx = createEffect(
    (style: PreviewFields) =>
      new Promise<PreviewFields>((resolve) => setTimeout(() => resolve(style), PREVIEW_DEBOUNCE_MS)),
  );

  const $videos = createStore<{ id: string; title: string }[]>([])
    .on(videosFx.doneData, (_, videos) => videos)
    .reset(app.workspaceChanged);
  // 'latest': the workspace's latest video until one is chosen (null: the gradient).
  const $videoId = createStore<string | null>('latest')
    .on(videoChosen, (_, id) => id)
    .reset(app.workspaceChanged);
  const $chosenVideo = sample({
    source: { videoId: $videoId, videos: $videos },
    fn: ({ videoId, videos }) => (videoId === 'latest' ? (videos[0]?.id ?? null) : videoId),
  });
  const $style = createStore<PreviewFields | null>(null).on([opened, changed], (_, style) => style);
  const $src = createStore<string | null>(null);
  const $status = createStore<PreviewStatus>('loading')
    .on($src.updates, () => 'loading')
    .on(imageLoaded, () => 'ready')
    .on(imageFailed, () => 'failed');

  sample({
    clock: opened,
    source: app.$currentWorkspaceId,
    filter: (workspaceId): workspaceId is string => workspaceId !== null,
    target: videosFx,
  });
  sample({ clock: changed, target: settleFx });
  const settled = sample({ clock: settleFx.doneData, source: $style, filter: (latest, style) => latest === style });
  sample({
    clock: [opened, settled, videoChosen, videosFx.done],
    source: { workspaceId: app.$currentWorkspaceId, style: $style, videoId: $chosenVideo },
    filter: ({ workspaceId, style }) => workspaceId !== null && style !== null,
    fn: ({ workspaceId, style, videoId }) => previewUrl(workspaceId!, style!, videoId),
    target: $src,
  });

  return { opened, changed, videoChosen, imageLoaded, imageFailed, videosFx, $videos, $chosenVideo, $src, $status };
}

export type ThemePreviewModel = ReturnType<typeof createThemePreviewModel>;
