import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../core';
import { localCueKeys, type CueData } from '../../../subtitles/common/subtitles-contract';
import { FRAME_MS, insertAfter, mergeWithNext, splitCue, withIds } from './cue-edits';
import { createEditorModel } from './editor-model';
import { readDraft } from './local-draft';

const CUES: CueData[] = [
  { start: 0, end: 2000, text: 'The ferry leaves at noon' },
  { start: 2500, end: 4500, text: 'Welcome aboard' },
];

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** A model on a fake server: `saves` records what went out; `answer` decides the reply. */
function setUp(
  options: {
    storage?: ReturnType<typeof memoryStorage>;
    answer?: (revision: number) => { revision: number } | ApiError;
  } = {},
) {
  const storage = options.storage ?? memoryStorage();
  const saves: { revision: number; cues: CueData[] }[] = [];
  let onlineListener = () => {};
  const model = createEditorModel({
    storage,
    saveDelayMs: 0,
    onOnline: (listener) => {
      onlineListener = listener;
      return () => {};
    },
    save: async ({ revision, cues }) => {
      saves.push({ revision, cues });
      const answer = options.answer?.(revision) ?? { revision: revision + 1 };
      if (answer instanceof ApiError) throw answer;
      return answer;
    },
  });
  const scope = fork();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 5)).then(() => allSettled(scope));
  const open = () =>
    allSettled(model.opened, { scope, params: { subtitleId: '7', language: 'en', revision: 3, cues: CUES } });
  const send = <T>(unit: { (payload: T): unknown }, payload?: T) =>
    allSettled(unit as never, { scope, params: payload as never });
  const texts = () => scope.getState(model.$cues).map((c) => c.text);
  return { model, scope, storage, saves, open, send, settle, texts, goOnline: () => onlineListener() };
}

describe('cue edits', () => {
  it('splits at the caret with the time cut in proportion to the characters, leaving the minimum gap', () => {
    const [first, second] = splitCue(withIds([{ start: 0, end: 3000, text: 'Hello there, friend' }]), 0, { caret: 12 });
    expect([first.text, second.text]).toEqual(['Hello there,', 'friend']);
    expect(second.start - first.end).toBe(80);
    expect(first.end).toBe(Math.round(((3000 - 80) * 12) / 18));
  });

  it('splits at the playhead when it is inside the cue (half the gap each side), cutting the text at the nearest space', () => {
    const [first, second] = splitCue(withIds([{ start: 1000, end: 3000, text: 'one two three four' }]), 0, {
      at: 2000,
    });
    expect([first.end, second.start]).toEqual([1960, 2040]);
    expect([first.text, second.text]).toEqual(['one two', 'three four']);
  });

  it('merges two one-line cues into a two-line cue; an insert keeps the minimum gap', () => {
    const merged = mergeWithNext(withIds(CUES), 0);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ start: 0, end: 4500, text: 'The ferry leaves at noon\nWelcome aboard' });
    const inserted = insertAfter(withIds(CUES), 0);
    expect(inserted[1]).toMatchObject({ start: 2080, text: '' });
    expect(inserted[1].end).toBeGreaterThanOrEqual(2580);
  });
});

