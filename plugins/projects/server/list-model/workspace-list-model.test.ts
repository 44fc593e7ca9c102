import { describe, expect, it } from 'vitest';
import { listOrder, type ModelQuery, type ModelVersion, WorkspaceListModel } from './workspace-list-model';

/** A small random generator with a seed, so a failure can be run again. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
}

const VOCABULARY = ['harbor', 'harbour', 'interview', 'intro', 'w0042', 'w0043', 'w1', '5', '55', '512', 'clip', 'c'];

/** What a page is by definition: every live version matching all terms, in list order, after the cursor. */
function reference(versions: Map<string, ModelVersion>, query: ModelQuery): string[] {
  return [...versions.values()]
    .filter((version) => query.terms.every((term) => version.words.some((word) => word.startsWith(term))))
    .filter((version) => !query.after || listOrder({ micros: query.after[0], id: query.after[1] }, version) < 0)
    .sort(listOrder)
    .slice(query.offset, query.offset + query.limit)
    .map((version) => version.id);
}

describe('the workspace list model', () => {
  it.each([
    ['new words waiting beside the dictionary', 4096],
    ['new words merged into it every few', 8],
  ])(
    'answers every page as the list defines it, through inserts, renames, deletions and back-dated versions (%s)',
    (_, mergedAt) => {
      const next = random(7);
      const model = new WorkspaceListModel(mergedAt);
      const live = new Map<string, ModelVersion>();
      let nextId = 1;
      const make = (): ModelVersion => {
        // Common words, and one of many rare ones: a rare term is answered from its postings, a common one by walking the list.
        const words = [...Array.from({ length: next(3) }, () => VOCABULARY[next(VOCABULARY.length)]), `r${next(300)}`];
        // Few distinct instants, so ties on the date are ordered by id.
        return { id: String(nextId++), micros: 1_700_000_000_000_000 + next(400) * 1000, words: [...new Set(words)] };
      };
      for (let round = 0; round < 60; round++) {
        const added = Array.from({ length: next(40) }, make);
        const renamed = [...live.values()]
          .filter(() => next(60) === 0)
          .map((version) => ({ ...make(), id: version.id }));
        const removed = [...live.keys()].filter(() => next(60) === 0);
        model.apply([...added, ...renamed], removed);
        for (const id of removed) live.delete(id);
        for (const version of [...added, ...renamed]) if (!removed.includes(version.id)) live.set(version.id, version);
        // A renamed version that was also removed is put back by `present`: the model applies removals first.
        for (const version of renamed) live.set(version.id, version);

        expect(model.size).toBe(live.size);
        for (let ask = 0; ask < 20; ask++) {
          const terms = Array.from({ length: next(3) }, () => {
            const word = next(2) === 0 ? `r${next(300)}` : VOCABULARY[next(VOCABULARY.length)];
            return word.slice(0, 1 + next(word.length));
          });
          // The cursor is mostly a row of the same search (the next page), sometimes any version.
          const matching = reference(live, { terms, after: null, offset: 0, limit: live.size }).map((id) =>
            live.get(id)!,
          );
          const pool = next(4) === 0 ? [...live.values()] : matching;
          const cursor = next(2) === 0 && pool.length > 0 ? pool[next(pool.length)] : null;
          const query: ModelQuery = {
            terms,
            after: cursor ? [cursor.micros, cursor.id] : null,
            offset: cursor ? 0 : next(3) * 5,
            limit: 1 + next(8),
          };
          expect(model.page(query), JSON.stringify({ round, query })).toEqual(reference(live, query));
        }
      }
    },
  );

  it('orders versions of the same instant by id as numbers, not as text', () => {
    const model = new WorkspaceListModel();
    model.apply([
      { id: '9', micros: 1, words: ['a'] },
      { id: '10', micros: 1, words: ['a'] },
      { id: '100', micros: 0, words: ['a'] },
    ]);
    expect(model.page({ terms: [], after: null, offset: 0, limit: 10 })).toEqual(['10', '9', '100']);
    expect(model.page({ terms: ['a'], after: [1, '10'], offset: 0, limit: 10 })).toEqual(['9', '100']);
  });

  it('leaves a page to SQL (null) when finding it would hold the event loop: far numbered pages, long walks', () => {
    const model = new WorkspaceListModel();
    model.apply(
      Array.from({ length: 250_000 }, (_, index) => ({
        id: String(index + 1),
        micros: index,
        words: [index % 2 === 0 ? 'even' : 'odd', String(index)],
      })),
    );
    expect(model.page({ terms: [], after: null, offset: 5_001, limit: 51 })).toBeNull();
    expect(model.page({ terms: [], after: null, offset: 5_000, limit: 51 })).toHaveLength(51);
    // Two common words no title has together: the walk gives up instead of visiting every version.
    expect(model.page({ terms: ['even', 'odd'], after: null, offset: 0, limit: 51 })).toBeNull();
    expect(model.page({ terms: ['even'], after: null, offset: 0, limit: 3 })).toEqual(['249999', '249997', '249995']);
  });

  it('forgets a removed version and the words only it had', () => {
    const model = new WorkspaceListModel();
    model.apply([
      { id: '1', micros: 1, words: ['rare'] },
      { id: '2', micros: 2, words: ['common'] },
    ]);
    model.apply([], ['1']);
    expect(model.page({ terms: ['rar'], after: null, offset: 0, limit: 10 })).toEqual([]);
    expect(model.page({ terms: [], after: null, offset: 0, limit: 10 })).toEqual(['2']);
    expect(model.size).toBe(1);
  });
});
