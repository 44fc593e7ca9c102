/**
 * Live co-editing of a subtitle's cues (issue #25), as both sides see it: one websocket per open
 * editor at LIVE_PATH, speaking the y-websocket protocol (y-protocols: a sync message, an
 * awareness message) plus an acknowledgement the server sends once an update of the editor's is
 * stored in the database, so the editor can say "All changes saved" only when nothing is at risk.
 *
 * The socket is opened with the session cookie and is allowed to whoever may read the subtitle's
 * cues (`GET …/cues`), from a page of this site only: a socket opened by another site's page (its
 * Origin) is refused with 403, which is what CSRF protection means for websockets.
 */
export const LIVE_PATH = (projectVersionId: string, subtitleId: string) =>
  `/api/v1/project_versions/${projectVersionId}/subtitles/${subtitleId}/live`;

export const LIVE_MESSAGE = {
  sync: 0,
  awareness: 1,
  /** Server -> editor: one update of this editor's is stored (counted in order). */
  ack: 2,
} as const;

export const LIVE_SERVER_MESSAGES = {
  foreignOrigin: 'Live editing is only open to pages of this site',
} as const;

/** What an editor tells the others about itself (y-protocols awareness state). */
export interface LivePresence {
  user: { name: string; color: string };
  /** The id of the cue it is on (null: none yet). */
  cue: string | null;
}
