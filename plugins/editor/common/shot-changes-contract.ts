/**
 * The editor's shot-change call (not in the spec; the editor's own). The cuts of a version's
 * video are found once on the server with ffmpeg's scene detection and kept in Storage; the
 * timeline draws them, a dragged cue edge snaps to them (a start on the cut, an end two frames
 * before it, as broadcast and streaming style guides ask) and Shift+J / Shift+L jump to them.
 *
 * GET SHOT_CHANGES_PATH(...)
 * - 200 `{ data: { times: number[] } }`: each cut's time in ms (the first frame of the new shot),
 *   ascending; empty for media without video or without cuts.
 * - 202 `{ status: 'computing' }` with Retry-After (seconds) while they are found the first time
 *   (the whole video is decoded: several minutes of a film a minute on this machine).
 * - 404 when the subtitle is not the caller's to open, or its version has no media.
 */

export const SHOT_CHANGES_PATH = (projectVersionId: string, subtitleId: string) =>
  `/api/v1/project_versions/${projectVersionId}/subtitles/${subtitleId}/shot_changes`;

export interface ShotChangesResponse {
  data: { times: number[] };
}
