/**
 * Media retention per workspace (issue 27): an account admin may have the stored media of
 * project versions older than N days deleted automatically; subtitles, their exports and SRT
 * downloads stay. Off unless chosen (no row in `workspace_media_retention`). The daily job
 * `projects.removeExpiredMedia` deletes the files through Storage and marks the element, so the
 * version page says why its video is gone instead of showing a broken player.
 */

/** The choices, in days; null: off (the default). */
export const MEDIA_RETENTION_DAYS = [30, 90, 180, 365] as const;
export type MediaRetentionDays = (typeof MEDIA_RETENTION_DAYS)[number];

/** GET (any member of the workspace) / PUT MediaRetentionSettings (account admins) -> { data: MediaRetentionSettings }. */
export const MEDIA_RETENTION_PATH = (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/media_retention`;

/** The account settings' section of it (its select focused when opened at this address). */
export const MEDIA_RETENTION_SECTION_PATH = '/account#media-retention';

export interface MediaRetentionSettings {
  /** null: media is kept until someone deletes it. */
  days: MediaRetentionDays | null;
}

/** What the version page says in place of the player once retention removed the media. */
export const mediaRemovedNotice = (days: number) => `Media removed after ${days} days (retention)`;

/** How a choice reads in the settings and the palette. */
export const mediaRetentionLabel = (days: number | null) =>
  days === null ? 'Keep media until deleted' : `Delete media after ${days} days`;

export const MEDIA_RETENTION_MESSAGES = {
  saved: 'Media retention saved',
  notSaved: 'Media retention could not be saved',
} as const;
