/**
 * A colour as a text field plus a native colour picker, kept in step (docs/product.md)"). The text may be #rgb or #rrggbb; the picker shows its value.
 */
import { HEX_COLOR } from '@shared/slice';
import { DEFAULT_SLICE_COLOR } from '@shared/constants';
import './color-field.css';

/** The #rrggbb form a colour input needs, from any valid hex colour; the default otherwise. */
function toPickerValue(color: string): string {
  if (!HEX_COLOR.test(color)) return DEFAULT_SLICE_COLOR;
  if (color.length === 4) {
    const [, r, g, b] = color;
    return `#${r}${r}${g}${g}${b}${b}`.toLowerCase();
  }
  return color.toLowerCase();
}

export interface ColorFieldProps {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** Accessible name of the picker, e.g. "Pick background color". */
  pickerLabel: string;
  /** ids of hints or errors describing the text field. */
  describedBy?: string;
  invalid?: boolean;
}

/** The text input (labelled by the caller through `id`) and its colour picker. */
export function ColorField({
  id,
  name,
  value,
  onChange,
  pickerLabel,
  describedBy,
  invalid,
}: ColorFieldProps) {
  return (
    <div className="admin-color-row">
      <input
        className="ui-input"
        id={id}
        name={name}
        type="text"
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="none"
        value={value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
      <input
        type="color"
        aria-label={pickerLabel}
        value={toPickerValue(value)}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
