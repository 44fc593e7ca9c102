import { describe, expect, it } from 'vitest';
import { emptyList, mergePage, nextPageToLoad } from './list-paging';

const arrived = (page: number, rows: string[], queryKey = 'q', hasMore = true) => ({ page, rows, queryKey, hasMore });

describe('list paging (docs/product-contract.md#states-and-transitions)', () => {
  it('page 1 replaces the list, the next consecutive page appends', () => {
    let list = mergePage({ rows: ['old'], page: 3, queryKey: 'q', hasMore: true }, arrived(1, ['a', 'b']), 'q');
    expect(list.rows).toEqual(['a', 'b']);
    list = mergePage(list, arrived(2, ['c']), 'q');
    expect(list).toMatchObject({ rows: ['a', 'b', 'c'], page: 2 });
  });

  it('ignores a page that is not the next one, and pages of another query', () => {
    const list = mergePage(emptyList<string>('q'), arrived(1, ['a']), 'q');
    expect(mergePage(list, arrived(3, ['x']), 'q')).toBe(list);
    expect(mergePage(list, arrived(2, ['x']), 'q')).not.toBe(list);
    expect(mergePage(list, arrived(1, ['x'], 'old'), 'q')).toBe(list);
    expect(mergePage(list, arrived(2, ['x'], 'other'), 'other')).toBe(list);
  });

  it('asks for the next page only after page 1 and while there is more', () => {
    expect(nextPageToLoad(emptyList('q'))).toBeNull();
    const list = mergePage(emptyList<string>('q'), arrived(1, ['a']), 'q');
    expect(nextPageToLoad(list)).toBe(2);
    expect(nextPageToLoad(mergePage(list, arrived(2, ['b'], 'q', false), 'q'))).toBeNull();
  });
});
