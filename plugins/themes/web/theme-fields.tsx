import { useId } from 'react';
import { THEME_FIELD_LABELS, THEME_LIMITS, type ThemeStyle } from '../common/themes-contract';

type Keys<T> = { [K in keyof ThemeStyle]: ThemeStyle[K] extends T ? K : never }[keyof ThemeStyle];
export type NumberKey = keyof typeof THEME_LIMITS;
interface FieldProps<K extends keyof ThemeStyle> {
  style: ThemeStyle;
  field: K;
  onChange(field: K, value: ThemeStyle[K]): void;
  disabled?: boolean;
  /** A label other than the field's usual one (the outline width is the box's padding with the box on). */
  label?: string;
}

/** A number in its range; an emptied box holds NaN until typed again, which the dialog reports. */
export function NumberField({
  style,
  field,
  onChange,
  disabled,
  label,
  unit = 'px',
}: FieldProps<NumberKey> & { unit?: string }) {
  const id = useId();
  const { min, max } = THEME_LIMITS[field];
  const value = style[field];
  return (
    <div className="theme-field">
      <label htmlFor={id}>
        {label ?? THEME_FIELD_LABELS[field]} <span className="muted">({unit})</span>
      </label>
      <input
        id={id}
        type="number"
        min={min}
        max={max}
        step={1}
        value={Number.isNaN(value) ? '' : value}
        disabled={disabled}
        onChange={(event) => onChange(field, event.target.valueAsNumber)}
      />
    </div>
  );
}

export function ColourField({ style, field, onChange, disabled }: FieldProps<Keys<string> & `${string}Color`>) {
  const id = useId();
  return (
    <div className="theme-field theme-colour">
      <label htmlFor={id}>{THEME_FIELD_LABELS[field]}</label>
      <input
        id={id}
        type="color"
        value={style[field]}
        disabled={disabled}
        onChange={(event) => onChange(field, event.target.value)}
      />
    </div>
  );
}

export function ToggleField({ style, field, onChange }: FieldProps<Keys<boolean>>) {
  return (
    <label className="theme-toggle">
      <input type="checkbox" checked={style[field]} onChange={(event) => onChange(field, event.target.checked)} />{' '}
      {THEME_FIELD_LABELS[field]}
    </label>
  );
}

export function ChoiceField<K extends 'fontFamily' | 'position' | 'alignment'>({
  style,
  field,
  onChange,
  choices,
}: FieldProps<K> & { choices: readonly { value: ThemeStyle[K]; label: string }[] }) {
  const id = useId();
  return (
    <div className="theme-field">
      <label htmlFor={id}>{THEME_FIELD_LABELS[field]}</label>
      <select id={id} value={style[field]} onChange={(event) => onChange(field, event.target.value as ThemeStyle[K])}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
