import type { EditorCue } from './cue-edits';

/**
 * Speaker labels: a cue's `speaker` (the subtitles contract's optional field, stored with the cue
 * on the server, written as a WebVTT `<v Name>` voice, an ASS Name, a TTML agent). Setting one on
 * a range is one edit; an empty name clears it.
 */
export function setSpeaker(
  cues: readonly EditorCue[],
  from: number,
  to: number,
  speaker: string,
): readonly EditorCue[] {
  const name = speaker.replace(/\s+/g, ' ').trim();
  const first = Math.max(0, Math.min(from, to));
  const last = Math.min(cues.length - 1, Math.max(from, to));
  let changed = false;
  const next = cues.map((cue, index) => {
    if (index < first || index > last || (cue.speaker ?? '') === name) return cue;
    changed = true;
    if (name) return { ...cue, speaker: name };
    const { speaker: _dropped, ...rest } = cue;
    return rest;
  });
  return changed ? next : cues;
}

/** The speakers named in the subtitle, most used first (what the picker offers). */
export function knownSpeakers(cues: readonly EditorCue[]): string[] {
  const counts = new Map<string, number>();
  for (const cue of cues) if (cue.speaker) counts.set(cue.speaker, (counts.get(cue.speaker) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
}
