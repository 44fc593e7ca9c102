import { useUnit } from 'effector-react';
import { Dialog, DialogActions } from '../../../core/ui';
import { ImportTermsDialog } from './import-terms-dialog';
import { TermbaseDialog } from './termbase-dialog';
import type { TermbasesModel } from './termbases-model';

/**
 * The popups opened for one term base from the palette or a page's button (the model's
 * `$dialog`): rename, delete (asked first) and import terms. Both pages render them.
 */
export function TermbaseDialogs({ model }: { model: TermbasesModel }) {
  const [dialog, saving, importing, importError] = useUnit([
    model.$dialog,
    model.$saving,
    model.$importing,
    model.$importError,
  ]);
  const [closed, changesSubmitted, deleteRequested, importSubmitted] = useUnit([
    model.dialogClosed,
    model.changesSubmitted,
    model.deleteRequested,
    model.importSubmitted,
  ]);
  if (!dialog) return null;
  const { termbase } = dialog;
  if (dialog.kind === 'rename') {
    return (
      <TermbaseDialog
        termbase={termbase}
        saving={saving}
        onClose={closed}
        onSave={({ name, languages }) =>
          changesSubmitted({
            id: termbase.id,
            name,
            ...(languages.length > termbase.attributes.languages.length ? { languages } : {}),
          })
        }
      />
    );
  }
  if (dialog.kind === 'import') {
    return (
      <ImportTermsDialog
        termbase={termbase}
        importing={importing}
        error={importError}
        onClose={closed}
        onImport={(content) => importSubmitted({ termbaseId: termbase.id, content })}
      />
    );
  }
  const count = termbase.attributes.entriesCount;
  return (
    <Dialog label={`Delete ${termbase.attributes.name}`} onClose={closed} className="termbase-dialog">
      <div className="termbase-confirm">
        <p>
          Delete “{termbase.attributes.name}” and its {count} {count === 1 ? 'entry' : 'entries'}? Set-ups already
          started keep it.
        </p>
        <DialogActions
          onCancel={closed}
          cancelAutoFocus
          confirmLabel="Delete"
          danger
          busy={saving}
          onConfirm={() => deleteRequested([termbase.id])}
        />
      </div>
    </Dialog>
  );
}