describe('editor model', () => {
  it('undoes and redoes every edit; typing in one cue is one step', async () => {
    const t = setUp();
    await t.open();
    await t.send(t.model.edited, { kind: 'text', index: 0, text: 'The ferry' });
    await t.send(t.model.edited, { kind: 'text', index: 0, text: 'The ferry leaves' });
    await t.send(t.model.edited, { kind: 'split', index: 1, caret: 7 });
    expect(t.texts()).toEqual(['The ferry leaves', 'Welcome', 'aboard']);
    expect(t.scope.getState(t.model.$active)).toBe(2);
    await t.send(t.model.undone);
    expect(t.texts()).toEqual(['The ferry leaves', 'Welcome aboard']);
    await t.send(t.model.undone);
    expect(t.texts()).toEqual(['The ferry leaves at noon', 'Welcome aboard']);
    await t.send(t.model.redone);
    await t.send(t.model.redone);
    expect(t.texts()).toEqual(['The ferry leaves', 'Welcome', 'aboard']);
    await t.send(t.model.edited, { kind: 'merge', index: 1 });
    expect(t.texts()).toEqual(['The ferry leaves', 'Welcome\naboard']);
  });

  it('nudges an edge by a frame; held nudges are one undo step', async () => {
    const t = setUp();
    await t.open();
    await t.send(t.model.edited, { kind: 'nudge', index: 1, edge: 'start', frames: -1 });
    await t.send(t.model.edited, { kind: 'nudge', index: 1, edge: 'start', frames: -1 });
    expect(t.scope.getState(t.model.$cues)[1].start).toBe(2500 - 2 * FRAME_MS);
    await t.send(t.model.edited, { kind: 'set', index: 1, edge: 'end', ms: 4321.4 });
    expect(t.scope.getState(t.model.$cues)[1].end).toBe(4321);
    await t.send(t.model.undone);
    await t.send(t.model.undone);
    expect(t.scope.getState(t.model.$cues)[1]).toMatchObject({ start: 2500, end: 4500 });
  });

  it('shows the pipeline’s reading-rule problems as the text changes', async () => {
    const t = setUp();
    await t.open();
    expect(t.scope.getState(t.model.$problems).flagged).toEqual([]);
    await t.send(t.model.edited, {
      kind: 'text',
      index: 1,
      text: 'Welcome aboard the harbour ferry, and thank you all for travelling with us',
    });
    const problems = t.scope.getState(t.model.$problems);
    expect(problems.flagged).toEqual([1]);
    expect(problems.byCue[1].map((v) => v.rule)).toContain('max-chars-per-line');
    await t.send(t.model.edited, { kind: 'text', index: 1, text: 'Welcome aboard' });
    expect(t.scope.getState(t.model.$problems).flagged).toEqual([]);
  });

  it('once the video’s cuts are known, flags an edge a few frames off one, and stops when it is moved onto it', async () => {
    const t = setUp();
    await t.open();
    // Cue 2 starts at 2.500 s; a cut at 2.600 s is 2.5 frames after it.
    await t.send(t.model.shotChangesSet, [2600]);
    let problems = t.scope.getState(t.model.$problems);
    expect(problems.flagged).toEqual([1]);
    expect(problems.byCue[1].map((v) => v.message)).toEqual([
      'Starts 3 frames before a shot change: start it on the cut',
    ]);
    await t.send(t.model.edited, { kind: 'set', index: 1, edge: 'start', ms: 2600 });
    problems = t.scope.getState(t.model.$problems);
    expect(problems.flagged).toEqual([]);
  });

  it('keeps every change in the browser under the spec’s keys, saves it with the revision, and a reload restores unsynced edits', async () => {
    const storage = memoryStorage();
    const offline = new ApiError('The server could not be reached', 0, 'network_error');
    let down = true;
    const t = setUp({ storage, answer: (revision) => (down ? offline : { revision: revision + 1 }) });
    await t.open();
    await t.send(t.model.edited, { kind: 'text', index: 0, text: 'Edited offline' });
    await t.settle();
    const keys = localCueKeys('7');
    expect(storage.items.get(keys.synchronized)).toBe('false');
    expect(storage.items.get(keys.updatedAt)).toMatch(/^\d{4}-/);
    expect(readDraft(storage, '7')).toMatchObject({
      revision: 3,
      synchronized: false,
      cues: [{ text: 'Edited offline' }, { text: 'Welcome aboard' }],
    });
    expect(t.scope.getState(t.model.$saveState)).toBe('offline');

    // A reload while offline: the draft wins over the server's copy.
    const reloaded = setUp({ storage, answer: (revision) => (down ? offline : { revision: revision + 1 }) });
    await reloaded.open();
    expect(reloaded.texts()).toEqual(['Edited offline', 'Welcome aboard']);

    // Back online: the save goes out from the revision the edits were made on.
    down = false;
    reloaded.goOnline();
    await reloaded.settle();
    expect(reloaded.saves.at(-1)).toMatchObject({
      revision: 3,
      cues: [{ text: 'Edited offline' }, { text: 'Welcome aboard' }],
    });
    expect(reloaded.scope.getState(reloaded.model.$saveState)).toBe('saved');
    expect(readDraft(storage, '7')).toMatchObject({ revision: 4, synchronized: true });
  });

  it('a conflict keeps both versions until the user chooses: keep mine saves over theirs, take theirs adopts theirs', async () => {
    const theirs = {
      revision: 9,
      updatedAt: '2026-01-01T00:00:00.000Z',
      cues: [{ start: 0, end: 1000, text: 'Theirs' }],
    };
    let conflicting = true;
    const conflict = new ApiError('The subtitle was changed elsewhere', 409, 'revision_conflict', null, { theirs });
    const t = setUp({ answer: (revision) => (conflicting ? conflict : { revision: revision + 1 }) });
    await t.open();
    await t.send(t.model.edited, { kind: 'text', index: 0, text: 'Mine' });
    await t.settle();
    expect(t.scope.getState(t.model.$saveState)).toBe('conflict');
    expect(t.scope.getState(t.model.$conflict)).toEqual(theirs);
    expect(t.texts()[0]).toBe('Mine');

    conflicting = false;
    await t.send(t.model.keepMine);
    await t.settle();
    expect(t.saves.at(-1)).toMatchObject({ revision: 9, cues: [{ text: 'Mine' }, { text: 'Welcome aboard' }] });
    expect(t.scope.getState(t.model.$saveState)).toBe('saved');

    const other = setUp({ answer: () => conflict });
    await other.open();
    await other.send(other.model.edited, { kind: 'delete', index: 1 });
    await other.settle();
    await other.send(other.model.takeTheirs);
    await other.settle();
    expect(other.texts()).toEqual(['Theirs']);
    expect(other.scope.getState(other.model.$saveState)).toBe('saved');
    expect(readDraft(other.storage, '7')).toMatchObject({
      revision: 9,
      synchronized: true,
      cues: [{ text: 'Theirs' }],
    });
    // Mine is one undo away.
    await other.send(other.model.undone);
    expect(other.texts()).toEqual(['The ferry leaves at noon']);
  });
});
