import { serviceRef } from '../../../core/common/service-token';

/**
 * What a burn-in (the exports plugin) needs of a themes plugin. Declared in the subtitles plugin's
 * contract, which both use and which is never removed (a kernel plugin): declared in either of the
 * two, removing that one would break the other's build (scripts/check-plugin-removal.mjs). A
 * themes plugin provides EXPORT_THEME_LOOKUP (the service name `themes.lookup`; the same shape as the
 * pipeline's workspace-resource lookups: `find(db, workspaceId, id)`), and the burn-in job asks it
 * for the chosen theme. Without a themes plugin, or without a chosen theme, the burn-in uses the
 * built-in style (white text, black outline, bottom centre). Types only: common/ is shared with
 * the browser.
 *
 * What `find` may return, best first:
 * - `assStyle(frame)`: a function giving the theme's ASS `Style:` line for that frame size (the
 *   themes plugin's `themeToAssStyle(theme, frame)` bound to the theme), or `assStyle` as a string;
 * - otherwise the theme's attributes, read by name (ExportThemeAttributes) and turned into a style
 *   by the exports plugin itself.
 */
export interface ExportThemeAttributes {
  name?: string;
  fontFamily?: string;
  /** Pixels at 1080 lines of video (scaled to the video's height). */
  fontSize?: number;
  bold?: boolean;
  italic?: boolean;
  /** CSS hex colours: `#rrggbb` or `#rrggbbaa`. */
  textColor?: string;
  outlineColor?: string;
  outlineWidth?: number;
  shadowColor?: string;
  shadowDepth?: number;
  /** A box behind the text instead of an outline. */
  backgroundColor?: string | null;
  position?: 'top' | 'middle' | 'bottom';
  alignment?: 'left' | 'center' | 'right';
  /** Pixels at 1080 lines. */
  marginVertical?: number;
  marginHorizontal?: number;
}

export type ExportTheme = ExportThemeAttributes & {
  assStyle?: string | ((frame: { width: number; height: number }) => string);
  /** What joins two lines of a cue in Dialogue text for that frame size (the theme's line spacing); `\N` without. */
  lineBreak?: string | ((frame: { width: number; height: number }) => string);
  attributes?: ExportThemeAttributes;
};

export interface ExportThemeLookup {
  find(
    db: { query: (sql: string, params?: unknown[]) => Promise<{ rows: any[] }> },
    workspaceId: string,
    id: string,
  ): Promise<ExportTheme | null>;
}

/**
 * The exports plugin `uses` this ref and the themes plugin provides it; declared in the kernel's
 * subtitles contract so either may be removed. The name keeps its first spelling: an outside
 * themes plugin may provide it by name.
 */
export const EXPORT_THEME_LOOKUP = serviceRef<ExportThemeLookup>('themes.lookup');
