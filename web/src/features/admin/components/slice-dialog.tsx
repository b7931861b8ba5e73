/**
 * The Add/Edit Slice modal (docs/product.md): Name, Comment/Condition, Background Color (text plus picker),
 * plus odds, stock and how many days a win stays valid; Cancel, and Add or Update. A real modal dialog: focus moves in, Tab stays
 * inside, Escape cancels, and focus returns to the opener on close.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  DEFAULT_SLICE_COLOR,
  SLICE_COMMENT_MAX,
  SLICE_NAME_MAX,
  SLICE_WEIGHT_DEFAULT,
} from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { checkSliceName, sliceInputSchema, type SliceInput } from '@shared/slice';
import type { Slice } from '@shared/types';
import { wrapTabFocus } from '../../../lib/focus';
import { CharCount } from './char-count';
import { ColorField } from './color-field';
import { NoticeRegion, type Notice } from './notice';

type FieldKey = 'name' | 'comment' | 'bgColor' | 'weight' | 'stock' | 'validDays';

export interface SliceDialogProps {
  /** The slice being edited; undefined to add one. */
  slice?: Slice;
  /** Saves; resolves with a failure notice to show, or undefined when saved (the page closes it). */
  onSubmit: (input: SliceInput) => Promise<Notice>;
  onCancel: () => void;
}

/** Whole numbers only: '' stays '' (for stock: unlimited); anything else becomes NaN for the schema. */
const toNumber = (text: string): number =>
  /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;

