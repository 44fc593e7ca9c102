import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { languageName } from '../../../core/common/language-name';
import { Dialog, DialogActions } from '../../../core/ui';
import { MAX_LANGUAGES, NAME_MAX_LENGTH, type TermbaseResource } from '../common/termbases-contract';
import { LanguageChip, OFFERED_LANGUAGES } from './termbase-languages';
import type { TermbaseForm } from './termbases-model';

/**
 * Create a term base (its name and at least two languages, in the order their colours follow)
 * or rename one. A term base's languages may grow but not shrink here: its entries keep terms in
 * them, which could no longer be edited. Ctrl/Cmd+Enter saves from any field.
 */
export function TermbaseDialog({
  termbase,
  saving,
  onSave,
  onClose,
}: {
  termbase: TermbaseResource | null;
  saving: boolean;
  onSave(form: TermbaseForm): void;
  onClose(): void;
}) {
  const ids = useId();
  const kept = termbase?.attributes.languages ?? [];
  const [name, setName] = useState(termbase?.attributes.name ?? '');
  const [languages, setLanguages] = useState<string[]>([...kept]);
  const offered = useMemo(
    () =>
      OFFERED_LANGUAGES.filter((code) => !languages.includes(code)).sort((a, b) =>
        languageName(a).localeCompare(languageName(b)),
      ),
    [languages],
  );
  const [pick, setPick] = useState('');
  const full = languages.length >= MAX_LANGUAGES;
  const select = useRef<HTMLSelectElement>(null);
  const add = () => {
    if (!pick || full || languages.includes(pick)) return;
    setLanguages([...languages, pick]);
    setPick('');
    // The Add button disables once used: focus goes back to the list, ready for the next language.
    select.current?.focus();
  };
  const problem = !name.trim()
    ? 'Give the term base a name.'
    : languages.length < 2
      ? 'Choose at least two languages.'
      : null;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (problem || saving) return;
    onSave({ name: name.trim(), languages });
  };
  const title = termbase ? 'Rename term base' : 'New term base';
  return (
    <Dialog
      label={termbase ? `Rename ${termbase.attributes.name}` : title}
      onClose={onClose}
      className="termbase-dialog"
    >
      <form
        onSubmit={submit}
        onKeyDown={(event) => event.key === 'Enter' && (event.ctrlKey || event.metaKey) && submit()}
      >
        <h2>{title}</h2>
        <label htmlFor={`${ids}-name`}>Name</label>
        <input
          id={`${ids}-name`}
          value={name}
          maxLength={NAME_MAX_LENGTH}
          onChange={(event) => setName(event.target.value)}
          autoComplete="off"
        />
        <fieldset aria-describedby={`${ids}-hint`}>
          <legend>Languages</legend>
          {languages.length > 0 && (
            <ol className="termbase-chosen">
              {languages.map((code, index) => (
                <li key={code}>
                  <LanguageChip code={code} index={index} />
                  {!kept.includes(code) && (
                    <button
                      type="button"
                      className="button"
                      aria-label={`Remove ${languageName(code)}`}
                      onClick={() => setLanguages(languages.filter((c) => c !== code))}
                    >
                      <span aria-hidden="true">×</span>
                    </button>
                  )}
                </li>
              ))}
            </ol>
          )}
          <label htmlFor={`${ids}-add`}>Add a language</label>
          {/* Moving through the list (↓, typing "Spa") only picks; Enter or the Add button adds. */}
          <div className="termbase-add-language">
            <select
              id={`${ids}-add`}
              ref={select}
              value={pick}
              disabled={full}
              onChange={(event) => setPick(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
                event.preventDefault();
                add();
              }}
            >
              <option value="">Choose a language…</option>
              {offered.map((code) => (
                <option key={code} value={code}>
                  {languageName(code)}
                </option>
              ))}
            </select>
            <button type="button" className="button" disabled={full || !pick} onClick={add}>
              Add
            </button>
          </div>
        </fieldset>
        <p className="muted" id={`${ids}-hint`} aria-live="polite">
          {problem ?? `${languages.length} languages; their colours follow this order.`}
        </p>
        <DialogActions
          onCancel={onClose}
          confirmLabel={termbase ? 'Save' : 'Create'}
          disabled={problem !== null}
          busy={saving}
        />
      </form>
    </Dialog>
  );
}
