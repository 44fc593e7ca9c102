/**
 * The projects calls as both sides see them (docs/product-contract.md#calls "Projects and elements", "Project
 * versions"; docs/product-contract.md#states-and-transitions lists, deletes and counts; docs/product-contract.md#messages "Projects"). Every resource travels
 * as `{ id, type, attributes }`; errors come back as `{ statusCode, error, message, code?, field? }`.
 *
 * Units: sizes in bytes, durations in SECONDS (numbers, millisecond precision), dates ISO 8601.
 * Ids are bigint as decimal strings.
 */
import type { Resource } from '../../../core/common/session-types';

export const PROJECTS_PATHS = {
  /** POST: a project with one version -> 201 CreateProjectResponse (reads data[0].id, data[0].attributes.projectId). */
  projects: '/api/v1/projects/',
  /** POST: the uploaded element (tus) becomes a project with one version -> 201 CreateWithProjectResponse. */
  createWithProject: '/api/v1/elements/create_with_project',
  /** POST: one project + version + downloading element per link -> 201 YoutubeDlWithProjectResponse. */
  youtubeDlWithProject: '/api/v1/elements/youtube_dl_with_project',
  /** GET ?workspaceId&state&ids -> ElementsResponse. */
  elements: '/api/v1/elements',
  /** DELETE -> DeleteElementResponse (its project versions and projects go with it). */
  element: (elementId: string) => `/api/v1/elements/${elementId}`,
  /** GET: the element's JPEG thumbnail (tenant-checked); 204 when it has none yet. Use `thumbnailUrl`. */
  elementThumbnail: (elementId: string) => `/api/v1/elements/${elementId}/thumbnail`,
  /** POST ElementUpdatesRequest -> ElementsResponse (elements that no longer exist are absent). */
  elementUpdates: '/api/v1/elements/updates',
  /** GET ?workspaceId&page&perPage&labels&search&after -> ProjectVersionsResponse. */
  projectVersions: '/api/v1/project_versions',
  /** POST ProjectVersionUpdatesRequest -> ProjectVersionsResponse (fresh rows; deleted ones absent). */
  projectVersionUpdates: '/api/v1/project_versions/updates',
  /** DELETE DeleteProjectVersionsRequest -> DeleteProjectVersionsResponse. */
  deleteProjectVersions: '/api/v1/project_versions/',
  /**
   * POST RestoreProjectVersionsRequest -> DeleteProjectVersionsResponse (not in the spec): undoes a
   * bulk delete while the versions wait for the purge (UNDO_DELETE_SECONDS); `data.ids` are those
   * brought back, `meta.numberOfProjects` the count after.
   */
  restoreProjectVersions: '/api/v1/project_versions/restore',
  /**
   * tus 1.0.0 endpoint (tus-js-client `endpoint`). Send `headers: { 'X-CSRF-Token': token }` and
   * `metadata: { workspaceId, filename, filetype }`. The final PATCH answers 200 with
   * UploadFinishedResponse as JSON and the header `Upload-Element-Id`; then call createWithProject.
   */
  uploads: '/api/v1/uploads/',
} as const;

/** The page that opens after a project is created (docs/product-contract.md#screens-and-routes); its address is built in ./project-version-page. */
export { projectVersionPage } from './project-version-page';

/** Response header of the last tus PATCH naming the element created from the upload. */
export const UPLOAD_ELEMENT_ID_HEADER = 'Upload-Element-Id';

/** docs/product-contract.md#constants-and-limits: lists start at page 1. */
export const FIRST_PAGE = 1;
export const PROJECT_VERSIONS_PER_PAGE = 50;
export const MAX_PROJECT_VERSIONS_PER_PAGE = 200;
/** Ids one bulk call may carry (delete, updates). */
export const MAX_BULK_IDS = 100_000;
/** Links one youtube_dl_with_project call may carry. */
export const MAX_URLS_PER_SUBMIT = 20;
export const TITLE_MAX_LENGTH = 255;
export const SEARCH_MAX_LENGTH = 200;

