import { useId, useState, type FormEvent } from 'react';
import { Dialog, DialogActions } from '../../../core/ui';
import { TERM_MAX_LENGTH, type TermbaseEntryResource, type Terms } from '../common/termbases-contract';
import { LanguageChip } from './termbase-languages';

/** Terms typed per language, blanks left out (an entry needs one term at least). */
export function filledTerms(terms: Terms): Terms {
  return Object.fromEntries(
    Object.entries(terms)
      .map(([code, term]) => [code, term.trim()])
      .filter(([, term]) => term),
  );
}

/** Edit one entry: a term per language of its term base. Ctrl/Cmd+Enter saves from any field. */
export function EntryDialog({
  entry,
  languages,
  saving,
  onSave,
  onClose,
}: {
  entry: TermbaseEntryResource;
  languages: readonly string[];
  saving: boolean;
  onSave(terms: Terms): void;
  onClose(): void;
}) {
  const ids = useId();
  const [terms, setTerms] = useState<Terms>({ ...entry.attributes.terms });
  const empty = Object.keys(filledTerms(terms)).length === 0;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!empty && !saving) onSave(filledTerms(terms));
  };
  return (
    <Dialog label="Edit entry" onClose={onClose} className="termbase-dialog">
      <form
        onSubmit={submit}
        onKeyDown={(event) => event.key === 'Enter' && (event.ctrlKey || event.metaKey) && submit()}
      >
        <h2>Edit entry</h2>
        {languages.map((code, index) => (
          <div key={code} className="termbase-term-field">
            <label htmlFor={`${ids}-${code}`}>
              <LanguageChip code={code} index={index} />
            </label>
            <input
              id={`${ids}-${code}`}
              value={terms[code] ?? ''}
              maxLength={TERM_MAX_LENGTH}
              autoComplete="off"
              onChange={(event) => setTerms({ ...terms, [code]: event.target.value })}
            />
          </div>
        ))}
        <p className="muted" aria-live="polite">
          {empty ? 'An entry needs a term in one language at least.' : 'Languages left blank have no term.'}
        </p>
        <DialogActions onCancel={onClose} confirmLabel="Save" disabled={empty} busy={saving} />
      </form>
    </Dialog>
  );
}
