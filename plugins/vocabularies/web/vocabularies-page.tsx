import { useUnit } from 'effector-react';
import { useLazyModel } from '../../../core';
import { dataTableColumnHelper, ResourceListPage } from '../../../core/ui';
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
  const [saving, createSubmitted, changesSubmitted] = useUnit([
    model.$saving,
    model.createSubmitted,
    model.changesSubmitted,
  ]);
  return (
    <ResourceListPage
      model={model}
      plural="vocabulary lists"
      singular="vocabulary list"
      columns={columns}
      emptyText="No vocabulary lists yet. Create one for the names and terms of your videos."
      deleteNote="Set-ups already started keep their words."
      renderDialog={(list, close) => (
        <VocabularyDialog
          list={list}
          saving={saving}
          onClose={close}
          onSave={(form) => {
            if (!list) return createSubmitted(form);
            const nameChanged = form.name !== list.attributes.name;
            const entriesChanged = form.utterances.join('\n') !== list.attributes.utterances.join('\n');
            if (!nameChanged && !entriesChanged) return close();
            changesSubmitted({
              id: list.id,
              ...(nameChanged ? { name: form.name } : {}),
              ...(entriesChanged ? { utterances: form.utterances } : {}),
            });
          }}
        />
      )}
    />
  );
}
// The set-up picker's choices load with the page's chunk: one lazy file name fewer in the initial JavaScript.
export { vocabularyChoices, vocabularyCommandChoices } from './vocabulary-choices';
