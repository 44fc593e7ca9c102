import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { withIds, type EditorCue } from './cue-edits';
import { createEditorModel } from './editor-model';
import { findMatches, matchFrom, replaceAll, replaceMatch } from './find-replace';
import { shiftRange } from './shift-range';
import { knownSpeakers, setSpeaker } from './speakers';
import { toCueData } from './local-draft';

const RAW = [
  { start: 0, end: 2000, text: 'The ferry leaves. Ferry!' },
  { start: 2500, end: 4000, text: 'A ferryman waits' },
  { start: 5000, end: 6000, text: 'the FERRY' },
];
const CUES = withIds(RAW);
const texts = (cues: readonly EditorCue[]) => cues.map((c) => c.text);
const times = (cues: readonly EditorCue[]) => cues.map((c) => [c.start, c.end]);

describe('find and replace', () => {
  it('finds by case and whole word, walks matches both ways and wraps round', () => {
    expect(findMatches(CUES, 'ferry', { caseSensitive: false, wholeWord: false })).toHaveLength(4);
    const words = findMatches(CUES, 'ferry', { caseSensitive: false, wholeWord: true });
    expect(words).toEqual([
      { index: 0, from: 4, to: 9 },
      { index: 0, from: 18, to: 23 },
      { index: 2, from: 4, to: 9 },
    ]);
    expect(findMatches(CUES, 'Ferry', { caseSensitive: true, wholeWord: true })).toEqual([{ index: 0, from: 18, to: 23 }]);
    expect(findMatches(CUES, 'a.b', { caseSensitive: false, wholeWord: false })).toEqual([]);
    expect(matchFrom(words, 0, 5)).toBe(1);
    expect(matchFrom(words, 2, 5)).toBe(0);
    expect(matchFrom(words, 0, 4, true)).toBe(2);
  });

  it('replaces one match, or all in one new list keeping untouched cues', () => {
    const one = replaceMatch(CUES, { index: 2, from: 4, to: 9 }, 'boat');
    expect(texts(one)[2]).toBe('the boat');
    const all = replaceAll(CUES, 'ferry', 'boat', { caseSensitive: false, wholeWord: true });
    expect(texts(all)).toEqual(['The boat leaves. boat!', 'A ferryman waits', 'the boat']);
    expect(all[1]).toBe(CUES[1]);
    expect(replaceAll(CUES, 'nothing', 'x', { caseSensitive: false, wholeWord: false })).toBe(CUES);
    expect(texts(replaceAll(CUES, 'ferry', '$&$1', { caseSensitive: true, wholeWord: false }))[1]).toBe('A $&$1man waits');
  });
});

describe('shift a range', () => {
  it('moves the range, cut short before a new overlap or a negative time', () => {
    expect(times(shiftRange(CUES, 1, 2, 300).cues)).toEqual([[0, 2000], [2800, 4300], [5300, 6300]]);
    // Earlier: cue 2 may go back to the end of cue 1 (500 ms), no further.
    const back = shiftRange(CUES, 1, 2, -1000);
    expect(back.appliedMs).toBe(-500);
    expect(times(back.cues)).toEqual([[0, 2000], [2000, 3500], [4500, 5500]]);
    // Later: cue 2 may reach the start of cue 3 (1000 ms).
    expect(shiftRange(CUES, 0, 1, 5000).appliedMs).toBe(1000);
    expect(shiftRange(CUES, 0, 2, -40).appliedMs).toBe(0);
    expect(shiftRange(CUES, 0, 2, -40).cues).toBe(CUES);
    // Both ends, either order.
    expect(times(shiftRange(CUES, 2, 0, 40).cues)[0]).toEqual([40, 2040]);
  });
});

