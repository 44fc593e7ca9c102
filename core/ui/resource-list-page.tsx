import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useUnit } from 'effector-react';
import { useLocation } from 'react-router-dom';
import type { Resource } from '../common/session-types';
import type { ResourceListModel } from '../model/resource-list-model';
import { DataTable, type DataTableColumn } from './data-table';
import { Dialog, DialogActions } from './dialog';
import './resource-list-page.css';

type Named = Resource<string, { name: string }>;

export interface ResourceListPageProps<R extends Named> {
  model: ResourceListModel<R, any, any>;
  /** Plural and singular of what is listed, as people read it: "vocabulary lists", "vocabulary list". */
  plural: string;
  singular: string;
  columns: DataTableColumn<R>[];
  /** What an empty workspace shows, before anything is searched. */
  emptyText: string;
  /** Said in the delete confirmation after the question, e.g. what happens to runs already started. */
  deleteNote?: string;
  /** The create / edit dialog: `item` null to create; call `close` to dismiss it. */
  renderDialog(item: R | null, close: () => void): ReactNode;
  /** Buttons for the selected rows, before "Delete". */
  bulkActions?(selected: R[]): ReactNode;
  /** Enter or double-click on a row when it should not open the edit dialog (term bases open their entries). */
  onRowOpen?(item: R): void;
}

const capital = (text: string) => text[0].toUpperCase() + text.slice(1);

/**
 * The page of a workspace's named resources (vocabulary lists, guidelines, term bases): a search
 * box, the virtualized table (keyboard selection, Enter opens one, Delete asks to delete the
 * selection), a bulk bar, the create / edit dialog (`?new=1` opens it to create) and the delete
 * confirmation. Data comes from core's resource list model.
 */
export function ResourceListPage<R extends Named>({
  model,
  plural,
  singular,
  columns,
  emptyText,
  deleteNote,
  renderDialog,
  bulkActions,
  onRowOpen,
}: ResourceListPageProps<R>) {
  const [items, search, hasMore, loading, saving] = useUnit([
    model.$items,
    model.$search,
    model.$hasMore,
    model.$loading,
    model.$saving,
  ]);
  const [pageOpened, searchChanged, nextPage, deleteRequested] = useUnit([
    model.pageOpened,
    model.searchChanged,
    model.nextPageRequested,
    model.deleteRequested,
  ]);
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  // `?new=1` (the "Create …" commands) opens the create dialog, also when the page is already
  // open: each navigation is a new location (its own key), even to the same address.
  const location = useLocation();
  const askedToCreate = new URLSearchParams(location.search).has('new');
  useEffect(() => {
    if (askedToCreate) setEditing('new');
  }, [askedToCreate, location.key]);
  // The row just created: focus goes to it once the dialog has closed.
  const [createdId, setCreatedId] = useState<string | null>(null);
  // What the delete confirmation asks about: the selection, or what a palette command named (it
  // may not be on the loaded page); null while no confirmation is open.
  const [toDelete, setToDelete] = useState<R[] | null>(null);
  const [requested, actionTaken] = useUnit([model.$requestedAction, model.itemActionTaken]);
  useEffect(() => {
    if (!requested) return;
    if (requested.action === 'edit') setEditing(requested.item);
    else setToDelete([requested.item]);
    actionTaken();
  }, [requested, actionTaken]);
  const [searchText, setSearchText] = useState(search);
  useEffect(() => pageOpened(), [pageOpened]);
  useEffect(() => {
    const timer = setTimeout(() => searchText.trim() !== search && searchChanged(searchText), 250);
    return () => clearTimeout(timer);
  }, [searchText, search, searchChanged]);
  // A saved dialog closes; deleted rows leave the selection.
  useEffect(() => model.createFx.doneData.watch((created) => (setEditing(null), setCreatedId(created.id))), [model]);
  useEffect(() => model.updateFx.done.watch(() => setEditing(null)), [model]);
  useEffect(() => model.deleteFx.done.watch(() => (setSelection(new Set()), setToDelete(null))), [model]);

  const selected = useMemo(() => items.filter((item) => selection.has(item.id)), [items, selection]);
  const emptyState = <p className="muted">{search ? `No ${singular} matches “${search}”.` : emptyText}</p>;
  const close = () => setEditing(null);

  return (
    <div className="page resource-list-page">
      <header className="page-header">
        <h1>{capital(plural)}</h1>
        <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
          New {singular}
        </button>
      </header>
      <div className="list-toolbar">
        <input
          type="search"
          aria-label={`Search ${plural}`}
          placeholder={`Search ${plural}…`}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
      </div>
      <div className="list-bulk-bar" role="toolbar" aria-label={`Selected ${plural}`} hidden={selected.length === 0}>
        <span>{selected.length} selected</span>
        {bulkActions?.(selected)}
        <button type="button" className="button button-danger" onClick={() => setToDelete(selected)}>
          Delete
        </button>
      </div>
      <div
        className="list-table"
        onKeyDown={(event) => {
          if (
            selected.length > 0 &&
            (event.key === 'Delete' || (event.key === 'Backspace' && (event.metaKey || event.ctrlKey)))
          )
            setToDelete(selected);
        }}
      >
        <DataTable
          label={capital(plural)}
          rows={items}
          columns={columns}
          getRowId={(row) => row.id}
          getRowLabel={(row) => row.attributes.name}
          selection={selection}
          onSelectionChange={setSelection}
          onEndReached={nextPage}
          hasMore={hasMore}
          loading={loading}
          emptyState={emptyState}
          onRowOpen={onRowOpen ?? ((row) => setEditing(row))}
          height={480}
          focusRowId={createdId}
        />
      </div>
      {editing && renderDialog(editing === 'new' ? null : editing, close)}
      {toDelete && (
        <Dialog role="alertdialog" label={`Delete ${plural}`} onClose={() => setToDelete(null)}>
          <p>
            Delete{' '}
            {toDelete.length === 1 ? `${singular} “${toDelete[0]!.attributes.name}”` : `${toDelete.length} ${plural}`}?
            {deleteNote ? ` ${deleteNote}` : ''}
          </p>
          <DialogActions
            onCancel={() => setToDelete(null)}
            cancelAutoFocus
            confirmLabel="Delete"
            danger
            busy={saving}
            onConfirm={() => deleteRequested(toDelete.map((item) => item.id))}
          />
        </Dialog>
      )}
    </div>
  );
}
