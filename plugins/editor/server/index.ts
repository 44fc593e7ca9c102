import { contributeToServer, defineServerPlugin, PLUGIN_API_MAJOR } from '../../../server/plugin-api';
import { SUBTITLE_STORE } from '../../subtitles/common/subtitle-store';
import { derivedMediaFiles } from '../../projects/server/extension-points';
import { derivativeKey } from './media-derivatives';
import { SHOT_CHANGES_DERIVATIVE } from './shot-changes';
import { registerShotChangeRoutes, shotChangeStore } from './shot-change-routes';
import { WAVEFORM_DERIVATIVE, WaveformStore } from './waveform-store';
import { registerWaveformRoutes } from './waveform-routes';
import { EDITOR_ACCOUNT_DATA } from './account-data';

/**
 * The subtitle editor's server part: the waveform under its timeline (peaks of the version's
 * audio) and the video's shot changes (cuts found by ffmpeg's scene detection), each made once
 * in the background, kept in Storage and served to whoever may open the subtitle. Cues and media
 * come from the subtitles plugin (its routes, its `subtitle` tenant check and SUBTITLE_STORE), so
 * this plugin needs it; no table of its own. Its files go with the media they were made from
 * (the projects plugin's derivedMediaFiles point).
 */
export default defineServerPlugin({
  id: 'editor',
  accountData: EDITOR_ACCOUNT_DATA,
  apiVersion: PLUGIN_API_MAJOR,
  // The editor's media routes find a subtitle's video through the subtitles plugin's store.
  requires: [SUBTITLE_STORE],
  contributions: [
    contributeToServer(derivedMediaFiles, {
      id: 'editor',
      keysOf: (mediaKey) =>
        [WAVEFORM_DERIVATIVE, SHOT_CHANGES_DERIVATIVE].map((derivative) => derivativeKey(derivative, mediaKey)),
    }),
  ],
  async routes(app) {
    // Each made one film at a time in this process, on its own queue: a film's long scene
    // detection never holds back the waveform of the next one opened.
    registerWaveformRoutes(app, new WaveformStore(app.storage));
    registerShotChangeRoutes(app, shotChangeStore(app));
  },
});
