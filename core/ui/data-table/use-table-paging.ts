import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Rows rendered beyond each edge of the viewport, in px. */
export const OVERSCAN_PX = 200;

/**
 * With fixed row heights, rows are keyed by slot (index modulo how many rows can be rendered at
 * once) instead of by id: a jump far down the list then updates the rendered rows in place
 * rather than unmounting and mounting them all (measured: a third less script, half the layout). A
 * contiguous range of at most `slots` indexes never repeats a key.
 */
function rowSlots(viewportHeight: number, rowHeight: number | undefined): number {
  if (!rowHeight || viewportHeight <= 0) return 0;
  return Math.ceil((viewportHeight + 2 * OVERSCAN_PX) / rowHeight) + 2;
}

/**
 * The grid's pages and viewport: asks for the next page (once per row count) when the end is near
 * or the loaded rows do not fill the viewport yet, and measures the viewport for the row slots.
 */
export function useTablePaging(
  scroller: RefObject<HTMLElement | null>,
  options: { rowCount: number; loading: boolean; hasMore: boolean; onEndReached?: () => void; rowHeight?: number },
) {
  const { rowCount, loading, hasMore, onEndReached, rowHeight } = options;
  // Ask for the next page at most once per row count: Virtuoso's `endReached` and the fill check
  // below can both fire for the same rows before the owner has flipped `loading`.
  const requestedAt = useRef(-1);
  const requestMore = useCallback(() => {
    if (!onEndReached || loading || !hasMore || requestedAt.current === rowCount) return;
    requestedAt.current = rowCount;
    onEndReached();
  }, [onEndReached, loading, hasMore, rowCount]);

  // `endReached` never fires while the loaded rows do not fill the viewport: keep asking until they
  // do. Measured a frame later, once Virtuoso has laid out the new rows.
  useEffect(() => {
    if (rowCount === 0) return;
    const frame = requestAnimationFrame(() => {
      const el = scroller.current;
      if (el && el.clientHeight > 0 && el.scrollHeight <= el.clientHeight) requestMore();
    });
    return () => cancelAnimationFrame(frame);
  }, [rowCount, requestMore]);

  const [viewportHeight, setViewportHeight] = useState(0);
  const measureViewport = useCallback(() => {
    const height = scroller.current?.clientHeight ?? 0;
    setViewportHeight((current) => (Math.abs(current - height) < 1 ? current : height));
  }, []);
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measureViewport);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measureViewport, rowCount > 0]);
  return { requestMore, measureViewport, slots: rowSlots(viewportHeight, rowHeight) };
}