describe('speakers', () => {
  it('sets, lists and clears speakers; they go to the server with the cue', () => {
    const named = setSpeaker(CUES, 0, 1, '  Anna  Lind ');
    expect(named.map((c) => c.speaker)).toEqual(['Anna Lind', 'Anna Lind', undefined]);
    expect(knownSpeakers(setSpeaker(named, 2, 2, 'Bo'))).toEqual(['Anna Lind', 'Bo']);
    const cleared = setSpeaker(named, 1, 1, '');
    expect('speaker' in cleared[1]).toBe(false);
    expect(toCueData(named)[0]).toEqual({ start: 0, end: 2000, text: 'The ferry leaves. Ferry!', speaker: 'Anna Lind' });
    expect(setSpeaker(named, 0, 1, 'Anna Lind')).toBe(named);
  });
});

describe('editor model: the tools are undoable edits', () => {
  it('replace all, a shift and a speaker are one undo step each', async () => {
    const model = createEditorModel({ storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} }, saveDelayMs: 0, onOnline: () => () => {}, save: async ({ revision }) => ({ revision: revision + 1 }) });
    const scope = fork();
    const send = (edit: Parameters<typeof model.edited>[0]) => allSettled(model.edited, { scope, params: edit });
    await allSettled(model.opened, { scope, params: { subtitleId: '1', language: 'en', revision: 1, cues: RAW } });
    const cues = () => scope.getState(model.$cues);
    await send({ kind: 'replaceAll', index: 0, query: 'ferry', replacement: 'boat', options: { caseSensitive: false, wholeWord: false } });
    await send({ kind: 'shift', index: 1, to: 2, ms: 400 });
    await send({ kind: 'speaker', index: 2, to: 2, speaker: 'Bo' });
    expect(texts(cues())).toEqual(['The boat leaves. boat!', 'A boatman waits', 'the boat']);
    expect(cues()[2]).toMatchObject({ start: 5400, speaker: 'Bo' });
    await allSettled(model.undone, { scope });
    expect(cues()[2].speaker).toBeUndefined();
    await allSettled(model.undone, { scope });
    expect(cues()[2].start).toBe(5000);
    await allSettled(model.undone, { scope });
    expect(texts(cues())).toEqual(texts(CUES));
  });
});

describe('find model', () => {
  it('steps through matches making their cue active, replaces one then shows the next, replaces all in one undo step', async () => {
    const { createFindModel } = await import('./find-model');
    const model = createEditorModel({ storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} }, saveDelayMs: 0, onOnline: () => () => {}, save: async ({ revision }) => ({ revision: revision + 1 }) });
    const find = createFindModel(model);
    const scope = fork();
    await allSettled(model.opened, { scope, params: { subtitleId: '1', language: 'en', revision: 1, cues: RAW } });
    const state = () => ({ active: scope.getState(model.$active), current: scope.getState(find.$current), texts: texts(scope.getState(model.$cues)) });
    await allSettled(find.opened, { scope, params: 'replace' });
    await allSettled(find.queryChanged, { scope, params: 'ferry' });
    await allSettled(find.optionToggled, { scope, params: 'wholeWord' });
    await allSettled(find.replacementChanged, { scope, params: 'boat' });
    await allSettled(find.stepped, { scope, params: 'next' });
    expect(state()).toMatchObject({ active: 0, current: 0 });
    await allSettled(find.stepped, { scope, params: 'previous' });
    expect(state()).toMatchObject({ active: 2, current: 2 });
    await allSettled(find.replaceOne, { scope });
    expect(state()).toMatchObject({ active: 0, current: 0, texts: ['The ferry leaves. Ferry!', 'A ferryman waits', 'the boat'] });
    await allSettled(find.replaceOne, { scope });
    expect(state()).toMatchObject({ active: 0, current: 0, texts: ['The boat leaves. Ferry!', 'A ferryman waits', 'the boat'] });
    await allSettled(find.replaceEvery, { scope });
    expect(state().texts).toEqual(['The boat leaves. boat!', 'A ferryman waits', 'the boat']);
    expect(scope.getState(find.$matches)).toEqual([]);
    await allSettled(model.undone, { scope });
    expect(state().texts).toEqual(['The boat leaves. Ferry!', 'A ferryman waits', 'the boat']);
  });
});
