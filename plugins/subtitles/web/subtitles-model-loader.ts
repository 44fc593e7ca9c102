import { defineLazyModel, TOKENS, type Container } from '../../../core';
import type { SubtitlesModel } from './model/subtitles-model';

/**
 * The subtitles model (import, download, share links), fetched and built the first time a
 * subtitles page, popup or command needs it, then kept: the 2 s return home after an import
 * outlives the popup that started it.
 */
export const subtitlesModel = defineLazyModel<SubtitlesModel>('subtitles', async () => {
  const [{ createSubtitlesModel }, { saveBlob }] = await Promise.all([
    import('./model/subtitles-model'),
    import('./model/download-file'),
  ]);
  return (c: Container) =>
    createSubtitlesModel({
      api: c.get(TOKENS.ApiClient),
      toast: c.get(TOKENS.ToastService),
      app: c.get(TOKENS.AppModel),
      navigator: c.get(TOKENS.Navigator),
      storage: window.localStorage,
      saveFile: saveBlob,
      logger: console,
    });
});
export const SUBTITLES_MODEL = subtitlesModel.token;
export const loadSubtitlesModel = subtitlesModel.load;

/** The popups, loaded when first opened (one loader, so the shell caches the chunk). */
export const loadSubtitlesDialog = () => import('./components/subtitles-dialog');
