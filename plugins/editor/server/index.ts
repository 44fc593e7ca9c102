import { defineServerPlugin, PLUGIN_API_MAJOR } from '../../../server/plugin-api';
import { registerShotChangeRoutes, shotChangeStore } from './shot-change-routes';
import { WaveformStore } from './waveform-store';
import { registerWaveformRoutes } from './waveform-routes';

/**
 * The subtitle editor's server part: the waveform under its timeline (peaks of the version's
 * audio) and the video's shot changes (cuts found by ffmpeg's scene detection), each made once
 * in the background, kept in Storage and served to whoever may open the subtitle. Cues and media
 * come from the subtitles plugin (its routes, its `subtitle` tenant check and SUBTITLE_STORE), so
 * this plugin needs it; no table of its own.
 */
export default defineServerPlugin({
  id: 'editor',
  apiVersion: PLUGIN_API_MAJOR,
  async routes(app) {
    // Each made one film at a time in this process, on its own queue: a film's long scene
    // detection never holds back the waveform of the next one opened.
    registerWaveformRoutes(app, new WaveformStore(app.storage));
    registerShotChangeRoutes(app, shotChangeStore(app));
  },
});
