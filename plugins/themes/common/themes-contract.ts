import type { Resource } from '../../../core/common/session-types';

/**
 * Themes (docs/product-contract.md#entities-and-fields "Theme: id and attributes", #calls `GET /api/v1/themes/`, #messages): a workspace's
 * styles for burned-in subtitles. The spec shows only the list call; the rest is ours, shaped like
 * the other workspace resources (guidelines, vocabularies): POST the collection, PUT/DELETE one,
 * POST `…/{id}/duplicate`, and a preview image rendered by ffmpeg with libass.
 */
export const THEMES_PATHS = {
  themes: '/api/v1/themes/',
  theme: (id: string) => `/api/v1/themes/${id}`,
  duplicate: (id: string) => `/api/v1/themes/${id}/duplicate`,
  /** GET: a saved theme on a frame (`?projectVersionId=` for one of the workspace's videos). */
  themePreview: (id: string) => `/api/v1/themes/${id}/preview`,
  /** GET `?workspaceId&projectVersionId&<style fields>`: unsaved attributes, as the dialog is typed. */
  preview: '/api/v1/themes/preview',
} as const;

export const THEMES_PAGE = '/themes';

/** docs/product-contract.md#messages: 'Themes could not be loaded' verbatim; the others follow the guidelines' wording (not in the spec). */
export const THEMES_MESSAGES = {
  notLoaded: 'Themes could not be loaded',
  notCreated: 'Theme could not be created',
  notSaved: 'Changes could not be saved',
  notDeleted: 'Theme could not be deleted',
  notDuplicated: 'Theme could not be duplicated',
  created: 'Theme created',
  saved: 'Changes saved',
  deleted: 'Theme deleted',
  duplicated: 'Theme duplicated',
} as const;

/** Not in the spec: what the server says about bad input. */
export const THEMES_SERVER_MESSAGES = {
  nameBlank: "Name can't be blank",
  nameTooLong: 'Name is too long (maximum is 80 characters)',
  notFound: 'Theme not found',
  versionNotFound: 'Project version not found',
  textTooLong: 'The sample text is too long (maximum is 200 characters)',
} as const;

export const NAME_MAX_LENGTH = 80;
export const THEMES_PER_PAGE = 50;
export const PREVIEW_TEXT_MAX_LENGTH = 200;

/**
 * Fonts libass finds on the server (fontconfig): the DejaVu families, which Debian's ffmpeg and
 * libass bring along (fonts-dejavu-core). Kept to what is really installed, so the preview and
 * the burned-in video show the font chosen, never a silent substitute.
 */
export const THEME_FONTS = ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono'] as const;
export type ThemeFont = (typeof THEME_FONTS)[number];

export const THEME_POSITIONS = ['bottom', 'middle', 'top'] as const;
export const THEME_ALIGNMENTS = ['left', 'center', 'right'] as const;
export type ThemePosition = (typeof THEME_POSITIONS)[number];
export type ThemeAlignment = (typeof THEME_ALIGNMENTS)[number];

/**
 * How a theme draws subtitles. Sizes are pixels of a 1080-line frame (scaled to the video's
 * height when burned in, so a theme looks the same on 720p and 4K); colours `#rrggbb`.
 */
export interface ThemeStyle {
  fontFamily: ThemeFont;
  fontSize: number;
  bold: boolean;
  italic: boolean;
  textColor: string;
  outlineColor: string;
  /** The outline's width; with the box on, the box's padding around the text (as ASS does). */
  outlineWidth: number;
  shadowColor: string;
  /** How far the shadow falls; 0: none. Drawn half transparent. */
  shadowDepth: number;
  /** A box behind each line (ASS BorderStyle 3) instead of the outline. */
  box: boolean;
  boxColor: string;
  /** Percent: 0 invisible, 100 solid. */
  boxOpacity: number;
  position: ThemePosition;
  alignment: ThemeAlignment;
  /** Distance from the top or bottom edge (none in the middle). */
  marginVertical: number;
  /** Distance from the left and right edges: where lines wrap. */
  marginHorizontal: number;
  /** Extra space between the lines of a cue. */
  lineSpacing: number;
}

/** What people call each field: the dialog's labels and the server's messages. */
export const THEME_FIELD_LABELS: Record<keyof ThemeStyle, string> = {
  fontFamily: 'Font',
  fontSize: 'Font size',
  bold: 'Bold',
  italic: 'Italic',
  textColor: 'Text colour',
  outlineColor: 'Outline colour',
  outlineWidth: 'Outline width',
  shadowColor: 'Shadow colour',
  shadowDepth: 'Shadow distance',
  box: 'Background box',
  boxColor: 'Box colour',
  boxOpacity: 'Box opacity',
  position: 'Position',
  alignment: 'Alignment',
  marginVertical: 'Vertical margin',
  marginHorizontal: 'Horizontal margin',
  lineSpacing: 'Line spacing',
};

/** Numbers' ranges, at 1080 lines; the dialog and the server's 422s use the same. */
export const THEME_LIMITS = {
  fontSize: { min: 16, max: 160 },
  outlineWidth: { min: 0, max: 20 },
  shadowDepth: { min: 0, max: 20 },
  boxOpacity: { min: 0, max: 100 },
  marginVertical: { min: 0, max: 500 },
  marginHorizontal: { min: 0, max: 800 },
  lineSpacing: { min: 0, max: 60 },
} as const satisfies Partial<Record<keyof ThemeStyle, { min: number; max: number }>>;

/**
 * A new theme: white DejaVu Sans with a thin black outline and a soft shadow, bottom centre,
 * about 5 % of the height tall (54 px at 1080, the size broadcasters' guides land on), inside the
 * title-safe area (margins 60 px from the bottom, 10 % of 1920 either side).
 */
export const DEFAULT_THEME_STYLE: ThemeStyle = {
  fontFamily: 'DejaVu Sans',
  fontSize: 54,
  bold: false,
  italic: false,
  textColor: '#ffffff',
  outlineColor: '#000000',
  outlineWidth: 3,
  shadowColor: '#000000',
  shadowDepth: 2,
  box: false,
  boxColor: '#000000',
  boxOpacity: 60,
  position: 'bottom',
  alignment: 'center',
  marginVertical: 60,
  marginHorizontal: 192,
  lineSpacing: 0,
};

export interface ThemeAttributes extends ThemeStyle {
  name: string;
  workspaceId: string;
  updatedAt: string;
}

export type ThemeResource = Resource<'theme', ThemeAttributes>;

export interface ThemesResponse {
  data: ThemeResource[];
  meta: { page: number; perPage: number; hasMore: boolean };
}

export interface ThemeResponse {
  data: ThemeResource;
}

/** POST /api/v1/themes/: a name; every style field left out takes DEFAULT_THEME_STYLE's. */
export type CreateThemeRequest = { workspaceId: string; name: string } & Partial<ThemeStyle>;
/** PUT /api/v1/themes/{id}: only the fields sent change. */
export type UpdateThemeRequest = { name?: string } & Partial<ThemeStyle>;
