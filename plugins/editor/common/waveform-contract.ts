/**
 * The editor's waveform call as both sides see it (not in the spec; the editor's own). The peaks
 * of a version's audio are computed once on the server with ffmpeg and kept in Storage as a
 * multi-resolution pyramid; a request names the window and how many buckets it wants (the
 * canvas's width), so a 2-hour overview and a 10-second zoom cost the same few KB.
 *
 * GET WAVEFORM_PATH(...)?from=<ms>&to=<ms>&buckets=<n>
 * - 200 `application/octet-stream`: `buckets` pairs of signed bytes (min, max), -128..127, the
 *   window cut in equal parts; headers below say what the window is. Past the end of the audio
 *   the pairs are 0.
 * - 202 `{ status: 'computing' }` with Retry-After (seconds) while the peaks are made the first
 *   time (about a minute of a film's audio a second on this machine); ask again then.
 * - 404 when the subtitle is not the caller's to open, or its version has no media.
 */

export const WAVEFORM_PATH = (projectVersionId: string, subtitleId: string) =>
  `/api/v1/project_versions/${projectVersionId}/subtitles/${subtitleId}/waveform`;

/** The most buckets one request may ask for (a 4K screen's width). */
export const WAVEFORM_MAX_BUCKETS = 4096;
/** The finest resolution kept: one bucket per 10 ms (a frame is 40 ms). */
export const WAVEFORM_BASE_BUCKET_MS = 10;

export const WAVEFORM_HEADERS = {
  /** The audio's length in ms (0 when the media has no readable audio). */
  duration: 'x-waveform-duration-ms',
  from: 'x-waveform-from-ms',
  to: 'x-waveform-to-ms',
  buckets: 'x-waveform-buckets',
  /** The loudest |peak| of the whole audio (0..128): the editor draws every window to that scale, so quiet audio still shows. */
  peak: 'x-waveform-peak',
} as const;

export interface WaveformQuery {
  from?: number;
  to?: number;
  buckets?: number;
}

export interface WaveformComputing {
  status: 'computing';
}

export const WAVEFORM_MESSAGES = {
  mediaMissing: 'This project has no video yet',
  badWindow: 'The window must end after it starts',
} as const;

/** A window of peaks as the browser holds it. */
export interface WaveformWindow {
  durationMs: number;
  from: number;
  to: number;
  /** min, max, min, max… (-128..127). */
  peaks: Int8Array;
}
