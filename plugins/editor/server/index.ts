import { defineServerPlugin, PLUGIN_API_MAJOR } from '../../../server/plugin-api';
import { WaveformStore } from './waveform-store';
import { registerWaveformRoutes } from './waveform-routes';

/**
 * The subtitle editor's server part: the waveform under its timeline (peaks of the version's
 * audio, made once with ffmpeg, kept in Storage, served at the zoom asked). Cues and media come
 * from the subtitles plugin (its routes, its `subtitle` tenant check and SUBTITLE_STORE), so
 * this plugin needs it; no table of its own.
 */
export default defineServerPlugin({
  id: 'editor',
  apiVersion: PLUGIN_API_MAJOR,
  async routes(app) {
    registerWaveformRoutes(app, new WaveformStore(app.storage));
  },
});
