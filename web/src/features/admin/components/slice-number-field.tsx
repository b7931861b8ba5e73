/**
 * A whole-number field of the slice dialog (odds, stock, days valid): its label, the input, its
 * error and its hint.
 */
import type { ReactNode } from 'react';

export interface SliceNumberFieldProps {
  /** The input's id; its hint is `${id}-hint`. */
  id: string;
  name: string;
  label: string;
  hint: string;
  min: number;
  value: string;
  placeholder?: string;
  invalid: boolean;
  describedBy: string | undefined;
  /** The field's error line, if any. */
  error: ReactNode;
  onChange: (value: string) => void;
}

export function SliceNumberField(props: SliceNumberFieldProps) {
  const { id, name, label, hint, min, value, placeholder, invalid, describedBy, error } = props;
  return (
    <div className="ui-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        step={1}
        value={value}
        placeholder={placeholder}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {error}
      <p id={`${id}-hint`} className="admin-hint">
        {hint}
      </p>
    </div>
  );
}
