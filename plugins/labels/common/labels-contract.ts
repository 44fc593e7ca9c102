/**
 * The labels calls as both sides see them (docs/product-contract.md#calls "Labels", #states-and-transitions label selection,
 * docs/product-contract.md#messages "Labels"). Resources travel as `{ id, type, attributes }`; errors come back as
 * `{ statusCode, error, message, code?, field? }`. Ids are bigint as decimal strings.
 */
import type { Resource } from '../../../core/common/session-types';

export const LABELS_PATHS = {
  /** GET ?workspaceId -> LabelsResponse; POST CreateLabelRequest -> 201 LabelResponse. */
  labels: '/api/v1/labels/',
  /** PUT RenameLabelRequest -> LabelResponse; DELETE -> DeleteLabelResponse. */
  label: (labelId: string) => `/api/v1/labels/${labelId}`,
  /** POST (assign) / DELETE (remove) ProjectVersionLabelsRequest -> ProjectVersionLabelsResponse. */
  projectVersionLabels: '/api/v1/project_version_labels/',
} as const;

/** docs/product-contract.md#constants-and-limits: the selected label ids are kept in this cookie (comma-separated ids). */
export const SELECTED_LABELS_COOKIE = 'selected_labels';

export const CAPTION_MAX_LENGTH = 60;
/** Ids one assign/remove call may carry: all in one SQL statement. */
export const MAX_LABEL_BULK_IDS = 100_000;

/** Toasts, verbatim from docs/product-contract.md#messages "Labels". */
export const LABELS_MESSAGES = {
  labelsNotLoaded: 'Labels could not be loaded',
  labelNotCreated: 'Label could not be created',
  labelsNotUpdated: 'Labels could not be updated',
  labelNotRenamed: 'Label could not be renamed!',
  labelNotDeleted: 'Label could not be deleted!',
  selectionNotChanged: 'Cannot change label selection',
  labelCreated: 'Label created',
  labelCreatedAndAssigned: 'Label created and assigned',
  labelRenamed: 'Label is renamed!',
  labelDeleted: 'Label is deleted!',
} as const;

/** Server messages (404/422) shown as a toast's description. */
export const LABELS_SERVER_MESSAGES = {
  labelNotFound: 'Label not found',
  captionBlank: "Caption can't be blank",
  captionTooLong: `Caption is too long (maximum is ${CAPTION_MAX_LENGTH} characters)`,
  captionTaken: 'A label with this caption already exists in this workspace',
} as const;

export interface LabelAttributes {
  caption: string;
  workspaceId: string;
  /** How many project versions carry the label. */
  projectVersionCount: number;
  /**
   * Spec field. In list/rename/delete responses it is empty (a label may sit on a million
   * versions; each version lists its labels instead). In create and assign/remove responses it
   * holds the versions changed by that call.
   */
  projectVersionIds: string[];
}
export type LabelResource = Resource<'label', LabelAttributes>;

/** GET /api/v1/labels/?workspaceId (sorted by caption, case-insensitively). */
export interface LabelsResponse {
  data: LabelResource[];
}

/** POST /api/v1/labels/: caption trimmed, 1..60 characters, unique per workspace ignoring case. */
export interface CreateLabelRequest {
  workspaceId: string;
  caption: string;
  /** Spec: "After a label is created it is optionally assigned to given project versions". */
  projectVersionIds?: string[];
}
export interface LabelResponse {
  data: LabelResource;
}

/** PUT /api/v1/labels/{labelId} */
export interface RenameLabelRequest {
  caption: string;
}

export interface DeleteLabelResponse {
  data: { id: string };
}

/** POST and DELETE /api/v1/project_version_labels/ */
export interface ProjectVersionLabelsRequest {
  labelId: string;
  selectedProjectVersionIds: string[];
}
/** The label; attributes.projectVersionIds = the versions newly labelled (POST) or unlabelled (DELETE). */
export type ProjectVersionLabelsResponse = LabelResponse;
