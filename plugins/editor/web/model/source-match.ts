import type { CueData } from '../../../subtitles/common/subtitles-contract';
import type { EditorCue } from './cue-edits';

/**
 * The source text shown beside each cue of a translation: the source cues its time overlaps,
 * joined. A translation is re-timed to read well (merged, re-cut), so cues do not pair one to
 * one; overlap in time is what a translator compares. Both lists are in time order, so one
 * forward walk with a moving start serves the whole list.
 */
export function sourceTextByCue(cues: readonly EditorCue[], source: readonly CueData[]): string[] {
  const out: string[] = [];
  let first = 0;
  let previousStart = 0;
  for (const cue of cues) {
    // A cue moved before its predecessor (mid-edit): walk again from the top for it.
    if (cue.start < previousStart) first = 0;
    previousStart = cue.start;
    while (first < source.length && source[first].end <= cue.start) first++;
    const texts: string[] = [];
    for (let i = first; i < source.length && source[i].start < cue.end; i++) {
      if (source[i].end > cue.start) texts.push(source[i].text);
    }
    out.push(texts.join(' '));
  }
  return out;
}
