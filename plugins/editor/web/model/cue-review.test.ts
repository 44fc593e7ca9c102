import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import type { CueData } from '../../../subtitles/common/subtitles-contract';
import { nextUnreviewed } from '../editor-actions';
import { withIds } from './cue-edits';
import { createEditorModel } from './editor-model';

const CUES: CueData[] = [
  { start: 0, end: 2000, text: 'The ferry leaves at noon', review: 'approved' },
  { start: 2500, end: 4500, text: 'Welcome aboard' },
  { start: 5000, end: 6000, text: 'Mind the gap', review: 'reviewed' },
];

function setUp() {
  const items = new Map<string, string>();
  const saves: CueData[][] = [];
  const model = createEditorModel({
    storage: {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
    },
    saveDelayMs: 0,
    onOnline: () => () => {},
    save: async ({ revision, cues }) => {
      saves.push(cues);
      return { revision: revision + 1 };
    },
  });
  const scope = fork();
  const open = () =>
    allSettled(model.opened, { scope, params: { subtitleId: '7', language: 'en', revision: 3, cues: CUES } });
  const edit = (params: Parameters<typeof model.edited>[0]) => allSettled(model.edited, { scope, params });
  const reviews = () => scope.getState(model.$cues).map((cue) => cue.review ?? 'todo');
  return { model, scope, saves, open, edit, reviews };
}

describe('review by cue in the editor', () => {
  it('sets a range’s state in one undoable step, and the save names every cue’s state', async () => {
    const { model, scope, saves, open, edit, reviews } = setUp();
    await open();
    expect(reviews()).toEqual(['approved', 'todo', 'reviewed']);
    await edit({ kind: 'review', index: 2, to: 1, review: 'translated' });
    expect(reviews()).toEqual(['approved', 'translated', 'translated']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await allSettled(scope);
    expect(saves.at(-1)?.map((cue) => cue.review)).toEqual(['approved', 'translated', 'translated']);
    await allSettled(model.undone, { scope });
    expect(reviews()).toEqual(['approved', 'todo', 'reviewed']);
  });

  it('a text edit of an approved cue makes it reviewed again; other states keep theirs', async () => {
    const { open, edit, reviews } = setUp();
    await open();
    await edit({ kind: 'text', index: 0, text: 'The ferry leaves at one' });
    await edit({ kind: 'text', index: 2, text: 'Mind the step' });
    expect(reviews()).toEqual(['reviewed', 'todo', 'reviewed']);
  });

  it('for a reviewer, only review states change: text, times and the cue list stay', async () => {
    const { model, scope, open, edit, reviews } = setUp();
    await open();
    await allSettled(model.reviewOnlySet, { scope, params: true });
    await edit({ kind: 'text', index: 1, text: 'Changed' });
    await edit({ kind: 'delete', index: 1 });
    await edit({ kind: 'nudge', index: 1, edge: 'start', frames: 1 });
    await edit({ kind: 'review', index: 1, to: 1, review: 'approved' });
    expect(scope.getState(model.$cues).map(({ start, text }) => ({ start, text }))).toEqual(
      CUES.map(({ start, text }) => ({ start, text })),
    );
    expect(reviews()).toEqual(['approved', 'approved', 'reviewed']);
  });

  it('F9 finds the next cue not reviewed, wrapping round', () => {
    const cues = withIds(CUES);
    expect(nextUnreviewed(cues, 1)).toBe(1);
    expect(nextUnreviewed(cues, 0)).toBe(1);
    expect(nextUnreviewed(withIds([{ start: 0, end: 1, text: 'a', review: 'approved' }]), 0)).toBeNull();
  });
});
