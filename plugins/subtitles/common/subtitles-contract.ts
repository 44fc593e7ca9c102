/**
 * The subtitles calls as both sides see them (docs/product-contract.md#entities-and-fields "Subtitle", "Import SRT", "External
 * token"; docs/product-contract.md#states-and-transitions SRT import; docs/product-contract.md#calls download, import, external tokens; docs/product-contract.md#messages
 * "Projects"; docs/product-contract.md#constants-and-limits). Resources travel as `{ id, type, attributes }`; errors come back as
 * `{ statusCode, error, message, code?, field? }`. Ids are bigint as decimal strings; times of
 * cues are whole milliseconds.
 */
import type { ReviewState } from './cue-review';
import type { Resource } from '../../../core/common/session-types';
import type { SubtitleKind } from './subtitle-store';
import { versionSubtitlePage } from '../../projects/common/project-version-page';

export type { SubtitleKind } from './subtitle-store';

export const SUBTITLES_PATHS = {
  /** GET -> SubtitlesResponse; POST CreateSubtitleRequest -> 201 (or 200 when it exists) SubtitleResponse. */
  subtitles: (projectVersionId: string) => `/api/v1/project_versions/${projectVersionId}/subtitles`,
  /**
   * GET -> CuesResponse; PUT SaveCuesRequest -> CuesResponse (the editor's save), or 409
   * SaveCuesConflict when the subtitle is no longer at the revision the save names.
   */
  cues: (projectVersionId: string, subtitleId: string) =>
    `/api/v1/project_versions/${projectVersionId}/subtitles/${subtitleId}/cues`,
  /** GET: the version's media for the editor, with HTTP Range support (members of the workspace). */
  video: (projectVersionId: string, subtitleId: string) =>
    `/api/v1/project_versions/${projectVersionId}/subtitles/${subtitleId}/video`,
  /** POST multipart (srt_content: file or text, enable_speaker_diarization) -> ImportSrtResponse; 422 names the line. */
  importSrt: (projectVersionId: string, subtitleId: string) =>
    `/api/v1/project_versions/${projectVersionId}/subtitles/${subtitleId}/import_srt`,
  /** GET ?workspaceId&projectVersionIds&formats&languages -> a zip stream (Content-Disposition). */
  downloadSubtitles: '/api/v1/project_versions/download_subtitles',
  /** POST -> 201 CreateExternalTokenResponse; GET -> ExternalTokensResponse (active links). */
  externalTokens: (subtitleId: string) => `/api/v1/subtitles/${subtitleId}/external_tokens`,
  /** DELETE -> RevokeExternalTokenResponse (the link stops working at once). */
  externalToken: (externalTokenId: string) => `/api/v1/external_tokens/${externalTokenId}`,
  /** Public: GET -> SharedSubtitleResponse; 404 for an unknown or revoked token. */
  shared: (token: string) => `/api/v1/shared/${token}`,
  /** Public: the subtitle as WebVTT (the page's text track). */
  sharedVtt: (token: string) => `/api/v1/shared/${token}/subtitles.vtt`,
  /** Public: the media file, with HTTP Range support. */
  sharedVideo: (token: string) => `/api/v1/shared/${token}/video`,
} as const;

export { SUBTITLES_PAGES } from './subtitles-pages';

export const sharePage = (token: string) => `/share/${token}`;

/** The URL `setup` / `setup_tts` return as `editorUrl` (relative; the browser navigates to it). */
export const editorUrl = versionSubtitlePage;

