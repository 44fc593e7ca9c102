/**
 * The exports calls as both sides see them (docs/product-contract.md#entities-and-fields "Exportation: exportationIds; followed
 * export: id"; docs/product-contract.md#states-and-transitions followed exports polled every 10 s; docs/product-contract.md#calls "Exports"; docs/product-contract.md#constants-and-limits).
 * The spec names only `POST /api/v1/exportations/get_by_ids`; creating an export and downloading
 * it are ours (the spec does not show them), named in the same style. Ids are bigint as decimal
 * strings; resources travel as `{ id, type, attributes }`; errors as `{ statusCode, error,
 * message, code?, field? }` with `message` written for people.
 */

export const EXPORTS_PATHS = {
  /** POST CreateExportationRequest -> 202 ExportationResponse (the job is queued). Ours. */
  exportations: '/api/v1/exportations',
  /** POST { exportationIds } -> ExportationsResponse: the caller's exports among the ids; others are simply absent. docs/product-contract.md#calls. */
  getByIds: '/api/v1/exportations/get_by_ids',
  /** GET: the finished file, as an attachment (404 until done). Ours. */
  download: (exportationId: string) => `/api/v1/exportations/${exportationId}/download`,
} as const;

/**
 * What can be exported: a subtitle file, the video with a subtitle burned in (styled by a theme),
 * or the dubbed video / audio of a voice-over run.
 */
export const EXPORT_KINDS = ['subtitles', 'burned_video', 'dubbed_video', 'dubbed_audio'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Subtitle file formats (the subtitles plugin's writers). */
export const EXPORT_FORMATS = ['srt', 'vtt', 'ass', 'ttml', 'sbv', 'txt'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export type ExportState = 'queued' | 'running' | 'done' | 'failed';

export interface CreateExportationRequest {
  projectVersionId: string;
  kind: ExportKind;
  /** subtitles, burned_video: which subtitle of the version. */
  subtitleId?: string;
  /** subtitles: the file format (default srt). */
  format?: ExportFormat;
  /** burned_video: a theme of the workspace (themes plugin); without one, the built-in style. */
  themeId?: string | null;
  /** dubbed_video, dubbed_audio: the voice-over language. */
  language?: string;
}

export interface ExportationAttributes {
  kind: ExportKind;
  projectVersionId: string;
  /** What the progress panel shows: "Launch video · Spanish subtitles (SRT)". */
  title: string;
  state: ExportState;
  /** 0..1 */
  progress: number;
  /** Why it failed, for people; null unless failed. */
  failure: string | null;
  /** The download route once done, else null. */
  downloadUrl: string | null;
  fileName: string | null;
  sizeBytes: number | null;
  createdAt: string;
}

export interface ExportationResource {
  id: string;
  type: 'exportation';
  attributes: ExportationAttributes;
}

export interface ExportationResponse {
  data: ExportationResource;
}

export interface ExportationsResponse {
  data: ExportationResource[];
}

/** docs/product-contract.md#constants-and-limits: the follow-up poll interval of followed exports (the shell's progress panel polls). */
export const EXPORT_POLL_INTERVAL_MS = 10_000;
/** Ids one get_by_ids may name (the panel follows a handful). */
export const MAX_EXPORTATION_IDS = 100;

/** Server messages (4xx bodies and recorded failures), written for people. */
export const EXPORTS_MESSAGES = {
  notFound: 'Export not found',
  notReady: 'This export is not ready to download',
  subtitleRequired: 'Choose the subtitle to export',
  subtitleNotFound: 'Subtitle not found in this project version',
  noCues: 'This subtitle has no cues to export',
  languageRequired: 'Choose the voice-over language',
  noDubbedMedia: 'There is no voice-over in this language yet',
  noDubbedVideo: 'This voice-over has no video (the project has only sound)',
  noVideo: 'This project has no video to burn subtitles into',
  themeNotFound: 'Theme not found',
  themesUnavailable: 'Themes are not available here: export with the default style',
  formatOnlyForSubtitles: 'A format applies to subtitle files only',
} as const;
