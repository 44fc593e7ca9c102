import {
  contributeToServer,
  registerTenantResource,
  defineServerPlugin,
  PLUGIN_API_MAJOR,
} from '../../../server/plugin-api';
import { projectVersionListExtensions } from '../../projects/server/extension-points';
import { subtitlesListContribution } from './subtitles-list-contribution';
import { SUBTITLE_STORE } from '../common/subtitle-store';
import { SUBTITLES_SERVER_MESSAGES } from '../common/subtitles-contract';
import { registerDownloadRoutes } from './download-routes';
import { registerEditorRoutes } from './editor-routes';
import { ExternalTokenRepository } from './external-token-repository';
import { registerShareRoutes } from './share-routes';
import { SubtitleRepository } from './subtitle-repository';
import { registerSubtitleRoutes } from './subtitle-routes';
import { subtitlesMigrations } from './subtitles-migrations';

/**
 * Subtitles of project versions: list, cues (read, and saved by the editor against a revision),
 * the version's media for the editor, import of a subtitle file (SRT, WebVTT,
 * ASS/SSA, SBV, TTML), download as a zip in six formats, and share links with a public page
 * (docs/product-contract.md#entities-and-fields, #states-and-transitions, #calls). Needs the projects plugin (its tables and its `projectVersion` tenant
 * resource). Other server plugins (the pipeline) write cues through SUBTITLE_STORE.
 */
export default defineServerPlugin({
  id: 'subtitles',
  apiVersion: PLUGIN_API_MAJOR,
  migrations: subtitlesMigrations,
  provides: [SUBTITLE_STORE],
  contributions: [contributeToServer(projectVersionListExtensions, subtitlesListContribution)],
  async routes(app) {
    const subtitles = new SubtitleRepository(app.db);
    const tokens = new ExternalTokenRepository(app.db);
    app.services.provide(SUBTITLE_STORE, subtitles);
    registerTenantResource(app, 'subtitle', (id) => subtitles.ownerOf(id), SUBTITLES_SERVER_MESSAGES.subtitleNotFound);
    registerTenantResource(
      app,
      'externalToken',
      (id) => tokens.ownerOf(id),
      SUBTITLES_SERVER_MESSAGES.externalTokenNotFound,
    );
    registerSubtitleRoutes(app, subtitles);
    registerEditorRoutes(app, subtitles);
    registerDownloadRoutes(app, subtitles);
    registerShareRoutes(app, subtitles, tokens);
  },
});
