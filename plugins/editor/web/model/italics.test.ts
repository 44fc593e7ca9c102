import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { localCueKeys, type CueData } from '../../../subtitles/common/subtitles-contract';
import { actionFor, EDITOR_KEYS } from '../editor-keys';
import { editorCommands } from '../editor-commands';
import { createEditorModel } from './editor-model';
import { readDraft } from './local-draft';

const CUES: CueData[] = [
  { start: 0, end: 2000, text: 'The ferry leaves at noon' },
  { start: 2500, end: 4500, text: '♪ Row, row, row your boat ♪', italic: true },
  { start: 5000, end: 7000, text: 'Welcome aboard' },
];

function setUp() {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  const saves: CueData[][] = [];
  const model = createEditorModel({
    storage,
    saveDelayMs: 0,
    draftDelayMs: 0,
    onOnline: () => () => {},
    save: async ({ revision, cues }) => {
      saves.push(cues);
      return { revision: revision + 1 };
    },
  });
  const scope = fork();
  const open = () =>
    allSettled(model.opened, { scope, params: { subtitleId: '7', language: 'en', revision: 3, cues: CUES } });
  const toggle = (index: number, to = index) =>
    allSettled(model.edited, { scope, params: { kind: 'italic', index, to } });
  const italics = () => scope.getState(model.$cues).map((cue) => cue.italic === true);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 5)).then(() => allSettled(scope));
  return { model, scope, storage, saves, open, toggle, italics, settle };
}

describe('italics in the editor', () => {
  it('toggles the active cue, one undo step each way; what the server sent is kept', async () => {
    const { model, scope, open, toggle, italics } = setUp();
    await open();
    expect(italics()).toEqual([false, true, false]);
    await toggle(0);
    expect(italics()).toEqual([true, true, false]);
    await toggle(1);
    expect(italics()).toEqual([true, false, false]);
    await allSettled(model.undone, { scope });
    expect(italics()).toEqual([true, true, false]);
    await allSettled(model.undone, { scope });
    expect(italics()).toEqual([false, true, false]);
    await allSettled(model.redone, { scope });
    expect(italics()).toEqual([true, true, false]);
  });

  it('on a range: any roman cue makes them all italic, all italic makes them roman; one undo brings the range back', async () => {
    const { model, scope, open, toggle, italics } = setUp();
    await open();
    await toggle(0, 2);
    expect(italics()).toEqual([true, true, true]);
    await toggle(2, 0);
    expect(italics()).toEqual([false, false, false]);
    await allSettled(model.undone, { scope });
    expect(italics()).toEqual([true, true, true]);
    await allSettled(model.undone, { scope });
    expect(italics()).toEqual([false, true, false]);
  });

  it('goes to the server and the browser copy on every cue, roman said too (a save never falls back to them by position)', async () => {
    const { storage, saves, open, toggle, settle } = setUp();
    await open();
    await toggle(1);
    await settle();
    expect(saves.at(-1)!.map((cue) => cue.italic)).toEqual([false, false, false]);
    await toggle(2);
    await settle();
    expect(saves.at(-1)!.map((cue) => cue.italic)).toEqual([false, false, true]);
    expect(readDraft(storage, '7')!.cues.map((cue) => cue.italic)).toEqual([false, false, true]);
    expect(storage.getItem(localCueKeys('7').cues)).toContain('"italic":true');
  });

  it('a reviewer cannot toggle it', async () => {
    const { model, scope, open, toggle, italics } = setUp();
    await open();
    await allSettled(model.reviewOnlySet, { scope, params: true });
    await toggle(0, 2);
    expect(italics()).toEqual([false, true, false]);
    // The same edit from an editor is made: it is the role that stopped it.
    await allSettled(model.reviewOnlySet, { scope, params: false });
    await toggle(0, 2);
    expect(italics()).toEqual([true, true, true]);
  });

  it('is Ctrl+I in the text and in the list, listed in the key help and the palette as "Italic"', () => {
    const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);
    expect(actionFor(key({ code: 'KeyI', key: 'i', ctrlKey: true }), true)).toBe('italic');
    expect(actionFor(key({ code: 'KeyI', key: 'i', ctrlKey: true }), false)).toBe('italic');
    expect(actionFor(key({ code: 'KeyI', key: 'i' }), true)).toBeNull();
    expect(EDITOR_KEYS.find((entry) => entry.action === 'italic')!.title).toMatch(/^Italic/);
    const run: string[] = [];
    const command = editorCommands('7', (action) => run.push(action)).find((c) => c.title.startsWith('Italic'))!;
    void command.run!({} as never);
    expect(run).toEqual(['italic']);
  });
});
