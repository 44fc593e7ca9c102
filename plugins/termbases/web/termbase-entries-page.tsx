import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { useLazyModel } from '../../../core';
import { dataTableColumnHelper, DataTable } from '../../../core/ui';
import type { TermbaseEntryResource } from '../common/termbases-contract';
import { EntryDialog } from './entry-dialog';
import { AddEntryForm } from './add-entry-form';
import { TermbaseDialogs } from './termbase-dialogs';
import { LanguageChip, LanguageChips } from './termbase-languages';
import { termbasesModel } from './termbases-model-loader';
import './termbases.css';

const col = dataTableColumnHelper<TermbaseEntryResource>();
const entryLabel = (entry: TermbaseEntryResource) => Object.values(entry.attributes.terms).join(' / ');

/**
 * `/termbases/{termbaseId}`: one term base's entries, a column per language (its full name and
 * colour), searched and paged by the server as the table scrolls. Terms are added in the row of
 * fields above the table; Enter or a double-click edits an entry; Delete deletes the selected
 * ones, with Undo on the toast.
 */
export function TermbaseEntriesPage({ termbaseId }: { termbaseId: string }) {
  const model = useLazyModel(termbasesModel);
  const entries = model.entries;
  const [termbase, missing, termbaseWanted, dialogOpened] = useUnit([
    model.$open,
    model.$missing,
    model.termbaseWanted,
    model.dialogOpened,
  ]);
  const [rows, search, hasMore, loading, saving] = useUnit([
    entries.$entries,
    entries.$search,
    entries.$hasMore,
    entries.$loading,
    entries.$saving,
  ]);
  const [opened, searchChanged, nextPage, entryChanged, deleteRequested] = useUnit([
    entries.opened,
    entries.searchChanged,
    entries.nextPageRequested,
    entries.entryChanged,
    entries.deleteRequested,
  ]);
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<TermbaseEntryResource | null>(null);
  const [searchText, setSearchText] = useState('');
  const languages = termbase?.attributes.languages;
  const languagesKey = languages?.join(',') ?? '';

  useEffect(() => void termbaseWanted(termbaseId), [termbaseId, termbaseWanted]);
  // Entries load once the term base is known (its languages make the columns).
  const openId = termbase?.id;
  useEffect(() => {
    if (!openId) return;
    opened(openId);
    setSearchText('');
    setSelection(new Set());
  }, [openId, opened]);
  useEffect(() => {
    const timer = setTimeout(() => searchText.trim() !== search && searchChanged(searchText), 250);
    return () => clearTimeout(timer);
  }, [searchText, search, searchChanged]);
  useEffect(() => entries.changeFx.done.watch(() => setEditing(null)), [entries]);
  useEffect(() => entries.deleteFx.done.watch(() => setSelection(new Set())), [entries]);

  const columns = useMemo(
    () =>
      (languagesKey ? languagesKey.split(',') : []).map((code, index) =>
        col.accessor((row) => row.attributes.terms[code] ?? '', {
          id: code,
          header: () => <LanguageChip code={code} index={index} />,
        }),
      ),
    [languagesKey],
  );
  const selected = useMemo(() => rows.filter((entry) => selection.has(entry.id)), [rows, selection]);

  if (missing) {
    return (
      <div className="page termbase-page">
        <h1>Term base not found</h1>
        <p>
          It is not in this workspace, or it was deleted. <Link to="/termbases">All term bases</Link>
        </p>
        <TermbaseDialogs model={model} />
      </div>
    );
  }
  if (!termbase || !languages) {
    return (
      <div className="page termbase-page" aria-busy="true">
        <p className="muted">Loading the term base…</p>
      </div>
    );
  }
  const count = termbase.attributes.entriesCount;
  return (
    <div className="page termbase-page">
      <p className="termbase-back">
        <Link to="/termbases">← Term bases</Link>
      </p>
      <header className="page-header">
        <h1>{termbase.attributes.name}</h1>
        <div className="termbase-header-actions">
          <button type="button" className="button" onClick={() => dialogOpened({ kind: 'rename', termbase })}>
            Rename
          </button>
          <button type="button" className="button" onClick={() => dialogOpened({ kind: 'import', termbase })}>
            Import terms…
          </button>
        </div>
      </header>
      <p className="termbase-summary">
        <LanguageChips languages={languages} />
        <span role="status">
          {count} {count === 1 ? 'entry' : 'entries'}
        </span>
      </p>
      <AddEntryForm key={termbase.id} languages={languages} model={entries} />
      <div className="list-toolbar">
        <input
          type="search"
          aria-label="Search terms"
          placeholder="Search terms…"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
      </div>
      <div className="list-bulk-bar" role="toolbar" aria-label="Selected entries" hidden={selected.length === 0}>
        <span>{selected.length} selected</span>
        {selected.length === 1 && (
          <button type="button" className="button" onClick={() => setEditing(selected[0])}>
            Edit
          </button>
        )}
        <button
          type="button"
          className="button button-danger"
          disabled={saving}
          onClick={() => deleteRequested(selected)}
        >
          Delete
        </button>
      </div>
      {/* Delete deletes at once: the toast's Undo adds the terms back. */}
      <div
        className="list-table"
        onKeyDown={(event) => selected.length > 0 && event.key === 'Delete' && deleteRequested(selected)}
      >
        <DataTable
          label="Entries"
          rows={rows}
          columns={columns}
          getRowId={(row) => row.id}
          getRowLabel={entryLabel}
          selection={selection}
          onSelectionChange={setSelection}
          onEndReached={nextPage}
          hasMore={hasMore}
          loading={loading}
          emptyState={
            <p className="muted">
              {search ? `No term matches “${search}”.` : 'No terms yet. Add one above, or import a file of terms.'}
            </p>
          }
          onRowOpen={setEditing}
          height={480}
        />
      </div>
      {editing && (
        <EntryDialog
          entry={editing}
          languages={languages}
          saving={saving}
          onClose={() => setEditing(null)}
          onSave={(terms) => entryChanged({ id: editing.id, terms })}
        />
      )}
      <TermbaseDialogs model={model} />
    </div>
  );
}