/** Toasts, verbatim from docs/product-contract.md#messages "Projects" (those this plugin shows). */
export const PROJECTS_MESSAGES = {
  downloadingElementsNotUpdated: 'Downloading elements could not be updated',
  projectNotCreatedShort: 'Project cannot be created',
  projectVersionsNotLoaded: 'Project versions could not be loaded',
  videosNotUpdated: 'Videos could not be updated',
  projectVersionsNotDeleted: 'Project version(s) could not be deleted',
  projectVersionsDeleted: 'Project version(s) deleted',
  requestFailed: 'Request has failed',
  projectNotCreated: 'Project could not be created',
  elementsNotCreated: 'Element(s) could not be created!',
  urlsNotSubmitted: 'URL(s) could not be submitted',
  assetsNotLoaded: 'Assets could not be loaded',
  assetNotDeleted: 'Asset could not be deleted',
  assetDeleted: 'Asset deleted',
  projectCreated: 'Project created',
  requestSubmitted: 'Request submitted',
} as const;

/** Texts the spec does not give: undoing a bulk delete (a product decision: docs/decisions.md). */
export const PROJECTS_UNDO_MESSAGES = {
  undo: 'Undo',
  projectVersionsRestored: 'Project version(s) restored',
  projectVersionsNotRestored: 'Project version(s) could not be restored',
  tooLate: 'They have been removed for good.',
} as const;

/** Server messages (404/413/422) the browser may show as a toast's description. */
export const PROJECTS_SERVER_MESSAGES = {
  elementNotFound: 'Element not found',
  projectVersionNotFound: 'Project version not found',
  uploadNotFound: 'Upload not found',
  elementAlreadyUsed: 'This element already belongs to a project',
  elementNotReady: 'This element is not ready yet',
  titleBlank: "Title can't be blank",
  urlInvalid: 'Each link must be an http or https URL',
  /** `{limit}` is replaced by the limit in MB. */
  elementTooLarge: 'The file is larger than the allowed {limit} MB',
  notMedia: 'The file is not a video or audio file',
  pictureNotMedia: 'The file is a picture, not a video or audio file',
  incompleteMedia:
    'The file is incomplete: its video index is missing, as when a recording or a copy stops before the end. Copy or export it again, then upload it',
  uploadWorkspaceMissing: 'The upload must name its workspaceId in Upload-Metadata',
  uploadLengthRequired: 'The upload must declare its length in Upload-Length (a deferred length is not accepted)',
  badCursor: 'The page cursor is not valid',
} as const;

/**
 * Element states (spec: "state downloading or other"). A `failed` link element has lost its
 * project and versions (the contract's (docs/product-contract.md#states-and-transitions) deletion, done by the server) but is kept, with its reason, until
 * the user dismisses it (DELETE), so the reason survives a reload.
 */
export type ElementState = 'downloading' | 'ready' | 'failed';

/**
 * Why a link import stopped. The first two are refusals (the link is not allowed: another link or
 * a bigger plan is the way on), the others failures (the link did not give a video).
 */
export type LinkFailureKind = 'private_address' | 'too_large' | 'unreachable' | 'not_media';

export interface ElementAttributes {
  title: string;
  state: ElementState;
  /** Bytes; 0 while downloading. */
  unformattedSize: number;
  /** Seconds; 0 while downloading (spec: flagged downloading when duration is 0). */
  unformattedDuration: number;
  projectVersionIds: string[];
  workspaceId: string;
  /** The link it was imported from (null for uploads). */
  sourceUrl: string | null;
  /** The client's identifier of the submit call (spec "Submit URL: identifier"). */
  submitUrlIdentifier: string | null;
  /** Authorised thumbnail route, null until there is one. */
  thumbnailUrl: string | null;
  /** Why a link import failed, in words for people (its project is then deleted; the element stays until dismissed). */
  failure: string | null;
  /** Which kind of failure (null for an element that did not fail, or failed before kinds were kept). */
  failureKind: LinkFailureKind | null;
  /** What the link's source says of the video (a channel episode's show notes), plain text; null for uploads. */
  description: string | null;
  createdAt: string;
}
export type ElementResource = Resource<'element', ElementAttributes>;

export interface ProjectVersionLabel {
  id: string;
  caption: string;
}

