/**
 * Row selection rules of the data table as pure functions over the visible row order, so the
 * table component only forwards clicks and keys. Ids, not indexes: rows can be inserted or loaded
 * between two clicks and the anchor must stay on the same row.
 */

export interface SelectionStep {
  selection: Set<string>;
  /** Row a later shift-click or Shift+Arrow extends from. */
  anchorId: string | null;
}

/**
 * A click on a row's checkbox. Without Shift it toggles the row. With Shift it gives every row
 * between the anchor and the clicked row (inclusive) the state the clicked row is switching to,
 * the way mail clients do; without a usable anchor it falls back to a toggle.
 */
export function applyRowClick(
  order: readonly string[],
  selection: ReadonlySet<string>,
  anchorId: string | null,
  clickedId: string,
  shift: boolean,
): SelectionStep {
  const next = new Set(selection);
  const select = !selection.has(clickedId);
  const from = anchorId === null ? -1 : order.indexOf(anchorId);
  const to = order.indexOf(clickedId);
  if (!shift || from < 0 || to < 0) {
    if (select) next.add(clickedId);
    else next.delete(clickedId);
    return { selection: next, anchorId: clickedId };
  }
  for (const id of rangeBetween(order, from, to)) {
    if (select) next.add(id);
    else next.delete(id);
  }
  return { selection: next, anchorId: clickedId };
}

/** Shift+Arrow: the range from the anchor to the active row joins the selection; the anchor stays. */
export function extendSelection(
  order: readonly string[],
  selection: ReadonlySet<string>,
  anchorId: string | null,
  activeId: string,
): SelectionStep {
  const anchor = anchorId !== null && order.includes(anchorId) ? anchorId : activeId;
  const next = new Set(selection);
  for (const id of rangeBetween(order, order.indexOf(anchor), order.indexOf(activeId))) next.add(id);
  return { selection: next, anchorId: anchor };
}

export type HeaderCheckboxState = 'none' | 'some' | 'all';

export function headerCheckboxState(order: readonly string[], selection: ReadonlySet<string>): HeaderCheckboxState {
  if (order.length === 0) return 'none';
  let selected = 0;
  for (const id of order) if (selection.has(id)) selected += 1;
  if (selected === 0) return 'none';
  return selected === order.length ? 'all' : 'some';
}

/** Header checkbox: selects every loaded row, or clears them when all were selected already. */
export function toggleAll(order: readonly string[], selection: ReadonlySet<string>): Set<string> {
  if (headerCheckboxState(order, selection) === 'all') {
    const next = new Set(selection);
    for (const id of order) next.delete(id);
    return next;
  }
  return new Set([...selection, ...order]);
}

function rangeBetween(order: readonly string[], a: number, b: number): string[] {
  if (a < 0 || b < 0) return [];
  return order.slice(Math.min(a, b), Math.max(a, b) + 1);
}
