import { useEffect, useState } from 'react';

/**
 * Runs an async query after the input settles; stale answers (an older search finishing late)
 * are dropped. `key` null means "do not query".
 */
export function useDebouncedQuery<T>(key: string | null, query: () => Promise<T> | T, delayMs: number, initial: T) {
  const [state, setState] = useState<{ key: string | null; value: T; loading: boolean }>({
    key: null,
    value: initial,
    loading: false,
  });
  useEffect(() => {
    if (key === null) return;
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(async () => {
      try {
        const value = await query();
        if (current) setState({ key, value, loading: false });
      } catch (error) {
        console.error('Palette query failed', error);
        if (current) setState({ key, value: initial, loading: false });
      }
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // `query` closes over the key's inputs; the key alone says when to re-run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, delayMs]);
  // `fresh`: the value answers this very key (not the previous search, still shown meanwhile).
  // `key`: what the value answers (a nested page shows only its own command's choices, never the
  // previous page's, which a quick click would otherwise run).
  return key === null
    ? { key: null, value: initial, loading: false, fresh: true }
    : { ...state, fresh: state.key === key && !state.loading };
}
