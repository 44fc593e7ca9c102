import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useUnit } from 'effector-react';
import { TERM_MAX_LENGTH, type Terms } from '../common/termbases-contract';
import { filledTerms } from './entry-dialog';
import type { TermbaseEntriesModel } from './termbase-entries-model';
import { LanguageChip } from './termbase-languages';

/**
 * A row of fields, one per language of the term base, to add an entry (`add_entry`): Enter adds
 * it, the fields empty once the server has it and focus goes back to the first one, so terms are
 * typed one after another without the mouse.
 */
export function AddEntryForm({ languages, model }: { languages: readonly string[]; model: TermbaseEntriesModel }) {
  const ids = useId();
  const [terms, setTerms] = useState<Terms>({});
  const [entryAdded, adding] = useUnit([model.entryAdded, model.addFx.pending]);
  const form = useRef<HTMLFormElement>(null);
  const filled = filledTerms(terms);
  // Emptied only once added: a refused term stays, to be corrected.
  useEffect(
    () =>
      model.addFx.done.watch(() => {
        setTerms({});
        form.current?.querySelector('input')?.focus();
      }),
    [model],
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(filled).length > 0 && !adding) entryAdded(filled);
  };
  return (
    <form ref={form} className="termbase-add" aria-label="Add a term" onSubmit={submit}>
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
      <button
        type="submit"
        className="button button-primary"
        disabled={Object.keys(filled).length === 0 || adding}
        aria-busy={adding}
      >
        Add term
      </button>
    </form>
  );
}
