import { forwardRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { TableComponents } from 'react-virtuoso';
import type { Row } from '@tanstack/react-table';
import type { HeaderCheckboxState } from './selection-range';
import type { DataTableFeatures } from './data-table-columns';

/**
 * Everything a virtualized row needs to paint. It travels through Virtuoso's `context` (not a
 * closure) so rows repaint when the selection or the active row changes, and the components below
 * live at module scope so Virtuoso never remounts them (docs/decisions.md#measured-facts-the-code-relies-on).
 */
export interface GridContext {
  gridId: string;
  label: string;
  selectable: boolean;
  selection: ReadonlySet<string>;
  activeId: string | null;
  rowCount: number;
  columnCount: number;
  loading: boolean;
  emptyState: ReactNode;
  onGridKeyDown(event: KeyboardEvent<HTMLTableElement>): void;
  onRowClick(rowId: string, event: MouseEvent): void;
  onRowDoubleClick(rowId: string): void;
  onRowContextMenu(rowId: string, event: MouseEvent): void;
  onCheckboxClick(rowId: string, event: MouseEvent): void;
}

export type AnyRow = Row<DataTableFeatures, any>;

export function rowElementId(gridId: string, rowId: string): string {
  return `${gridId}-row-${rowId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

export const LOADING_ROWS = 6;

export const gridComponents: TableComponents<AnyRow, GridContext> = {
  // Virtuoso makes its scroller a Tab stop of its own (tabIndex 0): a stop with no role and no key
  // of its own just before the grid, which is focusable itself and scrolls with the active row. Out
  // of the Tab order, a click still focuses it (and the grid's keys work once Tab reaches the grid).
  Scroller: forwardRef(({ context: _context, ...props }, ref) => <div {...props} ref={ref} tabIndex={-1} />),
  Table: ({ context, children, style }) => (
    <table
      className="data-table"
      style={style}
      role="grid"
      aria-label={context?.label}
      aria-rowcount={(context?.rowCount ?? 0) + 1}
      aria-multiselectable={context?.selectable || undefined}
      aria-busy={context?.loading || undefined}
      aria-activedescendant={context?.activeId ? rowElementId(context.gridId, context.activeId) : undefined}
      tabIndex={0}
      onKeyDown={context?.onGridKeyDown}
    >
      {children}
    </table>
  ),
  TableRow: ({ context, item, children, ...props }) => {
    const selected = context?.selection.has(item.id) ?? false;
    const active = context?.activeId === item.id;
    return (
      <tr
        {...props}
        id={context ? rowElementId(context.gridId, item.id) : undefined}
        role="row"
        aria-rowindex={props['data-index'] + 2}
        aria-selected={context?.selectable ? selected : undefined}
        className={`data-table-row${selected ? ' is-selected' : ''}${active ? ' is-active' : ''}`}
        onClick={(event) => context?.onRowClick(item.id, event)}
        onDoubleClick={() => context?.onRowDoubleClick(item.id)}
        onContextMenu={(event) => context?.onRowContextMenu(item.id, event)}
      >
        {children}
      </tr>
    );
  },
  TableBody: forwardRef((props, ref) => <tbody {...props} ref={ref} role="rowgroup" />),
  EmptyPlaceholder: ({ context }) => (
    <tbody role="rowgroup">
      {context?.loading ? (
        Array.from({ length: LOADING_ROWS }, (_, i) => (
          <tr key={i} role="row" className="data-table-loading-row" aria-hidden="true">
            <td colSpan={context.columnCount}>
              <span className="skeleton" />
            </td>
          </tr>
        ))
      ) : (
        <tr role="row">
          <td colSpan={context?.columnCount ?? 1} className="data-table-empty">
            {context?.emptyState ?? 'Nothing here yet'}
          </td>
        </tr>
      )}
    </tbody>
  ),
};

/** A checkbox that also shows the "some selected" state, which HTML can only set from script. */
export function SelectionCheckbox({
  state,
  label,
  onClick,
}: {
  state: HeaderCheckboxState;
  label: string;
  onClick: (event: MouseEvent<HTMLInputElement>) => void;
}) {
  return (
    <input
      type="checkbox"
      className="data-table-checkbox"
      aria-label={label}
      checked={state === 'all'}
      ref={(el) => {
        if (el) el.indeterminate = state === 'some';
      }}
      // Clicks are handled by the table (toggle, shift-range); the row must not also see them.
      onClick={(event) => {
        event.stopPropagation();
        onClick(event);
      }}
      onChange={() => {}}
      tabIndex={-1}
    />
  );
}
