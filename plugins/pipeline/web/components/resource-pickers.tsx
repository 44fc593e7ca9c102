import { useId } from 'react';
import { useUnit } from 'effector-react';
import type { SetupModel } from '../model/setup-model';

/**
 * One select per picker other plugins contribute (vocabulary list, guideline, term base, …): the
 * pipeline draws them without knowing what they are. "None" is always a choice.
 */
export function ResourcePickers({ setup }: { setup: SetupModel }) {
  const ids = useId();
  const [pickers, chosen, resourceChosen] = useUnit([
    setup.$resourcePickers,
    setup.$chosenResources,
    setup.resourceChosen,
  ]);
  if (pickers.length === 0) return null;
  return (
    <>
      {pickers.map((picker) => {
        const id = `${ids}-${picker.id}`;
        const hint = picker.failed
          ? `${picker.label} choices could not be loaded.`
          : picker.choices.length === 0
            ? 'None in this workspace yet.'
            : picker.hint;
        return (
          <div className="pipeline-field" key={picker.id}>
            <label htmlFor={id}>{picker.label}</label>
            <select
              id={id}
              value={chosen[picker.field] ?? ''}
              onChange={(event) => resourceChosen({ field: picker.field, id: event.target.value || null })}
              aria-describedby={hint ? `${id}-hint` : undefined}
            >
              <option value="">None</option>
              {picker.choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.subtitle ? `${choice.title} — ${choice.subtitle}` : choice.title}
                </option>
              ))}
            </select>
            {hint && (
              <span className="muted pipeline-hint" id={`${id}-hint`}>
                {hint}
              </span>
            )}
          </div>
        );
      })}
    </>
  );
}
