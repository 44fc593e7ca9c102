import { describe, expect, it } from 'vitest';
import type { Colleague } from '../live/live-model';
import type { EditorCue } from '../model/cue-edits';
import { presenceMarks } from './timeline-presence';

const cue = (id: string, start: number): EditorCue => ({ id, start, end: start + 900, text: id });
const colleague = (clientId: number, name: string, cueId: string | null): Colleague => ({
  clientId,
  name,
  initials: name[0],
  color: '#0b7285',
  cue: cueId,
});

describe('colleagues on the timeline', () => {
  it('marks each on the cue they are on, side by side when two share one, and skips those on no cue or a cue gone', () => {
    const cues = [cue('a', 0), cue('b', 1000), cue('c', 2000)];
    const marks = presenceMarks(
      [colleague(1, 'Ana', 'c'), colleague(2, 'Ben', null), colleague(3, 'Cy', 'c'), colleague(4, 'Di', 'gone')],
      cues,
    );
    expect(marks.map(({ colleague: c, index, slot }) => [c.name, index, slot])).toEqual([
      ['Ana', 2, 0],
      ['Cy', 2, 1],
    ]);
  });
});
