import { useId, useState, type FormEvent } from 'react';
import { Dialog, DialogActions } from '../../../core/ui';
import {
  MAX_UTTERANCES,
  NAME_MAX_LENGTH,
  cleanUtterances,
  type VocabularyResource,
} from '../common/vocabularies-contract';

/**
 * Create or edit a vocabulary list: its name and its entries, one per line (the way people paste
 * a list of names). Ctrl/Cmd+Enter saves from the text area.
 */
export function VocabularyDialog({
  list,
  saving,
  onSave,
  onClose,
}: {
  list: VocabularyResource | null;
  saving: boolean;
  onSave(form: { name: string; utterances: string[] }): void;
  onClose(): void;
}) {
  const ids = useId();
  const [name, setName] = useState(list?.attributes.name ?? '');
  const [entries, setEntries] = useState((list?.attributes.utterances ?? []).join('\n'));
  const utterances = cleanUtterances(entries.split('\n'));
  const problem = !name.trim()
    ? 'Give the list a name.'
    : utterances.length > MAX_UTTERANCES
      ? `At most ${MAX_UTTERANCES} entries.`
      : null;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!problem && !saving) onSave({ name: name.trim(), utterances });
  };
  return (
    <Dialog
      label={list ? `Edit ${list.attributes.name}` : 'New vocabulary list'}
      onClose={onClose}
      className="vocabulary-dialog"
    >
      <form
        onSubmit={submit}
        onKeyDown={(event) => event.key === 'Enter' && (event.ctrlKey || event.metaKey) && submit()}
      >
        <h2>{list ? 'Edit vocabulary list' : 'New vocabulary list'}</h2>
        <label htmlFor={`${ids}-name`}>Name</label>
        <input
          id={`${ids}-name`}
          value={name}
          maxLength={NAME_MAX_LENGTH}
          onChange={(event) => setName(event.target.value)}
          autoComplete="off"
        />
        <label htmlFor={`${ids}-entries`}>Words and phrases, one per line</label>
        <textarea
          id={`${ids}-entries`}
          rows={10}
          value={entries}
          onChange={(event) => setEntries(event.target.value)}
          placeholder={'Polycue\nZorbatron Prime\nDr. Okonkwo'}
          aria-describedby={`${ids}-hint`}
        />
        <p className="muted" id={`${ids}-hint`} aria-live="polite">
          {problem ??
            `${utterances.length} ${utterances.length === 1 ? 'entry' : 'entries'}: names, brands and jargon speech recognition should know.`}
        </p>
        <DialogActions
          onCancel={onClose}
          confirmLabel={list ? 'Save' : 'Create'}
          disabled={problem !== null}
          busy={saving}
        />
      </form>
    </Dialog>
  );
}
