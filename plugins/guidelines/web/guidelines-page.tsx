import { useUnit } from 'effector-react';
import { useLazyModel } from '../../../core';
import { dataTableColumnHelper, ResourceListPage } from '../../../core/ui';
import type { GuidelineResource } from '../common/guidelines-contract';
import { GuidelineDialog } from './guideline-dialog';
import { guidelinesModel } from './guidelines-model-loader';
import './guidelines.css';

const col = dataTableColumnHelper<GuidelineResource>();
const columns = [
  col.accessor((row) => row.attributes.name, { id: 'name', header: 'Name' }),
  col.accessor((row) => (row.attributes.isDefault ? 'Default' : ''), { id: 'default', header: 'Default' }),
  col.accessor((row) => row.attributes.prompt, { id: 'prompt', header: 'Prompt' }),
];

/** `/guidelines`: the workspace's guidelines, the default first; set or clear the default on the selected one. */
export default function GuidelinesPage() {
  const model = useLazyModel(guidelinesModel);
  const [saving, createSubmitted, changesSubmitted, defaultToggled] = useUnit([
    model.$saving,
    model.createSubmitted,
    model.changesSubmitted,
    model.defaultToggled,
  ]);
  return (
    <ResourceListPage
      model={model}
      plural="guidelines"
      singular="guideline"
      columns={columns}
      emptyText="No guidelines yet. Write down how your translations should read: a prompt, a register, words never to translate."
      deleteNote="Set-ups already started keep it."
      bulkActions={(selected) =>
        selected.length === 1 && (
          <button type="button" className="button" onClick={() => defaultToggled(selected[0])}>
            {selected[0].attributes.isDefault ? 'Clear default' : 'Make default'}
          </button>
        )
      }
      renderDialog={(guideline, close) => (
        <GuidelineDialog
          guideline={guideline}
          saving={saving}
          onClose={close}
          onSave={(form) => (guideline ? changesSubmitted({ id: guideline.id, ...form }) : createSubmitted(form))}
        />
      )}
    />
  );
}
// The set-up picker's and the palette's choices load with the page's chunk: one lazy file name fewer in the initial JavaScript.
export { guidelineChoices, guidelineCommandChoices } from './guideline-choices';
export { defaultGuidelineChoices } from './guideline-default-choices';
