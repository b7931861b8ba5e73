/**
 * The ready palettes of Game Settings (shared/wheel-palettes.ts): one button per palette, showing
 * its colours; pressing one puts its colours in the wheel's colour list, where each stays editable.
 */
import { useId } from 'react';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { WHEEL_PALETTES } from '@shared/wheel-palettes';
import './palette-picker.css';

export interface PalettePickerProps {
  /** Called with the chosen palette's colours. */
  onPick: (colors: string[]) => void;
}

export function PalettePicker({ onPick }: PalettePickerProps) {
  const id = useId();
  return (
    <div className="palette-picker" role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="palette-picker__title">
        {ADMIN_TEXT.readyPalettes}
      </p>
      <p className="admin-hint">{ADMIN_TEXT.readyPalettesHint}</p>
      <ul className="palette-picker__list">
        {WHEEL_PALETTES.map((palette) => (
          <li key={palette.name}>
            <button
              type="button"
              className="palette-picker__button"
              onClick={() => onPick([...palette.colors])}
            >
              <span className="palette-picker__swatches" aria-hidden="true">
                {palette.colors.map((color) => (
                  <span key={color} style={{ background: color }} />
                ))}
              </span>
              {palette.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
