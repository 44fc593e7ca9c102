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
    expect(findMatches(CUES, 'Ferry', { caseSensitive: true, wholeWord: true })).toEqual([
      { index: 0, from: 18, to: 23 },
    ]);
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
    expect(texts(replaceAll(CUES, 'ferry', '$&$1', { caseSensitive: true, wholeWord: false }))[1]).toBe(
      'A $&$1man waits',
    );
  });
});

describe('shift a range', () => {
  it('moves the range, cut short at the minimum gap to a neighbour or a negative time', () => {
    expect(times(shiftRange(CUES, 1, 2, 300).cues)).toEqual([
      [0, 2000],
      [2800, 4300],
      [5300, 6300],
    ]);
    // Earlier: cue 2 may go back to the minimum gap (80 ms) after cue 1 (420 ms), no further.
    const back = shiftRange(CUES, 1, 2, -1000);
    expect(back.appliedMs).toBe(-420);
    expect(times(back.cues)).toEqual([
      [0, 2000],
      [2080, 3580],
      [4580, 5580],
    ]);
    // Later: cue 2 may come to the minimum gap before cue 3 (920 ms).
    expect(shiftRange(CUES, 0, 1, 5000).appliedMs).toBe(920);
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
    expect(toCueData(named)[0]).toEqual({
      start: 0,
      end: 2000,
      text: 'The ferry leaves. Ferry!',
      speaker: 'Anna Lind',
      // Every saved cue names its italic and review state, roman and "to do" too (../../../subtitles/common/cue-review.ts).
      italic: false,
      review: 'todo',
    });
    expect(setSpeaker(named, 0, 1, 'Anna Lind')).toBe(named);
  });
});

describe('editor model: the tools are undoable edits', () => {
  it('replace all, a shift and a speaker are one undo step each', async () => {
    const model = createEditorModel({
      storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
      saveDelayMs: 0,
      onOnline: () => () => {},
      save: async ({ revision }) => ({ revision: revision + 1 }),
    });
    const scope = fork();
    const send = (edit: Parameters<typeof model.edited>[0]) => allSettled(model.edited, { scope, params: edit });
    await allSettled(model.opened, { scope, params: { subtitleId: '1', language: 'en', revision: 1, cues: RAW } });
    const cues = () => scope.getState(model.$cues);
    await send({
      kind: 'replaceAll',
      index: 0,
      query: 'ferry',
      replacement: 'boat',
      options: { caseSensitive: false, wholeWord: false },
    });
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
    const model = createEditorModel({
      storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
      saveDelayMs: 0,
      onOnline: () => () => {},
      save: async ({ revision }) => ({ revision: revision + 1 }),
    });
    const find = createFindModel(model);
    const scope = fork();
    await allSettled(model.opened, { scope, params: { subtitleId: '1', language: 'en', revision: 1, cues: RAW } });
    const state = () => ({
      active: scope.getState(model.$active),
      current: scope.getState(find.$current),
      texts: texts(scope.getState(model.$cues)),
    });
    await allSettled(find.opened, { scope, params: 'replace' });
    await allSettled(find.queryChanged, { scope, params: 'ferry' });
    await allSettled(find.optionToggled, { scope, params: 'wholeWord' });
    await allSettled(find.replacementChanged, { scope, params: 'boat' });
    await allSettled(find.stepped, { scope, params: 'next' });
    expect(state()).toMatchObject({ active: 0, current: 0 });
    await allSettled(find.stepped, { scope, params: 'previous' });
    expect(state()).toMatchObject({ active: 2, current: 2 });
    await allSettled(find.replaceOne, { scope });
    expect(state()).toMatchObject({
      active: 0,
      current: 0,
      texts: ['The ferry leaves. Ferry!', 'A ferryman waits', 'the boat'],
    });
    await allSettled(find.replaceOne, { scope });
    expect(state()).toMatchObject({
      active: 0,
      current: 0,
      texts: ['The boat leaves. Ferry!', 'A ferryman waits', 'the boat'],
    });
    await allSettled(find.replaceEvery, { scope });
    expect(state().texts).toEqual(['The boat leaves. boat!', 'A ferryman waits', 'the boat']);
    expect(scope.getState(find.$matches)).toEqual([]);
    await allSettled(model.undone, { scope });
    expect(state().texts).toEqual(['The boat leaves. Ferry!', 'A ferryman waits', 'the boat']);
  });
});

