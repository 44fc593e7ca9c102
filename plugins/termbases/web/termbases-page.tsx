import { useNavigate, useParams } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { useLazyModel } from '../../../core';
import { dataTableColumnHelper, ResourceListPage } from '../../../core/ui';
import type { TermbaseResource } from '../common/termbases-contract';
import { TermbaseDialog } from './termbase-dialog';
import { TermbaseDialogs } from './termbase-dialogs';
import { TermbaseEntriesPage } from './termbase-entries-page';
import { LanguageChips } from './termbase-languages';
import { termbasesModel } from './termbases-model-loader';
import './termbases.css';

const col = dataTableColumnHelper<TermbaseResource>();
const columns = [
  col.accessor((row) => row.attributes.name, { id: 'name', header: 'Name' }),
  col.display({
    id: 'languages',
    header: 'Languages',
    cell: ({ row }) => <LanguageChips languages={row.original.attributes.languages} />,
  }),
  col.accessor((row) => row.attributes.entriesCount, { id: 'entries', header: 'Entries' }),
];

/** `/termbases` lists the term bases, `/termbases/{termbaseId}` shows one's entries. */
export default function TermbasesRoute() {
  const { termbaseId } = useParams();
  return termbaseId ? <TermbaseEntriesPage termbaseId={termbaseId} /> : <TermbasesPage />;
}

/**
 * `/termbases`: the workspace's term bases, with search, keyboard selection and bulk delete;
 * Enter or a double-click opens one (its entries), the bulk bar renames it or imports terms.
 */
function TermbasesPage() {
  const model = useLazyModel(termbasesModel);
  const navigate = useNavigate();
  const [saving, createSubmitted, dialogOpened] = useUnit([model.$saving, model.createSubmitted, model.dialogOpened]);
  const open = (termbase: TermbaseResource) => navigate(`/termbases/${termbase.id}`);
  return (
    <>
      <ResourceListPage
        model={model}
        plural="term bases"
        singular="term base"
        columns={columns}
        emptyText="No term bases yet. Create one for the terms your translations must use, then add or import them."
        deleteNote="Its entries go with it; set-ups already started keep it."
        onRowOpen={open}
        bulkActions={(selected) =>
          selected.length === 1 && (
            <>
              <button type="button" className="button" onClick={() => open(selected[0])}>
                Open
              </button>
              <button
                type="button"
                className="button"
                onClick={() => dialogOpened({ kind: 'rename', termbase: selected[0] })}
              >
                Rename
              </button>
              <button
                type="button"
                className="button"
                onClick={() => dialogOpened({ kind: 'import', termbase: selected[0] })}
              >
                Import terms…
              </button>
            </>
          )
        }
        renderDialog={(_, close) => (
          <TermbaseDialog termbase={null} saving={saving} onClose={close} onSave={createSubmitted} />
        )}
      />
      <TermbaseDialogs model={model} />
    </>
  );
}
// The palette's and the set-up picker's choices load with the page's chunk (index.ts says why).
export { termbaseCommandChoices, termbasePickerChoices } from './termbase-choices';
