import type { EditorCue } from './cue-edits';

/**
 * Whole-cue italics (a song, a voice off screen, a thought): a cue's `italic`, stored with the cue
 * and written as `<i>` in SRT and WebVTT, `tts:fontStyle="italic"` in TTML, `{\i1}` in ASS. The
 * toggle works as in a word processor: a range with any roman cue becomes all italic; a range
 * all in italics becomes roman. One edit, so one undo step.
 */
export function toggleItalic(cues: readonly EditorCue[], from: number, to: number): readonly EditorCue[] {
  const first = Math.max(0, Math.min(from, to));
  const last = Math.min(cues.length - 1, Math.max(from, to));
  if (first > last) return cues;
  let allItalic = true;
  for (let i = first; i <= last; i++) if (!cues[i].italic) allItalic = false;
  const next = [...cues];
  for (let i = first; i <= last; i++) {
    const { italic: _old, ...rest } = cues[i];
    next[i] = allItalic ? rest : cues[i].italic ? cues[i] : { ...rest, italic: true };
  }
  return next;
}
