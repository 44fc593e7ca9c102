/**
 * Plain text (.txt): the transcript people paste into documents. One paragraph per cue, the
 * cue's lines kept, a blank line between paragraphs, LF line ends; no times, no speakers.
 * Write-only: without times there is nothing to import.
 */
import { type Cue, cueLines, sortCues } from './cue';

export function writePlainText(cues: readonly Cue[]): string {
  const paragraphs: string[] = [];
  for (const cue of sortCues(cues)) {
    const lines = cueLines(cue.text);
    if (lines.length > 0) paragraphs.push(lines.join('\n'));
  }
  return paragraphs.length === 0 ? '' : `${paragraphs.join('\n\n')}\n`;
}
