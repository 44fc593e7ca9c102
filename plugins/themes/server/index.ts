import { defineServerPlugin, PLUGIN_API_MAJOR, registerTenantResource } from '../../../server/plugin-api';
import { EXPORT_THEME_LOOKUP } from '../../subtitles/common/burn-in-theme';
import { PROJECT_VERSIONS } from '../../projects/common/project-versions-service';
import { assLineBreak, themeToAssStyle } from '../common/theme-ass-style';
import type { ThemeLookup } from '../common/theme-lookup';
import { THEMES_SERVER_MESSAGES } from '../common/themes-contract';
import { ThemePreviewRenderer } from './theme-preview';
import { registerThemePreviewRoutes } from './theme-preview-routes';
import { ThemeRepository, withDefaults } from './theme-repository';
import { registerThemeRoutes } from './theme-routes';
import { themesMigrations } from './themes-migrations';
import { THEMES_ACCOUNT_DATA } from './account-data';

/**
 * Themes of a workspace (docs/product-contract.md#calls `GET /api/v1/themes/`): styles for burned-in subtitles,
 * their live preview, and — for the exports plugin — EXPORT_THEME_LOOKUP, which gives a theme with its ASS
 * style ready for a frame size (the exports plugin's burn-in uses it). Its own table.
 *
 * Who may change them: anyone who may open the workspace (its members and the account's admins)
 * may list, preview, create, edit, duplicate and delete them; nobody else sees they exist (404).
 */
export default defineServerPlugin({
  id: 'themes',
  accountData: THEMES_ACCOUNT_DATA,
  apiVersion: PLUGIN_API_MAJOR,
  migrations: themesMigrations,
  provides: [EXPORT_THEME_LOOKUP],
  // The preview is drawn on a frame of one of the workspace's videos when the projects plugin is there.
  uses: [PROJECT_VERSIONS],
  async routes(app) {
    const themes = new ThemeRepository(app.db);
    registerTenantResource(app, 'theme', (id) => themes.ownerOf(id), THEMES_SERVER_MESSAGES.notFound);
    const lookup: ThemeLookup = {
      // Through the caller's database or transaction, and only inside the workspace named.
      async find(db, workspaceId, id) {
        const { rows } = await db.query(
          'SELECT id::text AS id, name, style FROM themes WHERE workspace_id = $1 AND id = $2',
          [workspaceId, id],
        );
        if (!rows[0]) return null;
        const style = withDefaults(rows[0].style);
        const name = rows[0].name as string;
        return {
          id: rows[0].id,
          name,
          attributes: { ...style, name },
          assStyle: (frame) => themeToAssStyle(style, frame),
          lineBreak: (frame) => assLineBreak(style, frame),
        };
      },
    };
    app.services.provide(EXPORT_THEME_LOOKUP, lookup);
    registerThemeRoutes(app, themes);
    registerThemePreviewRoutes(app, themes, new ThemePreviewRenderer(app.storage));
  },
});
