import * as effector from 'effector';
import type { EditorCue } from './cue-edits';
import type { CueEdit } from './cue-edit-apply';
import { findMatches, matchFrom, type CueMatch, type FindOptions } from './find-replace';

const { combine, createEvent, createStore, sample } = effector;

export type FindMode = 'find' | 'replace';

interface FindDeps {
  $cues: effector.Store<readonly EditorCue[]>;
  $active: effector.Store<number>;
  edited: effector.EventCallable<CueEdit>;
  activeSet: effector.EventCallable<number>;
}

/**
 * The find and replace panel's state: the query, its options and the current match, over the
 * editor model's cues. Stepping to a match makes its cue the active one; replacing goes through
 * the model's edits, so each is undoable (replace all in one step).
 */
export function createFindModel({ $cues, $active, edited, activeSet }: FindDeps) {
  const opened = createEvent<FindMode>();
  const closed = createEvent();
  const queryChanged = createEvent<string>();
  const replacementChanged = createEvent<string>();
  const optionToggled = createEvent<keyof FindOptions>();
  const stepped = createEvent<'next' | 'previous'>();
  const replaceOne = createEvent();
  const replaceEvery = createEvent();

  const $mode = createStore<FindMode | null>(null)
    .on(opened, (_, mode) => mode)
    .reset(closed);
  /** Counts Ctrl+F / Ctrl+H presses: each puts the caret back in the panel. */
  const $openCount = createStore(0).on(opened, (n) => n + 1);
  const $query = createStore('').on(queryChanged, (_, query) => query);
  const $replacement = createStore('').on(replacementChanged, (_, text) => text);
  const $options = createStore<FindOptions>({ caseSensitive: false, wholeWord: false }).on(
    optionToggled,
    (options, key) => ({ ...options, [key]: !options[key] }),
  );
  const $matches = combine($cues, $query, $options, (cues, query, options) => findMatches(cues, query, options));
  /** Index into $matches of the match shown as current; -1 before the first step. */
  const $current = createStore(-1).reset(queryChanged, optionToggled, closed);
  /** Matches by cue index, for the rows' highlights. */
  const $byCue = $matches.map((matches) => {
    const byCue = new Map<number, CueMatch[]>();
    for (const match of matches) byCue.set(match.index, [...(byCue.get(match.index) ?? []), match]);
    return byCue;
  });

  // From the current match (or the active cue's start when none), to the next or previous one.
  const moved = sample({
    clock: stepped,
    source: { matches: $matches, current: $current, active: $active },
    filter: ({ matches }) => matches.length > 0,
    fn: ({ matches, current, active }, direction) => {
      const here = matches[current];
      if (!here) return matchFrom(matches, active, 0, direction === 'previous');
      return direction === 'next' ? (current + 1) % matches.length : (current - 1 + matches.length) % matches.length;
    },
  });
  $current.on(moved, (_, index) => index);
  sample({ clock: moved, source: $matches, fn: (matches, index) => matches[index].index, target: activeSet });
  // Replace the current match (stepping to one first when none is current), then show the next.
  const replaced = sample({
    clock: replaceOne,
    source: { matches: $matches, current: $current, replacement: $replacement },
    filter: ({ matches, current }) => matches[current] !== undefined,
    fn: ({ matches, current, replacement }) => ({
      kind: 'replace' as const,
      index: matches[current].index,
      match: matches[current],
      replacement,
    }),
  });
  sample({
    clock: replaceOne,
    source: { matches: $matches, current: $current },
    filter: ({ matches, current }) => matches.length > 0 && matches[current] === undefined,
    fn: () => 'next' as const,
    target: stepped,
  });
  sample({ clock: replaced, target: edited });
  // The list of matches is new by now: the next is the first after the replaced text (wrapping round).
  const following = sample({
    clock: replaced,
    source: $matches,
    filter: (matches) => matches.length > 0,
    fn: (matches, edit) => matchFrom(matches, edit.match.index, edit.match.from + edit.replacement.length),
  });
  $current.on(following, (_, index) => index);
  sample({ clock: following, source: $matches, fn: (matches, index) => matches[index].index, target: activeSet });

  sample({
    clock: replaceEvery,
    source: { query: $query, replacement: $replacement, options: $options, active: $active },
    filter: ({ query }) => query !== '',
    fn: ({ query, replacement, options, active }): CueEdit => ({
      kind: 'replaceAll',
      index: active,
      query,
      replacement,
      options,
    }),
    target: edited,
  });

  return {
    opened,
    closed,
    queryChanged,
    replacementChanged,
    optionToggled,
    stepped,
    replaceOne,
    replaceEvery,
    $mode,
    $openCount,
    $query,
    $replacement,
    $options,
    $matches,
    $current,
    $byCue,
  };
}

export type FindModel = ReturnType<typeof createFindModel>;
