import { useState } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';
import { dataTableColumnHelper } from './data-table-columns';

interface Video {
  id: string;
  title: string;
}
const col = dataTableColumnHelper<Video>();
const columns = [col.accessor('title', { header: 'Title' })];
const rows: Video[] = ['Intro', 'Interview', 'Outro', 'Trailer'].map((title, i) => ({ id: `v${i + 1}`, title }));

function Harness({
  onOpen = () => {},
  initial = new Set<string>(),
}: {
  onOpen?: (v: Video) => void;
  initial?: Set<string>;
}) {
  const [selection, setSelection] = useState<ReadonlySet<string>>(initial);
  return (
    <VirtuosoMockContext.Provider value={{ viewportHeight: 600, itemHeight: 30 }}>
      <DataTable
        label="Videos"
        rows={rows}
        columns={columns}
        getRowId={(r) => r.id}
        getRowLabel={(r) => r.title}
        selection={selection}
        onSelectionChange={setSelection}
        onRowOpen={onOpen}
        height={600}
      />
    </VirtuosoMockContext.Provider>
  );
}

const grid = () => screen.getByRole('grid', { name: 'Videos' });
const selectedTitles = () =>
  screen
    .getAllByRole('row')
    .filter((r) => r.getAttribute('aria-selected') === 'true')
    .map((r) => within(r).getAllByRole('gridcell')[1].textContent);

afterEach(cleanup);

describe('DataTable', () => {
  it('renders a grid with a header row, row count and the cells', () => {
    render(<Harness />);
    expect(grid().getAttribute('aria-rowcount')).toBe('5');
    expect(screen.getByRole('columnheader', { name: 'Title' })).toBeTruthy();
    expect(screen.getByText('Interview')).toBeTruthy();
  });

  it('the grid is the only Tab stop of the table besides its checkboxes (no roleless scroller before it)', () => {
    const { container } = render(<Harness />);
    const tabStops = [...container.querySelectorAll<HTMLElement>('[tabindex], input, button')].filter(
      (element) => element.tabIndex >= 0 && element.getAttribute('type') !== 'checkbox',
    );
    expect(tabStops).toEqual([grid()]);
  });

  it('toggles with the checkbox and selects a range with shift-click', () => {
    render(<Harness />);
    const boxes = screen.getAllByRole('checkbox', { name: /^Select (?!all)/ });
    expect(boxes.map((box) => box.getAttribute('aria-label')).slice(0, 2)).toEqual([
      'Select Intro',
      'Select Interview',
    ]);
    fireEvent.click(boxes[0]);
    fireEvent.click(boxes[2], { shiftKey: true });
    expect(selectedTitles()).toEqual(['Intro', 'Interview', 'Outro']);
    const header = screen.getByRole('checkbox', { name: 'Select all rows' }) as HTMLInputElement;
    expect(header.indeterminate).toBe(true);
    fireEvent.click(header);
    expect(selectedTitles()).toHaveLength(4);
    fireEvent.click(header);
    expect(selectedTitles()).toEqual([]);
  });

  it('moves with the arrow keys, toggles with Space, extends with Shift+Arrow, opens with Enter, selects all with Ctrl+A', () => {
    const onOpen = vi.fn();
    render(<Harness onOpen={onOpen} />);
    const table = grid();
    fireEvent.keyDown(table, { key: 'ArrowDown' });
    expect(table.getAttribute('aria-activedescendant')).toBe(screen.getByText('Intro').closest('tr')!.id);
    fireEvent.keyDown(table, { key: ' ' });
    expect(selectedTitles()).toEqual(['Intro']);
    fireEvent.keyDown(table, { key: 'ArrowDown', shiftKey: true });
    expect(selectedTitles()).toEqual(['Intro', 'Interview']);
    fireEvent.keyDown(table, { key: 'End' });
    fireEvent.keyDown(table, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith(rows[3]);
    fireEvent.keyDown(table, { key: 'a', ctrlKey: true });
    expect(selectedTitles()).toHaveLength(4);
  });

  it('shows the empty state when there are no rows', () => {
    render(
      <VirtuosoMockContext.Provider value={{ viewportHeight: 600, itemHeight: 30 }}>
        <DataTable
          label="Videos"
          rows={[]}
          columns={columns}
          getRowId={(r: Video) => r.id}
          emptyState="No videos yet"
        />
      </VirtuosoMockContext.Provider>,
    );
    expect(screen.getByText('No videos yet')).toBeTruthy();
  });
});
