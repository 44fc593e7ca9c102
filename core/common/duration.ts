/**
 * How every screen shows a length of media: `m:ss`, or `h:mm:ss` from an hour on, rounded to the
 * second (a video's duration in the projects table, a set-up's total, a channel's video). One
 * function, so the projects table, the pipeline and the channels list never disagree about
 * 59.6 s. Cue times (`02:03.450`) and the editor's timecodes are another thing, to the
 * millisecond or the frame, and stay with the subtitle formats and the editor.
 */
export function formatDuration(seconds: number, options: { unknown?: string } = {}): string {
  // A length not known yet (0 while a video downloads, NaN, negative) shows `unknown` when given.
  if (options.unknown !== undefined && !(Number.isFinite(seconds) && seconds > 0)) return options.unknown;
  const total = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
