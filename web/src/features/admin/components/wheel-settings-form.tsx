/**
 * Game settings beyond the slices: the wheel's colour list (itemBackgroundColors; used when
 * not empty; typed, picked, or taken from a ready palette) and how a visitor reaches a prize: verify before spinning, or spin first and verify to
 * claim.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { DEFAULT_ITEM_BACKGROUND_COLORS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { gameSettingsInputSchema } from '@shared/settings';
import { HEX_COLOR } from '@shared/slice';
import type { GameSettings, SpinMode } from '@shared/types';
import { ColorField } from './color-field';
import { NoticeRegion, type Notice } from './notice';
import { PalettePicker } from './palette-picker';
import './wheel-settings-form.css';

/** The schema's cap on the colour list. */
const MAX_WHEEL_COLORS = 20;

const SPIN_MODE_LABELS: readonly { value: SpinMode; label: string }[] = [
  { value: 'verify-first', label: ADMIN_TEXT.spinModeVerifyFirst },
  { value: 'spin-first', label: ADMIN_TEXT.spinModeSpinFirst },
];

export interface WheelSettingsFormProps {
  initial: GameSettings;
  /** Saves; resolves with the notice to show. */
  onSave: (settings: Pick<GameSettings, 'itemBackgroundColors' | 'spinMode'>) => Promise<Notice>;
  /** The colour list as it is being edited (its valid entries), for a live preview. */
  onColorsChange?: (colors: string[]) => void;
}

export function WheelSettingsForm({ initial, onSave, onColorsChange }: WheelSettingsFormProps) {
  const id = useId();
  // Each colour keeps a stable key so removing one does not move focus or values between rows.
  const [colors, setColors] = useState(() =>
    initial.itemBackgroundColors.map((value, i) => ({ key: i, value })),
  );
  const [nextKey, setNextKey] = useState(initial.itemBackgroundColors.length);
  const [spinMode, setSpinMode] = useState<SpinMode>(initial.spinMode);
  const [notice, setNotice] = useState<Notice>();
  const [invalidKeys, setInvalidKeys] = useState<ReadonlySet<number>>(new Set());
  const [saving, setSaving] = useState(false);
  const draftKey = colors.map((c) => c.value.trim()).join(' ');
  useEffect(() => {
    onColorsChange?.(draftKey.split(' ').filter((c) => HEX_COLOR.test(c)));
  }, [draftKey, onColorsChange]);

  function addColor() {
    const value =
      DEFAULT_ITEM_BACKGROUND_COLORS[colors.length % DEFAULT_ITEM_BACKGROUND_COLORS.length]!;
    setColors([...colors, { key: nextKey, value }]);
    setNextKey(nextKey + 1);
  }

  /** A ready palette replaces the list; its colours stay editable as the admin's own. */
  function applyPalette(palette: string[]) {
    setColors(palette.map((value, i) => ({ key: nextKey + i, value })));
    setNextKey(nextKey + palette.length);
    setInvalidKeys(new Set());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setNotice(undefined);
    const itemBackgroundColors = colors.map((c) => c.value.trim());
    const parsed = gameSettingsInputSchema.safeParse({ itemBackgroundColors, spinMode });
    if (!parsed.success) {
      const bad = new Set<number>();
      for (const issue of parsed.error.issues) {
        const index = issue.path[1];
        const row = typeof index === 'number' ? colors[index] : undefined;
        if (row) bad.add(row.key);
      }
      setInvalidKeys(bad);
      setNotice({
        kind: 'error',
        text: MESSAGES.saveFailed,
        detail: parsed.error.issues[0]?.message,
      });
      return;
    }
    setInvalidKeys(new Set());
    setSaving(true);
    setNotice(await onSave({ itemBackgroundColors, spinMode }));
    setSaving(false);
  }

  return (
    <form className="ui-card" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="ui-card__title">
        {ADMIN_TEXT.wheelSettings}
      </h2>
      <fieldset className="admin-fieldset">
        <legend className="admin-legend">{ADMIN_TEXT.wheelColors}</legend>
        <p id={`${id}-colors-hint`} className="admin-hint">
          {ADMIN_TEXT.wheelColorsHint}
        </p>
        <ul className="admin-colors">
          {colors.map((color, index) => (
            <li key={color.key} className="admin-colors__item">
              <label htmlFor={`${id}-color-${color.key}`} className="visually-hidden">
                {`${ADMIN_TEXT.colorText} ${index + 1}`}
              </label>
              <ColorField
                id={`${id}-color-${color.key}`}
                name={`color-${index}`}
                value={color.value}
                invalid={invalidKeys.has(color.key)}
                pickerLabel={`${ADMIN_TEXT.colorPicker} ${index + 1}`}
                onChange={(value) =>
                  setColors(colors.map((c) => (c.key === color.key ? { ...c, value } : c)))
                }
              />
              <button
                type="button"
                className="ui-button ui-button--secondary ui-button--small"
                aria-label={`${ADMIN_TEXT.removeColor} ${ADMIN_TEXT.colorText.toLowerCase()} ${index + 1}`}
                onClick={() => setColors(colors.filter((c) => c.key !== color.key))}
              >
                {ADMIN_TEXT.removeColor}
              </button>
            </li>
          ))}
        </ul>
        <div className="admin-actions">
          <button
            type="button"
            className="ui-button ui-button--secondary"
            onClick={addColor}
            disabled={colors.length >= MAX_WHEEL_COLORS}
          >
            {ADMIN_TEXT.addColor}
          </button>
        </div>
        <PalettePicker onPick={applyPalette} />
      </fieldset>
      <SpinModeFieldset id={id} spinMode={spinMode} onChange={setSpinMode} />
      <div className="admin-actions">
        <button type="submit" className="ui-button" disabled={saving}>
          {saving ? ADMIN_TEXT.saving : ADMIN_TEXT.saveWheelSettings}
        </button>
      </div>
      <NoticeRegion notice={notice} />
    </form>
  );
}

/** How a visitor reaches a prize: one radio per mode, and what spin first lets a visitor do. */
function SpinModeFieldset({
  id,
  spinMode,
  onChange,
}: {
  id: string;
  spinMode: SpinMode;
  onChange: (mode: SpinMode) => void;
}) {
  return (
    <fieldset className="admin-fieldset" aria-describedby={`${id}-spin-mode-hint`}>
      <legend className="admin-legend">{ADMIN_TEXT.spinMode}</legend>
      {SPIN_MODE_LABELS.map((mode) => (
        <label key={mode.value} className="admin-radio">
          <input
            type="radio"
            name="spinMode"
            value={mode.value}
            checked={spinMode === mode.value}
            onChange={() => onChange(mode.value)}
          />
          {mode.label}
        </label>
      ))}
      <p id={`${id}-spin-mode-hint`} className="admin-hint">
        {ADMIN_TEXT.spinModeSpinFirstHint}
      </p>
    </fieldset>
  );
}