export function SliceDialog({ slice, onSubmit, onCancel }: SliceDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(slice?.name ?? '');
  const [comment, setComment] = useState(slice?.comment ?? '');
  const [bgColor, setBgColor] = useState(slice?.bgColor ?? DEFAULT_SLICE_COLOR);
  const [weight, setWeight] = useState(String(slice?.weight ?? SLICE_WEIGHT_DEFAULT));
  const stockText = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  const [stock, setStock] = useState(stockText(slice?.stock));
  const [validDays, setValidDays] = useState(stockText(slice?.validDays));
  // A save refused as stale reloads the slice: its stock field shows the latest figure (wins may
  // have used some), while the admin's other edits stay.
  const shownSlice = useRef(slice);
  useEffect(() => {
    if (shownSlice.current === slice) return;
    shownSlice.current = slice;
    setStock(stockText(slice?.stock));
  }, [slice]);
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const [notice, setNotice] = useState<Notice>();
  const [saving, setSaving] = useState(false);

  // Focus the first field on open and give focus back to the opener on close.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    nameRef.current?.focus();
    return () => {
      if (opener?.isConnected && !opener.hasAttribute('disabled')) opener.focus();
    };
  }, []);

  // The name is checked as the user types (docs/product.md): too long shows at once.
  const nameTooLong = name.length > SLICE_NAME_MAX ? MESSAGES.sliceNameTooLong : undefined;
  const nameError = nameTooLong ?? errors.name;

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!saving) onCancel();
      return;
    }
    if (dialogRef.current) wrapTabFocus(event, dialogRef.current);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setNotice(undefined);
    const nameProblem = checkSliceName(name);
    const parsed = sliceInputSchema.safeParse({
      name,
      comment,
      bgColor: bgColor.trim(),
      imageSrc: slice?.imageSrc ?? '',
      weight: toNumber(weight),
      stock: stock.trim() === '' ? null : toNumber(stock),
      validDays: validDays.trim() === '' ? null : toNumber(validDays),
    });
    if (nameProblem || !parsed.success) {
      const next: Partial<Record<FieldKey, string>> = {};
      if (nameProblem) next.name = nameProblem;
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const key = issue.path[0] as FieldKey | undefined;
        if (key && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      const first = (['name', 'comment', 'bgColor', 'weight', 'stock', 'validDays'] as const).find(
        (k) => next[k],
      );
      if (first) dialogRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    const failure = await onSubmit(parsed.data);
    // On success the page unmounts the dialog; only a failure leaves it open.
    if (failure) {
      setNotice(failure);
      setSaving(false);
    }
  }

  const errorId = (key: FieldKey) => `${id}-${key}-error`;
  const describe = (key: FieldKey, hint?: string) =>
    [errors[key] || (key === 'name' && nameError) ? errorId(key) : undefined, hint]
      .filter(Boolean)
      .join(' ') || undefined;
  const fieldError = (key: FieldKey, text: string | undefined) =>
    text ? (
      <p id={errorId(key)} className="ui-error">
        {text}
      </p>
    ) : null;

  return (
    <div className="ui-dialog-backdrop">
      <div
        ref={dialogRef}
        className="ui-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`} className="ui-dialog__title">
          {slice ? ADMIN_TEXT.editSliceTitle : ADMIN_TEXT.addSliceTitle}
        </h2>
        <form onSubmit={submit} noValidate className="admin-grid">
          <div className="ui-field ui-field--wide">
            <label htmlFor={`${id}-name`}>{ADMIN_TEXT.sliceName}</label>
            <input
              ref={nameRef}
              id={`${id}-name`}
              name="name"
              type="text"
              autoComplete="off"
              value={name}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={describe('name', `${id}-name-count`)}
              onChange={(e) => {
                setName(e.target.value);
                if (errors.name) setErrors({ ...errors, name: undefined });
              }}
            />
            <CharCount id={`${id}-name-count`} used={name.length} max={SLICE_NAME_MAX} />
            <div aria-live="polite">{fieldError('name', nameError)}</div>
          </div>
          <div className="ui-field ui-field--wide">
            <label htmlFor={`${id}-comment`}>{ADMIN_TEXT.sliceComment}</label>
            <textarea
              id={`${id}-comment`}
              name="comment"
              rows={2}
              value={comment}
              aria-invalid={errors.comment ? true : undefined}
              aria-describedby={describe('comment', `${id}-comment-count`)}
              onChange={(e) => setComment(e.target.value)}
            />
            <CharCount id={`${id}-comment-count`} used={comment.length} max={SLICE_COMMENT_MAX} />
            {fieldError('comment', errors.comment)}
          </div>
          <div className="ui-field ui-field--wide">
            <label htmlFor={`${id}-bgColor`}>{ADMIN_TEXT.sliceBgColor}</label>
            <ColorField
              id={`${id}-bgColor`}
              name="bgColor"
              value={bgColor}
              onChange={setBgColor}
              pickerLabel={ADMIN_TEXT.sliceColorPicker}
              describedBy={describe('bgColor')}
              invalid={Boolean(errors.bgColor)}
            />
            {fieldError('bgColor', errors.bgColor)}
          </div>
          <div className="ui-field">
            <label htmlFor={`${id}-weight`}>{ADMIN_TEXT.sliceWeight}</label>
            <input
              id={`${id}-weight`}
              name="weight"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={weight}
              aria-invalid={errors.weight ? true : undefined}
              aria-describedby={describe('weight', `${id}-weight-hint`)}
              onChange={(e) => setWeight(e.target.value)}
            />
            {fieldError('weight', errors.weight)}
            <p id={`${id}-weight-hint`} className="admin-hint">
              {ADMIN_TEXT.sliceWeightHint}
            </p>
          </div>
          <div className="ui-field">
            <label htmlFor={`${id}-stock`}>{ADMIN_TEXT.sliceStock}</label>
            <input
              id={`${id}-stock`}
              name="stock"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={stock}
              placeholder={ADMIN_TEXT.unlimited}
              aria-invalid={errors.stock ? true : undefined}
              aria-describedby={describe('stock', `${id}-stock-hint`)}
              onChange={(e) => setStock(e.target.value)}
            />
            {fieldError('stock', errors.stock)}
            <p id={`${id}-stock-hint`} className="admin-hint">
              {ADMIN_TEXT.sliceStockHint}
            </p>
          </div>
          <div className="ui-field">
            <label htmlFor={`${id}-validDays`}>{ADMIN_TEXT.sliceValidDays}</label>
            <input
              id={`${id}-validDays`}
              name="validDays"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={validDays}
              placeholder={ADMIN_TEXT.noExpiry}
              aria-invalid={errors.validDays ? true : undefined}
              aria-describedby={describe('validDays', `${id}-validDays-hint`)}
              onChange={(e) => setValidDays(e.target.value)}
            />
            {fieldError('validDays', errors.validDays)}
            <p id={`${id}-validDays-hint`} className="admin-hint">
              {ADMIN_TEXT.sliceValidDaysHint}
            </p>
          </div>
          <div className="ui-field--wide">
            <NoticeRegion notice={notice} />
            <div className="admin-actions">
              <button
                type="button"
                className="ui-button ui-button--secondary"
                onClick={onCancel}
                disabled={saving}
              >
                {ADMIN_TEXT.cancel}
              </button>
              <button type="submit" className="ui-button" disabled={saving || Boolean(nameTooLong)}>
                {saving ? ADMIN_TEXT.saving : slice ? ADMIN_TEXT.update : ADMIN_TEXT.add}
              </button>
            </div>
          </div>
        </form>
      </div>
    </div>
  );
}
