import { TOKENS, type Container, type ServiceIdentifier } from '../../../core';
import type { SubtitlesModel } from './model/subtitles-model';
import { loadModelOnce } from './lazy-model';

export const SUBTITLES_MODEL = Symbol.for('polycue.subtitles.model') as ServiceIdentifier<SubtitlesModel>;

/**
 * The subtitles model (import, download, share links), fetched and built the first time a
 * subtitles page, popup or command needs it, then kept: the 2 s return home after an import
 * outlives the popup that started it.
 */
export function loadSubtitlesModel(container: Container): Promise<SubtitlesModel> {
  return loadModelOnce(container, SUBTITLES_MODEL, async () => {
    const [{ createSubtitlesModel }, { saveBlob }] = await Promise.all([import('./model/subtitles-model'), import('./model/download-file')]);
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
}

/** The popups, loaded when first opened (one loader, so the shell caches the chunk). */
export const loadSubtitlesDialog = () => import('./components/subtitles-dialog');
