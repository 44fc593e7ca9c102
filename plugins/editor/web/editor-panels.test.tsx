import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConflictBanner } from './editor-panels';
import type { EditorCue } from './model/cue-edits';
import type { Theirs } from './model/save-sync';

afterEach(cleanup);

const theirs = (cues: Theirs['cues']): Theirs => ({ revision: 4, updatedAt: '2026-11-28T10:00:00.000Z', cues });

/** The banner's row for cue `n` (1-based): its two cells, mine then theirs. */
function rowOf(n: number) {
  const row = screen.getAllByRole('row').find((r) => within(r).queryAllByRole('cell')[0]?.textContent === String(n));
  if (!row) throw new Error(`no row for cue ${n}`);
  const [, mine, their] = within(row).getAllByRole('cell');
  return { mine, their };
}

/** The cue text of a cell, and whether it is drawn in italics (.cue-italic, as in the cue list). */
const shown = (cell: HTMLElement, text: string) => {
  const span = within(cell).getByText(text);
  return { text: span.textContent, italic: span.classList.contains('cue-italic') };
};

describe("the editor's conflict banner", () => {
  const banner = (mine: EditorCue[], their: Theirs) =>
    render(<ConflictBanner mine={mine} theirs={their} timeFormat="ms" onKeepMine={() => {}} onTakeTheirs={() => {}} />);

  it('shows an italic cue in italics on either side, the others upright', () => {
    banner(
      [
        { id: 'a', start: 0, end: 1000, text: 'A song plays', italic: true },
        { id: 'b', start: 1000, end: 2000, text: 'Hello' },
      ],
      theirs([
        { start: 0, end: 1000, text: 'A song is playing' },
        { start: 1000, end: 2000, text: 'Hello there', italic: true },
      ]),
    );
    expect(shown(rowOf(1).mine, 'A song plays')).toEqual({ text: 'A song plays', italic: true });
    expect(shown(rowOf(1).their, 'A song is playing')).toEqual({ text: 'A song is playing', italic: false });
    expect(shown(rowOf(2).mine, 'Hello')).toEqual({ text: 'Hello', italic: false });
    expect(shown(rowOf(2).their, 'Hello there')).toEqual({ text: 'Hello there', italic: true });
  });

  it('lists a cue whose only difference is its italics', () => {
    banner(
      [
        { id: 'a', start: 0, end: 1000, text: 'Same words' },
        { id: 'b', start: 1000, end: 2000, text: 'Voice off', italic: true },
      ],
      theirs([
        { start: 0, end: 1000, text: 'Same words' },
        { start: 1000, end: 2000, text: 'Voice off' },
      ]),
    );
    expect(screen.getByRole('alert').textContent).toMatch(/differ in 1 cue:/);
    expect(shown(rowOf(2).mine, 'Voice off').italic).toBe(true);
    expect(shown(rowOf(2).their, 'Voice off').italic).toBe(false);
  });
});
