import * as effectorReact from 'effector-react';
import * as React from 'react';
import type { FieldChange, FormModel } from '../model/form-model';

const { useRef, useEffect } = React;

/** Binds a form model to inputs: `<FormField {...field('email')} />` gets value, error and change handler. */
export function useForm<T extends Record<string, unknown>>(form: FormModel<T>) {
  const [values, errors, change] = effectorReact.useUnit([form.$values, form.$errors, form.fieldChanged]);
  const field = <K extends keyof T & string>(name: K) => ({
    name,
    value: String(values[name] ?? ''),
    error: errors[name],
    onValueChange: (value: string) => change({ field: name, value } as unknown as FieldChange<T>),
  });
  const setValue = <K extends keyof T & string>(name: K, value: T[K]) =>
    change({ field: name, value } as unknown as FieldChange<T>);
  return { values, errors, field, setValue };
}

/** Calls `opened` once per mount, even under StrictMode's double effect run (a toast must not show twice). */
export function usePageOpened(opened: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    opened();
    // Deliberately no dependencies: once per mount.
  }, []);
}

/** The submit handler of a real <form>: Enter in any field submits, native checks run first. */
export function onSubmitCall(submit: () => void) {
  return (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };
}
