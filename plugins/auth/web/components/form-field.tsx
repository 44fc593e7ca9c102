import * as React from 'react';
import './auth-forms.css';

const { useId } = React;

type InputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>;

export interface FormFieldProps extends InputProps {
  label: string;
  value: string;
  onValueChange(value: string): void;
  /** Inline error; linked to the input with aria-describedby so screen readers read it with the field. */
  error?: string;
  hint?: string;
}

/** A labelled input with its hint and inline error, shared by every auth form. */
export function FormField({ label, value, onValueChange, error, hint, ...input }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <p id={hintId} className="auth-field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="auth-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function CheckboxField({
  label,
  checked,
  onCheckedChange,
  name,
}: {
  label: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  name?: string;
}) {
  const id = useId();
  return (
    <div className="auth-field auth-field-inline">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** The form's main button: disabled while its call is running, so a double click sends once. */
export function SubmitButton({ pending, children }: { pending: boolean; children: React.ReactNode }) {
  return (
    <button
      type="submit"
      className="auth-button auth-button-primary"
      disabled={pending}
      aria-busy={pending || undefined}
    >
      {children}
    </button>
  );
}
