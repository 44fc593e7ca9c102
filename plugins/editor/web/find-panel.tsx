import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import type { FindModel } from './model/find-model';

/**
 * Find and replace (Ctrl+F, Ctrl+H): a strip above the cue list, not a popup, so the list stays
 * visible with its matches marked. Enter goes to the next match, Shift+Enter to the previous,
 * Escape back to the list; replace one or all (all is one undo step).
 */
export function FindPanel({ find, onLeave }: { find: FindModel; onLeave(): void }) {
  const [mode, query, replacement, options, matches, current, openCount] = useUnit([
    find.$mode,
    find.$query,
    find.$replacement,
    find.$options,
    find.$matches,
    find.$current,
    find.$openCount,
  ]);
  const queryBox = useRef<HTMLInputElement>(null);
  const replaceBox = useRef<HTMLInputElement>(null);
  // Each Ctrl+F / Ctrl+H puts the caret back in the box it names, with the query selected.
  useEffect(() => {
    const box = mode === 'replace' && query !== '' ? replaceBox.current : queryBox.current;
    box?.focus();
    box?.select();
  }, [openCount]);
  if (!mode) return null;

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      find.closed();
      onLeave();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      if (event.currentTarget === replaceBox.current && !event.shiftKey) find.replaceOne();
      else find.stepped(event.shiftKey ? 'previous' : 'next');
    }
  };
  const status =
    query === ''
      ? ''
      : matches.length === 0
        ? 'No matches'
        : current >= 0
          ? `${current + 1} of ${matches.length}`
          : `${matches.length} ${matches.length === 1 ? 'match' : 'matches'}`;

  return (
    <section className="editor-find" role="search" aria-label="Find and replace">
      <label>
        Find
        <input
          ref={queryBox}
          type="search"
          value={query}
          onChange={(e) => find.queryChanged(e.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby="editor-find-status"
        />
      </label>
      <p id="editor-find-status" className="editor-find-status" role="status">
        {status}
      </p>
      <button type="button" className="button" onClick={() => find.stepped('previous')} disabled={matches.length === 0}>
        Previous (Shift+F3)
      </button>
      <button type="button" className="button" onClick={() => find.stepped('next')} disabled={matches.length === 0}>
        Next (F3)
      </button>
      <label className="editor-find-option">
        <input type="checkbox" checked={options.caseSensitive} onChange={() => find.optionToggled('caseSensitive')} />
        Match case
      </label>
      <label className="editor-find-option">
        <input type="checkbox" checked={options.wholeWord} onChange={() => find.optionToggled('wholeWord')} />
        Whole words
      </label>
      {/* Enabled while there is a query, even with no match left: a button that disables under focus drops the focus out of the editor. */}
      {mode === 'replace' && (
        <>
          <label>
            Replace with
            <input
              ref={replaceBox}
              type="text"
              value={replacement}
              onChange={(e) => find.replacementChanged(e.target.value)}
              onKeyDown={onKeyDown}
            />
          </label>
          <button type="button" className="button" onClick={() => find.replaceOne()} disabled={query === ''}>
            Replace
          </button>
          <button type="button" className="button" onClick={() => find.replaceEvery()} disabled={query === ''}>
            Replace all
          </button>
        </>
      )}
      <button
        type="button"
        className="button"
        onClick={() => {
          find.closed();
          onLeave();
        }}
      >
        Close
      </button>
    </section>
  );
}
