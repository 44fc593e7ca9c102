import { describe, expect, it } from 'vitest';
import { applyRowClick, extendSelection, headerCheckboxState, toggleAll } from './selection-range';

const order = ['a', 'b', 'c', 'd', 'e'];
const ids = (s: Set<string>) => [...s].sort();

describe('applyRowClick', () => {
  it('toggles a single row without Shift and makes it the anchor', () => {
    const on = applyRowClick(order, new Set(), null, 'b', false);
    expect(ids(on.selection)).toEqual(['b']);
    expect(on.anchorId).toBe('b');
    const off = applyRowClick(order, on.selection, on.anchorId, 'b', false);
    expect(ids(off.selection)).toEqual([]);
  });

  it('selects the inclusive range from the last clicked row with Shift, in either direction', () => {
    const first = applyRowClick(order, new Set(), null, 'b', false);
    expect(ids(applyRowClick(order, first.selection, first.anchorId, 'd', true).selection)).toEqual(['b', 'c', 'd']);
    const fromBottom = applyRowClick(order, new Set(), null, 'e', false);
    expect(ids(applyRowClick(order, fromBottom.selection, fromBottom.anchorId, 'c', true).selection)).toEqual([
      'c',
      'd',
      'e',
    ]);
  });

  it('keeps rows outside the range as they were', () => {
    const step = applyRowClick(order, new Set(['a']), 'c', 'd', true);
    expect(ids(step.selection)).toEqual(['a', 'c', 'd']);
  });

  it('deselects the range when the shift-clicked row was selected', () => {
    const step = applyRowClick(order, new Set(order), 'b', 'd', true);
    expect(ids(step.selection)).toEqual(['a', 'e']);
  });

  it('falls back to a toggle when the anchor row is gone', () => {
    const step = applyRowClick(order, new Set(), 'zz', 'd', true);
    expect(ids(step.selection)).toEqual(['d']);
  });
});

describe('extendSelection', () => {
  it('adds the rows from the anchor to the active row and keeps the anchor', () => {
    const step = extendSelection(order, new Set(), 'b', 'd');
    expect(ids(step.selection)).toEqual(['b', 'c', 'd']);
    expect(step.anchorId).toBe('b');
  });

  it('starts at the active row when there is no anchor', () => {
    expect(ids(extendSelection(order, new Set(), null, 'c').selection)).toEqual(['c']);
  });
});

describe('header checkbox', () => {
  it('reports none, some and all', () => {
    expect(headerCheckboxState(order, new Set())).toBe('none');
    expect(headerCheckboxState(order, new Set(['a']))).toBe('some');
    expect(headerCheckboxState(order, new Set(order))).toBe('all');
    expect(headerCheckboxState([], new Set(['a']))).toBe('none');
  });

  it('selects all loaded rows, then clears them', () => {
    const all = toggleAll(order, new Set(['b']));
    expect(ids(all)).toEqual(order);
    expect(ids(toggleAll(order, all))).toEqual([]);
  });
});