export interface ProjectVersionAttributes {
  projectId: string;
  workspaceId: string;
  title: string;
  createdAt: string;
  /** Seconds (0 while the element is downloading). */
  duration: number;
  thumbnailUrl: string | null;
  elementId: string | null;
  /** The element's state, or null for a version without element. */
  elementState: ElementState | null;
  /** Labels of this version (empty when the labels plugin is not installed). */
  labels: ProjectVersionLabel[];
  /** Subtitles come with the subtitles plugin; empty here. */
  subtitles: Resource<'subtitle', Record<string, unknown>>[];
  /**
   * Added within v1: the workspace's media retention (./media-retention.ts) removed this
   * version's media after that many days; its subtitles stay. null (or absent): not removed.
   */
  mediaRemovedAfterDays?: number | null;
}
export type ProjectVersionResource = Resource<'project_version', ProjectVersionAttributes>;

/** The workspace's project count after a call that changed it (docs/product-contract.md#states-and-transitions); the client may also adjust it itself. */
export interface CountMeta {
  numberOfProjects: number;
}

/** POST /api/v1/projects/ */
export interface CreateProjectRequest {
  workspaceId: string;
  title: string;
  /** An uploaded element not yet in a project. */
  elementId?: string;
}
export interface CreateProjectResponse {
  data: ProjectVersionResource[];
  meta: CountMeta;
}

/** POST /api/v1/elements/create_with_project */
export interface CreateWithProjectRequest {
  workspaceId: string;
  elementId: string;
  /** Default: the element's title (the uploaded file name without extension). */
  title?: string;
}
export interface CreateWithProjectResponse {
  data: ElementResource;
  projectVersions: { data: ProjectVersionResource[] };
  meta: CountMeta;
}

/** POST /api/v1/elements/youtube_dl_with_project */
export interface YoutubeDlWithProjectRequest {
  workspaceId: string;
  urls: string[];
  submitUrlIdentifier: string;
}
export interface YoutubeDlWithProjectResponse {
  projectVersions: { data: ProjectVersionResource[] };
  elements: { data: ElementResource[] };
  meta: CountMeta & { maxElementBytes: number };
}

/** GET /api/v1/elements?workspaceId&state&ids (ids comma separated or repeated). */
export interface ElementsQuery {
  workspaceId: string;
  state?: ElementState;
  ids?: string[];
}
export interface ElementsResponse {
  data: ElementResource[];
  /** The size limit of a link element (docs/product-contract.md#states-and-transitions, #validation: bigger ones are deleted). */
  meta: { maxElementBytes: number };
}

/** POST /api/v1/elements/updates: the current state of the downloading elements the client holds. */
export interface ElementUpdatesRequest {
  workspaceId: string;
  elementIds: string[];
}

export interface DeleteElementResponse {
  data: { id: string; projectVersionIds: string[] };
  meta: CountMeta;
}

/**
 * GET /api/v1/project_versions. `labels`: label ids, repeated (`labels=1&labels=2`) or comma
 * separated; a version matches when it has ANY of them. `search`: every typed word must begin
 * a word of the title, case-insensitively ("inter 2024" finds "Interview 20240101"). `after`: optional keyset cursor (meta.nextCursor of the previous page)
 * that makes page n+1 as fast as page 1; without it, page is an offset.
 */
export interface ProjectVersionsQuery {
  workspaceId: string;
  page?: number;
  perPage?: number;
  labels?: string[];
  search?: string;
  after?: string;
}
export interface ProjectVersionsResponse {
  data: ProjectVersionResource[];
  meta: { page: number; perPage: number; hasMore: boolean; nextCursor: string | null };
}

/** POST /api/v1/project_versions/updates */
export interface ProjectVersionUpdatesRequest {
  workspaceId: string;
  projectVersionIds: string[];
}

/** DELETE /api/v1/project_versions/ */
export interface DeleteProjectVersionsRequest {
  workspaceId: string;
  projectVersionIds: string[];
}
/** POST /api/v1/project_versions/restore */
export type RestoreProjectVersionsRequest = DeleteProjectVersionsRequest;

export interface DeleteProjectVersionsResponse {
  /** Ids actually deleted (ids of other workspaces or already gone are left out). */
  data: { ids: string[] };
  meta: CountMeta;
}

/** The final tus PATCH's JSON body. */
export interface UploadFinishedResponse {
  data: ElementResource;
}
