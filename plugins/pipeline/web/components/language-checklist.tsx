import { useId } from 'react';
import type { LanguageOption } from '../model/setup-types';

/**
 * A multi-select of languages as a labelled group of checkboxes. What this installation can do
 * comes first; the rest stay listed, disabled, each with its reason (read out with it), under a
 * "not available here" disclosure so a long list of engine-less languages does not bury the choice.
 */
export function LanguageChecklist({
  legend,
  hint,
  options,
  selected,
  onToggle,
  emptyText,
}: {
  legend: string;
  hint?: string;
  options: LanguageOption[];
  selected: string[];
  onToggle: (code: string) => void;
  emptyText: string;
}) {
  const id = useId();
  const available = options.filter((o) => o.available);
  const unavailable = options.filter((o) => !o.available);
  const item = (option: LanguageOption) => (
    <li key={option.code} className={option.available ? undefined : 'is-unavailable'}>
      <label>
        <input
          type="checkbox"
          value={option.code}
          checked={selected.includes(option.code)}
          disabled={!option.available}
          aria-describedby={option.reason ? `${id}-${option.code}` : undefined}
          onChange={() => onToggle(option.code)}
        />
        {option.name}
      </label>
      {option.reason && (
        <span className="pipeline-reason" id={`${id}-${option.code}`}>
          {option.reason}
        </span>
      )}
    </li>
  );
  return (
    <fieldset className="pipeline-languages" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend>{legend}</legend>
      {hint && (
        <p className="muted pipeline-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {available.length === 0 ? (
        <p className="muted">{emptyText}</p>
      ) : (
        <ul className="pipeline-language-list">{available.map(item)}</ul>
      )}
      {unavailable.length > 0 && (
        <details className="pipeline-unavailable">
          <summary>
            {unavailable.length === 1
              ? '1 language not available here'
              : `${unavailable.length} languages not available here`}
          </summary>
          <ul className="pipeline-language-list">{unavailable.map(item)}</ul>
        </details>
      )}
    </fieldset>
  );
}
