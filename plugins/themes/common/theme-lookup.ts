import type { Frame } from './theme-ass-style';
import type { ThemeStyle } from './themes-contract';

/** What the lookup needs of a database or a transaction (common/ cannot name the host's types). */
export interface ThemesQueryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: any[] }>;
}

/** A theme as other plugins get it: its attributes, and its ASS ready for a frame size. */
export interface ThemeForExport {
  id: string;
  name: string;
  attributes: ThemeStyle & { name: string };
  /** `themeToAssStyle(theme, frame)`: the `Style: Default,…` line, with PlayResX/PlayResY = the frame's size. */
  assStyle(frame: Frame): string;
  /** What joins two lines of a cue in Dialogue text (`\N`, or with the theme's line spacing more). */
  lineBreak(frame: Frame): string;
}

/**
 * The themes plugin's service for other plugins (exports burns subtitles in with it): a theme of a
 * workspace by id, null when it is not there or belongs to another workspace. Provided in
 * `app.services` under the exports plugin's EXPORT_THEME_LOOKUP (the ref is the asker's, so
 * exports builds without this plugin); the `themes` table stays this plugin's own.
 */
export interface ThemeLookup {
  find(db: ThemesQueryable, workspaceId: string, id: string): Promise<ThemeForExport | null>;
}