/** Formats the download offers (writers of ../common/formats). */
export const DOWNLOAD_FORMATS = ['srt', 'vtt', 'ass', 'ttml', 'sbv', 'txt'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** File types the import popup accepts (every reader of ../common/formats). */
export const IMPORT_ACCEPT = '.srt,.vtt,.ass,.ssa,.sbv,.ttml,.dfxp,.xml';

/** docs/product-contract.md#constants-and-limits. */
export const DEFAULT_ARCHIVE_NAME = 'download.zip';
export const REDIRECT_AFTER_IMPORT_MS = 2000;

/** The largest file an import reads (a 100,000-cue SRT is about 6 MB). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * The one cue limit of a subtitle, for the editor's save, the API and import alike (a long series
 * has a few thousand cues): a subtitle an import makes can always be saved again from the editor.
 */
export const MAX_CUES = 100_000;
/** Cues one save may carry: the same limit as everywhere. */
export const MAX_SAVED_CUES = MAX_CUES;
/**
 * The one cue-text limit (characters), for the editor and import alike. An imported cue longer
 * than this is refused, not split or cut: a cut would lose words silently, and a split would
 * invent cue times nobody chose; a 10,000-character cue is a broken file, and the message says
 * which cue to fix.
 */
export const MAX_CUE_TEXT_LENGTH = 10_000;
/**
 * The longest speaker name (characters) a save takes. An imported name longer than this (a WebVTT
 * voice holding a sentence) is cut to it: a speaker is a label, not words of the subtitle.
 */
export const MAX_SPEAKER_LENGTH = 200;
/** Versions one download may name. */
export const MAX_DOWNLOAD_VERSIONS = 1000;
/** BCP 47-like language code: `en`, `pt-BR`, `zh-Hant`. */
export const LANGUAGE_PATTERN = '^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$';

/**
 * Where the browser keeps a subtitle's cues while editing (docs/product-contract.md#entities-and-fields: "cues stored locally under
 * per-subtitle keys for cues, synchronized and updated-at"). An import clears all three (docs/product-contract.md#states-and-transitions).
 */
export const localCueKeys = (subtitleId: string) => ({
  cues: `subtitle-${subtitleId}-cues`,
  synchronized: `subtitle-${subtitleId}-synchronized`,
  updatedAt: `subtitle-${subtitleId}-updated-at`,
});

/** Toasts, verbatim from docs/product-contract.md#messages "Projects" (those this plugin shows). */
export const SUBTITLES_MESSAGES = {
  linkNotCreated: 'Link to share could not be created',
  filesNotDownloaded: 'Subtitle files could not be downloaded',
  srtNotImported: 'SRT file could not be imported',
  srtImported: 'SRT file imported',
} as const;

/** Server messages (404/422) the browser may show as a toast's description. */
export const SUBTITLES_SERVER_MESSAGES = {
  subtitleNotFound: 'Subtitle not found',
  externalTokenNotFound: 'Link not found',
  sharedNotFound: 'This link does not exist or has been revoked',
  nothingToDownload: 'There are no subtitles to download',
  fileMissing: 'Choose a subtitle file to import (srt_content)',
  fileTooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  mediaMissing: 'This project has no video yet',
  /** 404 of the editor's video once the workspace's media retention removed it (the subtitles stay). */
  mediaRemoved: (days: number) =>
    `The video was removed after ${days} days (this workspace's media retention); the subtitles are kept`,
  revisionConflict: 'The subtitle was changed elsewhere since you opened it',
  /** 422 to an export or download of a subtitle with cues not approved, when the workspace requires it. */
  notApproved: (language: string, approved: number, cues: number) =>
    `This workspace exports approved subtitles only: ${language} has ${approved.toLocaleString('en-US')} of ${cues.toLocaleString('en-US')} cues approved`,
  /** 403 to a reviewer's save or import (docs/roles.md). */
  reviewerReadOnly: 'Reviewers can set review states and comment, but not change text or times',
} as const;

/** GET/PUT /api/v1/workspaces/{workspaceId}/review_settings (PUT: account admins). */
export interface ReviewSettings {
  exportsRequireApproval: boolean;
}
export const REVIEW_SETTINGS_PATH = (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/review_settings`;

export interface SubtitleAttributes {
  projectVersionId: string;
  projectId: string;
  language: string;
  kind: SubtitleKind;
  cuesCount: number;
  /** Moves on every replacement of the cues (import, pipeline, editor save). */
  revision: number;
  updatedAt: string;
  /** The subtitle's page: the editor (or the read-only view when the editor plugin is absent). */
  editorUrl: string;
  /** Review by cue (./cue-review.ts): cues reviewed or approved, and approved (as of the last write of the rows). */
  reviewedCount: number;
  approvedCount: number;
}
export type SubtitleResource = Resource<'subtitle', SubtitleAttributes>;

/** GET /api/v1/project_versions/{projectVersionId}/subtitles: the version's subtitles, transcript first, then by language. */
export interface SubtitlesResponse {
  data: SubtitleResource[];
  meta: { projectVersionId: string; projectId: string; title: string; workspaceId: string; duration: number };
}

export interface CreateSubtitleRequest {
  language: string;
  /** Default `transcript`. */
  kind?: SubtitleKind;
}
export interface SubtitleResponse {
  data: SubtitleResource;
}

export interface CueData {
  start: number;
  end: number;
  text: string;
  speaker?: string;
  /** The whole cue in italics (a song, a voice off screen): present only when true when read; a save that names none keeps each position's. */
  italic?: boolean;
  /** Review by cue (./cue-review.ts): absent for "to do" when read; a save that names none keeps each position's. */
  review?: ReviewState;
}

export interface CuesResponse {
  data: SubtitleResource;
  cues: CueData[];
  /** `reviewOnly`: the caller is a reviewer (docs/roles.md): the editor shows the text read only. */
  meta: { title: string; reviewOnly?: boolean };
}

/** PUT …/cues: the whole cue list, saved only if the subtitle is still at `revision`. */
export interface SaveCuesRequest {
  revision: number;
  cues: CueData[];
}

/** The 409 of a save: the usual error fields and the server's copy, so both versions can be shown. */
export interface SaveCuesConflict {
  statusCode: 409;
  error: string;
  code: 'revision_conflict';
  message: string;
  theirs: { revision: number; updatedAt: string; cues: CueData[] };
}

/** The multipart fields of import_srt (docs/product-contract.md#entities-and-fields "Import SRT"). */
export interface ImportSrtFields {
  srt_content: Blob | string;
  /** 'true' keeps the speakers the file names (WebVTT voices, ASS names, TTML agents); otherwise they are dropped. */
  enable_speaker_diarization?: 'true' | 'false';
}
export interface ImportSrtResponse {
  message: typeof SUBTITLES_MESSAGES.srtImported;
  data: SubtitleResource;
}

/** GET download_subtitles: ids and formats repeated or comma separated. */
export interface DownloadSubtitlesQuery {
  workspaceId: string;
  projectVersionIds: string[];
  /** Default `srt`. */
  formats?: DownloadFormat[];
  /** Default: every language. */
  languages?: string[];
}

export interface ExternalTokenAttributes {
  subtitleId: string;
  createdAt: string;
  createdByName: string | null;
}
export type ExternalTokenResource = Resource<'external_token', ExternalTokenAttributes>;

/** The token itself is in the URL only: the server keeps its SHA-256, so it is shown once. */
export interface CreateExternalTokenResponse {
  externalTokenUrl: string;
  data: ExternalTokenResource;
}
export interface ExternalTokensResponse {
  data: ExternalTokenResource[];
}
export interface RevokeExternalTokenResponse {
  data: { id: string };
}

/** What the public share page shows (nothing else of the workspace). */
export interface SharedSubtitleResponse {
  data: { title: string; language: string; duration: number; hasVideo: boolean };
}
