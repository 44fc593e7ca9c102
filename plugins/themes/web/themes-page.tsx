import { useUnit } from 'effector-react';
import { useLazyModel } from '../../../core';
import { dataTableColumnHelper, ResourceListPage } from '../../../core/ui';
import type { ThemeResource } from '../common/themes-contract';
import { ThemeDialog } from './theme-dialog';
import { themesModel } from './themes-model-loader';
import './themes.css';

const col = dataTableColumnHelper<ThemeResource>();
const capital = (text: string) => text[0].toUpperCase() + text.slice(1);
const columns = [
  col.accessor((row) => row.attributes.name, { id: 'name', header: 'Name' }),
  col.accessor(
    (row) =>
      `${row.attributes.fontFamily}, ${row.attributes.fontSize} px${row.attributes.bold ? ', bold' : ''}${row.attributes.italic ? ', italic' : ''}`,
    { id: 'font', header: 'Font' },
  ),
  col.accessor(
    (row) => (row.attributes.box ? `Box ${row.attributes.boxOpacity} %` : `Outline ${row.attributes.outlineWidth} px`),
    { id: 'edge', header: 'Edge' },
  ),
  col.accessor(
    (row) =>
      `${capital(row.attributes.position)} ${row.attributes.alignment === 'center' ? 'centre' : row.attributes.alignment}`,
    { id: 'position', header: 'Position' },
  ),
];

/** `/themes`: the workspace's styles for burned-in subtitles; Enter edits one with its live preview, Duplicate copies the selected. */
export default function ThemesPage() {
  const model = useLazyModel(themesModel);
  const [saving, duplicating, createSubmitted, changesSubmitted, duplicateRequested] = useUnit([
    model.$saving,
    model.duplicateFx.pending,
    model.createSubmitted,
    model.changesSubmitted,
    model.duplicateRequested,
  ]);
  return (
    <ResourceListPage
      model={model}
      plural="themes"
      singular="theme"
      columns={columns}
      emptyText="No themes yet. A theme is how burned-in subtitles look: font, colours, outline or box, and where they sit on the picture."
      deleteNote="Exports already made keep their look."
      bulkActions={(selected) => (
        <button
          type="button"
          className="button"
          disabled={duplicating}
          onClick={() => duplicateRequested(selected.map((theme) => theme.id))}
        >
          Duplicate
        </button>
      )}
      renderDialog={(theme, close) => (
        <ThemeDialog
          theme={theme}
          saving={saving}
          preview={model.preview}
          onClose={close}
          onSave={(form) => (theme ? changesSubmitted({ id: theme.id, ...form }) : createSubmitted(form))}
        />
      )}
    />
  );
}
// The palette's choices load with the page's chunk: one lazy file name fewer in the initial JavaScript.
export { themeCommandChoices } from './theme-choices';
