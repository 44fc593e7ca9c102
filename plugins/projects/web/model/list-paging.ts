/**
 * docs/product-contract.md#states-and-transitions: project version lists load by page — page 1 replaces the list, and only the next
 * consecutive page is appended. A page that arrives for another query (the search or the filter
 * changed while it was in flight), or out of order, is dropped: appending it would duplicate or
 * mix rows.
 */
export interface LoadedList<Row> {
  rows: Row[];
  /** Last page merged into `rows`; 0 before the first one. */
  page: number;
  /** Query the rows belong to (search, filters, workspace), compared by key. */
  queryKey: string;
  hasMore: boolean;
}

export interface ArrivedPage<Row> {
  page: number;
  queryKey: string;
  rows: Row[];
  hasMore: boolean;
}

export function emptyList<Row>(queryKey = ''): LoadedList<Row> {
  return { rows: [], page: 0, queryKey, hasMore: true };
}

export function mergePage<Row>(
  list: LoadedList<Row>,
  arrived: ArrivedPage<Row>,
  currentQueryKey: string,
): LoadedList<Row> {
  if (arrived.queryKey !== currentQueryKey) return list;
  if (arrived.page === 1) return { rows: arrived.rows, page: 1, queryKey: arrived.queryKey, hasMore: arrived.hasMore };
  if (arrived.queryKey !== list.queryKey || arrived.page !== list.page + 1) return list;
  return {
    rows: list.rows.concat(arrived.rows),
    page: arrived.page,
    queryKey: list.queryKey,
    hasMore: arrived.hasMore,
  };
}

/** The page to ask for when the user nears the end, or null when there is nothing more. */
export function nextPageToLoad(list: LoadedList<unknown>): number | null {
  if (list.page === 0 || !list.hasMore) return null;
  return list.page + 1;
}
