/**
 * The Add/Edit Slice modal (docs/product.md): Name, Comment/Condition, Background Color (text plus picker),
 * plus odds, stock and how many days a win stays valid; Cancel, and Add or Update. A real modal dialog: focus moves in, Tab stays
 * inside, Escape cancels, and focus returns to the opener on close.
 */
import { useId, useRef, type ReactNode } from 'react';
import { SLICE_COMMENT_MAX, SLICE_NAME_MAX } from '@shared/constants';
import { ADMIN_TEXT } from '@shared/messages-admin';
import type { SliceInput } from '@shared/slice';
import type { Slice } from '@shared/types';
import { useModalFocus } from '../../../components/use-modal-focus';
import { useSliceForm, type SliceFieldKey as FieldKey } from '../hooks/use-slice-form';
import { CharCount } from './char-count';
import { ColorField } from './color-field';
import { NoticeRegion, type Notice } from './notice';
import { SliceNumberField } from './slice-number-field';

export interface SliceDialogProps {
  /** The slice being edited; undefined to add one. */
  slice?: Slice;
  /** Saves; resolves with a failure notice to show, or undefined when saved (the page closes it). */
  onSubmit: (input: SliceInput) => Promise<Notice>;
  onCancel: () => void;
}

export function SliceDialog({ slice, onSubmit, onCancel }: SliceDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const form = useSliceForm(slice, onSubmit, dialogRef);
  const { values, errors, nameError, saving } = form;
  const onKeyDown = useModalFocus(nameRef, () => {
    if (!saving) onCancel();
  });

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
  const numberField = (key: 'weight' | 'stock' | 'validDays') => ({
    id: `${id}-${key}`,
    name: key,
    value: values[key],
    invalid: Boolean(errors[key]),
    describedBy: describe(key, `${id}-${key}-hint`),
    error: fieldError(key, errors[key]),
  });

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
        <form onSubmit={form.submit} noValidate className="admin-grid">
          <div className="ui-field ui-field--wide">
            <label htmlFor={`${id}-name`}>{ADMIN_TEXT.sliceName}</label>
            <input
              ref={nameRef}
              id={`${id}-name`}
              name="name"
              type="text"
              autoComplete="off"
              value={values.name}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={describe('name', `${id}-name-count`)}
              onChange={(e) => {
                form.setName(e.target.value);
                if (errors.name) form.setErrors({ ...errors, name: undefined });
              }}
            />
            <CharCount id={`${id}-name-count`} used={values.name.length} max={SLICE_NAME_MAX} />
            <div aria-live="polite">{fieldError('name', nameError)}</div>
          </div>
          <CommentField
            id={`${id}-comment`}
            value={values.comment}
            invalid={Boolean(errors.comment)}
            describedBy={describe('comment', `${id}-comment-count`)}
            error={fieldError('comment', errors.comment)}
            onChange={form.setComment}
          />
          <div className="ui-field ui-field--wide">
            <label htmlFor={`${id}-bgColor`}>{ADMIN_TEXT.sliceBgColor}</label>
            <ColorField
              id={`${id}-bgColor`}
              name="bgColor"
              value={values.bgColor}
              onChange={form.setBgColor}
              pickerLabel={ADMIN_TEXT.sliceColorPicker}
              describedBy={describe('bgColor')}
              invalid={Boolean(errors.bgColor)}
            />
            {fieldError('bgColor', errors.bgColor)}
          </div>
          <SliceNumberField
            {...numberField('weight')}
            label={ADMIN_TEXT.sliceWeight}
            hint={ADMIN_TEXT.sliceWeightHint}
            min={1}
            onChange={form.setWeight}
          />
          <SliceNumberField
            {...numberField('stock')}
            label={ADMIN_TEXT.sliceStock}
            hint={ADMIN_TEXT.sliceStockHint}
            min={0}
            placeholder={ADMIN_TEXT.unlimited}
            onChange={form.setStock}
          />
          <SliceNumberField
            {...numberField('validDays')}
            label={ADMIN_TEXT.sliceValidDays}
            hint={ADMIN_TEXT.sliceValidDaysHint}
            min={1}
            placeholder={ADMIN_TEXT.noExpiry}
            onChange={form.setValidDays}
          />
          <div className="ui-field--wide">
            <NoticeRegion notice={form.notice} />
            <DialogActions
              saving={saving}
              disabled={saving || Boolean(form.nameTooLong)}
              submitLabel={slice ? ADMIN_TEXT.update : ADMIN_TEXT.add}
              onCancel={onCancel}
            />
          </div>
        </form>
      </div>
    </div>
  );
}

/** Cancel, and Add or Update ("Saving..." while it saves). */
function DialogActions({
  saving,
  disabled,
  submitLabel,
  onCancel,
}: {
  saving: boolean;
  disabled: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="admin-actions">
      <button
        type="button"
        className="ui-button ui-button--secondary"
        onClick={onCancel}
        disabled={saving}
      >
        {ADMIN_TEXT.cancel}
      </button>
      <button type="submit" className="ui-button" disabled={disabled}>
        {saving ? ADMIN_TEXT.saving : submitLabel}
      </button>
    </div>
  );
}

/** Comment/Condition, with its character count. */
function CommentField(props: {
  id: string;
  value: string;
  invalid: boolean;
  describedBy: string | undefined;
  error: ReactNode;
  onChange: (value: string) => void;
}) {
  const { id, value, invalid, describedBy, error } = props;
  return (
    <div className="ui-field ui-field--wide">
      <label htmlFor={id}>{ADMIN_TEXT.sliceComment}</label>
      <textarea
        id={id}
        name="comment"
        rows={2}
        value={value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <CharCount id={`${id}-count`} used={value.length} max={SLICE_COMMENT_MAX} />
      {error}
    </div>
  );
}