describe('reading rules of a guideline', () => {
  it('checks the cues against the chosen guideline, the workspace default first, and remembers the choice for the subtitle', async () => {
    const { createRulesModel } = await import('./rules-model');
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    };
    // What the guidelines plugin offers (plugins/guidelines/web/reading-rules-choices.ts): run '5' or none.
    const choices = (run?: string) => [
      {
        id: '4',
        label: 'Children (12 characters a second)',
        rules: { maxCharsPerSecond: 12 },
        isDefault: true,
        isRun: run === '4',
      },
      { id: '5', label: 'Plain (20 characters a second)', rules: {}, isDefault: false, isRun: run === '5' },
    ];
    const make = () => {
      const model = createEditorModel({
        storage,
        saveDelayMs: 0,
        onOnline: () => () => {},
        save: async ({ revision }) => ({ revision: revision + 1 }),
      });
      const rules = createRulesModel({
        storage,
        rulesSet: model.rulesSet,
        loadChoices: async () => choices(),
      });
      return { model, rules, scope: fork() };
    };
    const { model, rules, scope } = make();
    // 24 characters in 2 s: 12 a second, fine at 20 and at 12; cue 2, 16 in 1.5 s (10.7), fine.
    await allSettled(model.opened, { scope, params: { subtitleId: '9', language: 'en', revision: 1, cues: RAW } });
    const flagged = () => scope.getState(model.$problems).flagged;
    expect(flagged()).toEqual([]);
    await allSettled(rules.opened, { scope, params: '9' });
    expect(scope.getState(rules.$chosenId)).toBe('4');
    await allSettled(model.edited, { scope, params: { kind: 'text', index: 1, text: 'A ferryman waits for you' } });
    expect(flagged()).toEqual([1]);
    expect(scope.getState(model.$problems).byCue[1][0].message).toContain('(max 12)');
    await allSettled(rules.chosen, { scope, params: '5' });
    expect(flagged()).toEqual([]);
    // A reload opens with the choice made for this subtitle.
    const again = make();
    await allSettled(again.rules.opened, { scope: again.scope, params: '9' });
    expect(again.scope.getState(again.rules.$chosenId)).toBe('5');
    // Without a choice, the guideline of the subtitle's run comes before the workspace default.
    const byRun = createRulesModel({
      storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
      rulesSet: createEditorModel({ storage, save: async () => ({ revision: 1 }), onOnline: () => () => {} }).rulesSet,
      loadChoices: async () => choices('5'),
    });
    const runScope = fork();
    await allSettled(byRun.opened, { scope: runScope, params: '9' });
    expect(runScope.getState(byRun.$chosenId)).toBe('5');
    await allSettled(again.rules.chosen, { scope: again.scope, params: '' });
    const third = make();
    await allSettled(third.rules.opened, { scope: third.scope, params: '9' });
    expect(third.scope.getState(third.rules.$chosenId)).toBe('');
  });
});

describe('problems checked incrementally', () => {
  it('gives what a whole check gives after any edit, keeping the arrays of untouched cues', async () => {
    const { readingProblems, updatedProblems } = await import('./reading-problems');
    const { editText, insertAfter, setEdge } = await import('./cue-edits');
    let cues: readonly EditorCue[] = withIds(
      Array.from({ length: 40 }, (_, i) => ({
        start: i * 1500,
        end: i * 1500 + 1400 - (i % 4) * 300,
        text: i % 5 ? 'A short line' : 'A line that is much too long for anyone to read in time, surely',
      })),
    );
    let problems = readingProblems(cues, 'en');
    const edits = [
      (c: readonly EditorCue[]) => editText(c, 7, 'Now a line long enough to break the characters per second limit'),
      (c: readonly EditorCue[]) => setEdge(c, 12, 'start', 16_000),
      (c: readonly EditorCue[]) => setEdge(c, 39, 'end', 58_000),
      (c: readonly EditorCue[]) => editText(c, 0, 'Ok'),
      (c: readonly EditorCue[]) => insertAfter(c, 3),
    ];
    for (const edit of edits) {
      const next = edit(cues);
      const updated = updatedProblems({ cues, problems }, next, 'en');
      expect(updated).toEqual(readingProblems(next, 'en'));
      if (next.length === cues.length) expect(updated.byCue[25]).toBe(problems.byCue[25]);
      cues = next;
      problems = updated;
    }
  });
});
