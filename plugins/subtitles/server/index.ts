import {
  contributeToServer,
  registerTenantResource,
  defineServerPlugin,
  PLUGIN_API_MAJOR,
} from '../../../server/plugin-api';
import { projectVersionListExtensions } from '../../projects/server/extension-points';
import { subtitlesListContribution } from './subtitles-list-contribution';
import { SUBTITLE_STORE } from '../common/subtitle-store';
import { BROWSER_RENDITIONS } from '../../projects/common/browser-rendition';
import { SUBTITLES_SERVER_MESSAGES } from '../common/subtitles-contract';
import { registerDownloadRoutes } from './download-routes';
import { registerEditorRoutes } from './editor-routes';
import { ExternalTokenRepository } from './external-token-repository';
import { registerShareRoutes } from './share-routes';
import { SubtitleRepository } from './subtitle-repository';
import { registerSubtitleRoutes } from './subtitle-routes';
import { subtitlesMigrations } from './subtitles-migrations';
import { SUBTITLE_REVIEW_CHANGED, SUBTITLE_SAVED } from '../common/subtitle-events';
import { createLiveBus } from './live/live-bus';
import { LiveDocStore } from './live/live-doc-store';
import { LiveRooms } from './live/live-rooms';
import { liveCueIds } from './live/live-cue-ids';
import { registerLiveRoutes } from './live/live-routes';
import { registerReviewSettingsRoutes } from './review-settings';
import { SUBTITLES_ACCOUNT_DATA } from './account-data';

/**
 * Subtitles of project versions: list, cues (read, and saved by the editor against a revision),
 * the version's media for the editor, import of a subtitle file (SRT, WebVTT,
 * ASS/SSA, SBV, TTML), download as a zip in six formats, and share links with a public page
 * (docs/product-contract.md#entities-and-fields, #states-and-transitions, #calls). Needs the projects plugin (its tables and its `projectVersion` tenant
 * resource). Other server plugins (the pipeline) write cues through SUBTITLE_STORE. Editors open
 * on one subtitle edit it together over a websocket (live/, issue #25).
 */
export default defineServerPlugin({
  id: 'subtitles',
  accountData: SUBTITLES_ACCOUNT_DATA,
  apiVersion: PLUGIN_API_MAJOR,
  migrations: subtitlesMigrations,
  provides: [SUBTITLE_STORE],
  // The players ask the projects plugin for a browser copy of media stored before copies were made.
  requires: [BROWSER_RENDITIONS],
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
    // Live co-editing (live/): editors of one subtitle on any web process share a Yjs document.
    const bus = createLiveBus({
      databaseUrl: app.db.kind === 'postgres' ? app.config.databaseUrl : null,
      notify: (channel, payload) => app.db.query('SELECT pg_notify($1, $2)', [channel, payload]),
      log: app.log,
    });
    const store = new LiveDocStore(
      app.db,
      subtitles,
      (tx, saved) =>
        app.events.publish(
          tx,
          SUBTITLE_SAVED,
          {
            subtitleId: saved.id,
            projectVersionId: saved.projectVersionId,
            language: saved.language,
            revision: saved.revision,
            by: 'editor',
          },
          { workspaceId: saved.workspaceId },
        ),
      async (tx, change) => {
        const subtitle = await subtitles.find(tx, change.workspaceId, { id: change.subtitleId });
        if (!subtitle) return;
        await app.events.publish(
          tx,
          SUBTITLE_REVIEW_CHANGED,
          {
            subtitleId: subtitle.id,
            projectVersionId: subtitle.projectVersionId,
            language: subtitle.language,
            moved: change.moved,
            userId: change.userId,
            by: 'editor',
          },
          { workspaceId: change.workspaceId },
        );
      },
    );
    const rooms = new LiveRooms(store, bus, app.log);
    subtitles.cueIds = liveCueIds(store);
    // Before the job queue stops (onClose): writing the rows publishes `subtitles.saved` through it.
    app.addHook('preClose', async () => {
      await rooms.closeAll();
    });
    app.addHook('onClose', async () => {
      await bus.close();
    });
    const live = {
      rowsReplaced: (subtitleId: string) => rooms.rowsReplaced(subtitleId),
      beforeRowsRead: (subtitleId: string) => rooms.beforeRowsRead(subtitleId),
    };
    registerSubtitleRoutes(app, subtitles, live);
    registerEditorRoutes(app, subtitles, live);
    await registerLiveRoutes(app, subtitles, rooms);
    registerDownloadRoutes(app, subtitles);
    registerReviewSettingsRoutes(app);
    registerShareRoutes(app, subtitles, tokens);
  },
});
