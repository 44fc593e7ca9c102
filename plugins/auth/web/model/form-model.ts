import * as effector from 'effector';

const { createEvent, createStore } = effector;

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

export type FieldChange<T> = { [K in keyof T & string]: { field: K; value: T[K] } }[keyof T & string];

/**
 * The values and inline errors of one <form>, held in Effector so the flows (sample -> effect)
 * read what the user typed and can clear or flag fields without reaching into React state.
 */
export function createFormModel<T extends Record<string, unknown>>(initial: T) {
  const fieldChanged = createEvent<FieldChange<T>>();
  const valuesReplaced = createEvent<Partial<T>>();
  const fieldsCleared = createEvent<(keyof T & string)[]>();
  const errorsShown = createEvent<FieldErrors<T>>();
  const reset = createEvent();

  const $values = createStore<T>(initial)
    .on(fieldChanged, (values, { field, value }) => ({ ...values, [field]: value }))
    .on(valuesReplaced, (values, patch) => ({ ...values, ...patch }))
    .on(fieldsCleared, (values, fields) => ({ ...values, ...Object.fromEntries(fields.map((f) => [f, initial[f]])) }))
    .reset(reset);

  // Editing a field takes its error away: the message described the old value.
  const $errors = createStore<FieldErrors<T>>({})
    .on(errorsShown, (_, errors) => errors)
    .on(fieldChanged, (errors, { field }) => {
      if (!(field in errors)) return errors;
      const { [field]: _removed, ...rest } = errors;
      return rest as FieldErrors<T>;
    })
    .reset(reset);

  /** Whether a server `field` names one of this form's inputs (else its message needs a toast). */
  const showsField = (serverField: string | null): boolean => !!serverField && formFieldName(serverField) in initial;

  return { fieldChanged, valuesReplaced, fieldsCleared, errorsShown, reset, showsField, $values, $errors };
}

export type FormModel<T extends Record<string, unknown>> = ReturnType<typeof createFormModel<T>>;

/** Server fields may come snake_case (`password_confirmation`, `user.last_name`); forms use camelCase. */
export function formFieldName(serverField: string): string {
  const last = serverField.split(/[./]/).pop() ?? serverField;
  return last.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}
