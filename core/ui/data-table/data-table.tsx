import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { TableVirtuoso, type TableVirtuosoHandle } from 'react-virtuoso';
import { useTable, type RowData } from '@tanstack/react-table';
import { dataTableFeatures, type DataTableColumn } from './data-table-columns';
import { gridComponents, rowElementId, SelectionCheckbox, type AnyRow, type GridContext } from './data-table-parts';
import { applyRowClick, extendSelection, headerCheckboxState, toggleAll } from './selection-range';
import { OVERSCAN_PX, useTablePaging } from './use-table-paging';

export interface DataTableProps<TData extends RowData> {
  rows: TData[];
  /** Keep stable (module scope or memo): new columns rebuild the row model. */
  columns: DataTableColumn<TData>[];
  getRowId: (row: TData) => string;
  /** Accessible name of the grid. */
  label: string;
  /** What a row is called (its title): its checkbox reads "Select <that>", not "Select row". */
  getRowLabel?: (row: TData) => string;
  /** Controlled selection; omit to hide the checkbox column. */
  selection?: ReadonlySet<string>;
  onSelectionChange?: (next: Set<string>) => void;
  /** Asked for the next page when the user nears the end, and until the first pages fill the viewport. */
  onEndReached?: () => void;
  /** False once the last page is loaded. */
  hasMore?: boolean;
  loading?: boolean;
  emptyState?: ReactNode;
  /** Enter or double-click on a row. */
  onRowOpen?: (row: TData) => void;
  /**
   * A row's menu: right-click on a row, or the Menu key / Shift+F10 on the active row. `at` is
   * where to draw it (viewport px); without this prop the browser's own context menu shows.
   */
  onRowMenu?: (row: TData, at: { x: number; y: number }) => void;
  /** Height of the scroll area; defaults to filling its container. */
  height?: number | string;
  /**
   * Every row's height in px, when the styles fix it: rows are then never measured (no
   * ResizeObserver per row, no second layout pass), which keeps fast scrolling over very long
   * lists within a frame. Leave unset for rows that size to their content.
   */
  rowHeight?: number;
  /**
   * A row to make active and hand focus to (the grid, with that row active), e.g. the row just
   * created: acted on once, as soon as the row is among `rows`.
   */
  focusRowId?: string | null;
}

const NO_SELECTION: ReadonlySet<string> = new Set();
/**
 * The reusable data grid: TanStack Table 9 for the model, TableVirtuoso for rendering only the
 * visible rows, and the selection rules of `selection-range.ts`. Selection is controlled so the
 * owner (usually an Effector store) decides what bulk actions see.
 */
