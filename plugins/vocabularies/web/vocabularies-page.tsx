import { useEffect, useMemo, useState } from 'react';
import { useUnit } from 'effector-react';
import { useLazyModel } from '../../../core';
import { DataTable, dataTableColumnHelper } from '../../../core/ui';
import type { VocabularyResource } from '../common/vocabularies-contract';
import { VocabularyDialog } from './vocabulary-dialog';
import { vocabulariesModel } from './vocabularies-model-loader';
import './vocabularies.css';

const col = dataTableColumnHelper<VocabularyResource>();
const columns = [
  col.accessor((row) => row.attributes.name, { id: 'name', header: 'Name' }),
  col.accessor((row) => row.attributes.utterances.length, { id: 'entries', header: 'Entries' }),
  col.accessor((row) => row.attributes.utterances.slice(0, 6).join(', '), { id: 'preview', header: 'Words' }),
];

/** `/vocabularies`: the workspace's vocabulary lists, with search, keyboard selection, editing and bulk delete. */
export default function VocabulariesPage() {
  const model = useLazyModel(vocabulariesModel);
  const [lists, search, hasMore, loading, saving] = useUnit([model.$lists, model.$search, model.$hasMore, model.$loading, model.$saving]);
  const [pageOpened, searchChanged, nextPage, createSubmitted, changesSubmitted, deleteRequested] = useUnit([
    model.pageOpened,
    model.searchChanged,
    model.nextPageRequested,
    model.createSubmitted,
    model.changesSubmitted,
    model.deleteRequested,
  ]);
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<VocabularyResource | 'new' | null>(() => (new URLSearchParams(window.location.search).has('new') ? 'new' : null));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [searchText, setSearchText] = useState(search);
  useEffect(() => pageOpened(), [pageOpened]);
  useEffect(() => {
    const timer = setTimeout(() => searchText.trim() !== search && searchChanged(searchText), 250);
    return () => clearTimeout(timer);
  }, [searchText, search, searchChanged]);
  // A saved dialog closes; deleted rows leave the selection.
  useEffect(() => model.createFx.done.watch(() => setEditing(null)), [model]);
  useEffect(() => model.updateFx.done.watch(() => setEditing(null)), [model]);
  useEffect(() => model.deleteFx.done.watch(() => (setSelection(new Set()), setConfirmDelete(false))), [model]);

  const selectedIds = useMemo(() => lists.filter((list) => selection.has(list.id)).map((list) => list.id), [lists, selection]);
  const emptyState = search ? <p className="muted">No vocabulary list matches “{search}”.</p> : <p className="muted">No vocabulary lists yet. Create one for the names and terms of your videos.</p>;

  return (
    <div className="page vocabularies-page">
      <header className="page-header">
        <h1>Vocabulary lists</h1>
        <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
          New vocabulary list
        </button>
      </header>
      <div className="projects-toolbar">
        <input type="search" aria-label="Search vocabulary lists" placeholder="Search vocabulary lists…" value={searchText} onChange={(event) => setSearchText(event.target.value)} />
      </div>
      <div className="projects-bulk-bar" role="toolbar" aria-label="Selected vocabulary lists" hidden={selectedIds.length === 0}>
        <span>{selectedIds.length} selected</span>
        <button type="button" className="button projects-danger" onClick={() => setConfirmDelete(true)}>
          Delete
        </button>
      </div>
      <div
        className="projects-table"
        onKeyDown={(event) => {
          if (selectedIds.length > 0 && (event.key === 'Delete' || (event.key === 'Backspace' && (event.metaKey || event.ctrlKey)))) setConfirmDelete(true);
        }}
      >
        <DataTable
          label="Vocabulary lists"
          rows={lists}
          columns={columns}
          getRowId={(row) => row.id}
          getRowLabel={(row) => row.attributes.name}
          selection={selection}
          onSelectionChange={setSelection}
          onEndReached={nextPage}
          hasMore={hasMore}
          loading={loading}
          emptyState={emptyState}
          onRowOpen={(row) => setEditing(row)}
          height={480}
        />
      </div>
      {editing && (
        <VocabularyDialog
          list={editing === 'new' ? null : editing}
          saving={saving}
          onClose={() => setEditing(null)}
          onSave={(form) => {
            if (editing === 'new') return createSubmitted(form);
            const nameChanged = form.name !== editing.attributes.name;
            const entriesChanged = form.utterances.join('\n') !== editing.attributes.utterances.join('\n');
            if (!nameChanged && !entriesChanged) return setEditing(null);
            changesSubmitted({ id: editing.id, ...(nameChanged ? { name: form.name } : {}), ...(entriesChanged ? { utterances: form.utterances } : {}) });
          }}
        />
      )}
      {confirmDelete && (
        <div className="dialog-backdrop">
          <div className="dialog" role="alertdialog" aria-modal="true" aria-label="Delete vocabulary lists">
            <p>
              Delete {selectedIds.length === 1 ? 'this vocabulary list' : `${selectedIds.length} vocabulary lists`}? Set-ups already started keep their words.
            </p>
            <div className="dialog-actions">
              <button type="button" className="button" onClick={() => setConfirmDelete(false)} autoFocus>
                Cancel
              </button>
              <button type="button" className="button projects-danger" disabled={saving} onClick={() => deleteRequested(selectedIds)}>
                Delete
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
