import { FRAME_MS } from './cue-edits';
import type { DraftStorage } from './local-draft';

/**
 * How the editor shows times: hh:mm:ss.mmm (Subtitle Edit's and Aegisub's default), or
 * hh:mm:ss:ff in frames (broadcast timecode, what EBU STL and a video editor show). Frames are at
 * the editor's frame rate, 25 fps (FRAME_MS, the step of a nudge), so a nudge moves the ff by one.
 */
export type TimeFormat = 'ms' | 'frames';

export const FRAMES_PER_SECOND = Math.round(1000 / FRAME_MS);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatTime(ms: number, format: TimeFormat = 'ms'): string {
  const total = Math.max(0, Math.round(ms));
  const clock = `${pad(Math.floor(total / 3_600_000))}:${pad(Math.floor(total / 60_000) % 60)}:${pad(Math.floor(total / 1000) % 60)}`;
  // A frame is shown from its first millisecond: 3.960 s is frame 24 of second 3 at 25 fps.
  return format === 'frames'
    ? `${clock}:${pad(Math.floor(((total % 1000) * FRAMES_PER_SECOND) / 1000))}`
    : `${clock}.${pad(total % 1000, 3)}`;
}

const KEY = 'polycue.editor.timeFormat';

/** The format chosen in this browser (every subtitle: it is how the subtitler reads times, not a property of one file). */
export function readTimeFormat(storage: DraftStorage): TimeFormat {
  try {
    return storage.getItem(KEY) === 'frames' ? 'frames' : 'ms';
  } catch {
    return 'ms';
  }
}

export function writeTimeFormat(storage: DraftStorage, format: TimeFormat): void {
  try {
    storage.setItem(KEY, format);
  } catch {
    // Storage disabled: this visit still shows it.
  }
}