export function DataTable<TData extends RowData>(props: DataTableProps<TData>) {
  const {
    rows,
    columns,
    getRowId,
    selection = NO_SELECTION,
    onSelectionChange,
    loading = false,
    hasMore = true,
  } = props;
  const selectable = onSelectionChange !== undefined;
  const gridId = useId().replace(/:/g, '');
  const virtuoso = useRef<TableVirtuosoHandle>(null);
  const scroller = useRef<HTMLElement | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const anchor = useRef<string | null>(null);

  // The selection is not mirrored into TanStack's rowSelection state: the rules live in
  // selection-range.ts and rows paint it from Virtuoso's context. Copying 100,000 ids into a
  // record (which TanStack then compares key by key) cost ~40 ms per select-all.
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId: (row: TData) => getRowId(row),
  });
  const tableRows = table.getRowModel().rows as AnyRow[];
  const order = useMemo(() => tableRows.map((r) => r.id), [tableRows]);

  const setSelection = useCallback((next: Set<string>) => onSelectionChange?.(next), [onSelectionChange]);
  const rowById = useCallback((id: string) => tableRows.find((r) => r.id === id), [tableRows]);

  const moveActive = useCallback(
    (index: number, extend: boolean) => {
      if (order.length === 0) return;
      const clamped = Math.max(0, Math.min(order.length - 1, index));
      const id = order[clamped];
      setActiveId(id);
      virtuoso.current?.scrollIntoView({ index: clamped });
      if (extend && selectable) {
        const step = extendSelection(order, selection, anchor.current ?? activeId ?? id, id);
        anchor.current = step.anchorId;
        setSelection(step.selection);
      } else {
        anchor.current = id;
      }
    },
    [order, selection, selectable, activeId, setSelection],
  );

  const onGridKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTableElement>) => {
      const current = activeId === null ? -1 : order.indexOf(activeId);
      const mod = event.ctrlKey || event.metaKey;
      const handled = () => {
        event.preventDefault();
        event.stopPropagation();
      };
      if (event.key === 'ArrowDown') return (handled(), moveActive(current + 1, event.shiftKey));
      if (event.key === 'ArrowUp') return (handled(), moveActive(current < 0 ? 0 : current - 1, event.shiftKey));
      if (event.key === 'Home') return (handled(), moveActive(0, event.shiftKey));
      if (event.key === 'End') return (handled(), moveActive(order.length - 1, event.shiftKey));
      if (event.key === ' ' && selectable && activeId) {
        handled();
        const step = applyRowClick(order, selection, anchor.current, activeId, false);
        anchor.current = step.anchorId;
        return setSelection(step.selection);
      }
      if (event.key === 'Enter' && activeId) {
        const row = rowById(activeId);
        if (row && props.onRowOpen) return (handled(), props.onRowOpen(row.original as TData));
      }
      if ((event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) && activeId && props.onRowMenu) {
        const row = rowById(activeId);
        const box = document.getElementById(rowElementId(gridId, activeId))?.getBoundingClientRect();
        if (row)
          return (handled(), props.onRowMenu(row.original as TData, { x: (box?.left ?? 0) + 48, y: box?.bottom ?? 0 }));
      }
      if (mod && event.key.toLowerCase() === 'a' && selectable)
        return (handled(), setSelection(new Set([...selection, ...order])));
      if (event.key === 'Escape' && selectable && selection.size > 0) return (handled(), setSelection(new Set()));
    },
    [
      activeId,
      order,
      selection,
      selectable,
      moveActive,
      setSelection,
      rowById,
      props.onRowOpen,
      props.onRowMenu,
      gridId,
    ],
  );

  const onCheckboxClick = useCallback(
    (rowId: string, event: MouseEvent) => {
      const step = applyRowClick(order, selection, anchor.current, rowId, event.shiftKey);
      anchor.current = step.anchorId;
      setActiveId(rowId);
      setSelection(step.selection);
    },
    [order, selection, setSelection],
  );

  const onRowClick = useCallback(
    (rowId: string, event: MouseEvent) => {
      setActiveId(rowId);
      if (selectable && (event.shiftKey || event.ctrlKey || event.metaKey)) return onCheckboxClick(rowId, event);
      anchor.current = rowId;
    },
    [selectable, onCheckboxClick],
  );

  const onRowDoubleClick = useCallback(
    (rowId: string) => {
      const row = rowById(rowId);
      if (row && props.onRowOpen) props.onRowOpen(row.original as TData);
    },
    [rowById, props.onRowOpen],
  );

  const { onRowMenu } = props;
  const onRowContextMenu = useCallback(
    (rowId: string, event: MouseEvent) => {
      const row = rowById(rowId);
      if (!row || !onRowMenu) return;
      event.preventDefault();
      setActiveId(rowId);
      onRowMenu(row.original as TData, { x: event.clientX, y: event.clientY });
    },
    [rowById, onRowMenu],
  );

  // The active row may disappear when the rows change (delete, reload).
  useEffect(() => {
    if (activeId !== null && !order.includes(activeId)) setActiveId(null);
  }, [order, activeId]);

  // Focus is the shell's contract after a create: it lands on the new row, never on the page body.
  const { focusRowId } = props;
  const focusedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!focusRowId || focusedFor.current === focusRowId) return;
    const index = order.indexOf(focusRowId);
    if (index < 0) return;
    focusedFor.current = focusRowId;
    setActiveId(focusRowId);
    anchor.current = focusRowId;
    virtuoso.current?.scrollIntoView({ index });
    scroller.current?.querySelector<HTMLElement>('[role="grid"]')?.focus();
  }, [focusRowId, order]);

  const { requestMore, measureViewport, slots } = useTablePaging(scroller, {
    rowCount: rows.length,
    loading,
    hasMore,
    onEndReached: props.onEndReached,
    rowHeight: props.rowHeight,
  });

  const columnCount = columns.length + (selectable ? 1 : 0);
  const context: GridContext = {
    gridId,
    label: props.label,
    selectable,
    selection,
    activeId,
    rowCount: rows.length,
    columnCount,
    loading,
    emptyState: props.emptyState,
    onGridKeyDown,
    onRowClick,
    onRowDoubleClick,
    onRowContextMenu,
    onCheckboxClick,
  };

  return (
    <div className="data-table-container" style={{ height: props.height ?? '100%' }}>
      <TableVirtuoso<AnyRow, GridContext>
        ref={virtuoso}
        scrollerRef={(el) => {
          scroller.current = el instanceof HTMLElement ? el : null;
        }}
        totalListHeightChanged={measureViewport}
        data={tableRows}
        context={context}
        components={gridComponents}
        computeItemKey={slots > 0 ? (index) => index % slots : (_, row) => row.id}
        fixedItemHeight={props.rowHeight}
        endReached={requestMore}
        increaseViewportBy={OVERSCAN_PX}
        fixedHeaderContent={() =>
          table.getHeaderGroups().map((group) => (
            <tr key={group.id} role="row" aria-rowindex={1}>
              {selectable && (
                <th className="data-table-select-cell" role="columnheader" scope="col">
                  <SelectionCheckbox
                    label="Select all rows"
                    state={headerCheckboxState(order, selection)}
                    onClick={() => setSelection(toggleAll(order, selection))}
                  />
                </th>
              )}
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  role="columnheader"
                  scope="col"
                  colSpan={header.colSpan}
                  data-column={header.column.id}
                >
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))
        }
        fixedFooterContent={
          loading && rows.length > 0
            ? () => (
                <tr role="row" aria-hidden="true">
                  <td colSpan={columnCount} className="data-table-loading-more">
                    Loading more…
                  </td>
                </tr>
              )
            : undefined
        }
        itemContent={(_, row, ctx) => (
          <>
            {ctx.selectable && (
              <td className="data-table-select-cell" role="gridcell">
                <SelectionCheckbox
                  label={props.getRowLabel ? `Select ${props.getRowLabel(row.original as TData)}` : 'Select row'}
                  state={ctx.selection.has(row.id) ? 'all' : 'none'}
                  onClick={(event) => ctx.onCheckboxClick(row.id, event)}
                />
              </td>
            )}
            {/* Keyed by column, not cell id (which holds the row id): a slot showing another row
                keeps its cells and updates them instead of remounting every one. */}
            {row.getAllCells().map((cell) => (
              <td key={cell.column.id} role="gridcell">
                <table.FlexRender cell={cell} />
              </td>
            ))}
          </>
        )}
      />
    </div>
  );
}
