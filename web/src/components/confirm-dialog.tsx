/**
 * The "Confirm Action" dialog (docs/product.md): Cancel and Confirm, for the dashboard's redeem and
 * the admin's erasure of a number; with its own words, for closing a spin-first prize not claimed. A modal dialog: focus starts on Cancel (neither can be undone,
 * so the safe choice is the default), Tab stays inside, Escape or
 * a click outside cancels, and focus returns to the control that opened it.
 */
import { useId, useRef, type ReactNode } from 'react';
import { STAFF_TEXT } from '@shared/messages-staff';
import { useModalFocus } from './use-modal-focus';

export interface ConfirmDialogProps {
  /** The dialog's title; default "Confirm Action". */
  title?: string;
  /** The question under the title. */
  message: string;
  /** The confirming button's label; default "Confirm". */
  confirmLabel?: string;
  /** The cancelling button's label; default "Cancel". */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** More to read before confirming, under the question (part of the dialog's description). */
  children?: ReactNode;
}

/** A modal confirm dialog; render it only while open. */
export function ConfirmDialog({
  title = STAFF_TEXT.confirmTitle,
  message,
  confirmLabel = STAFF_TEXT.confirm,
  cancelLabel = STAFF_TEXT.cancel,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  const onKeyDown = useModalFocus(cancelRef, onCancel);

  return (
    <div
      className="ui-dialog-backdrop"
      onMouseDown={(e) => e.target === e.currentTarget && onCancel()}
    >
      <div
        className="ui-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`} className="ui-dialog__title">
          {title}
        </h2>
        <div id={`${id}-message`}>
          <p>{message}</p>
          {children}
        </div>
        <div className="ui-dialog__actions">
          <button
            ref={cancelRef}
            type="button"
            className="ui-button ui-button--secondary"
            onClick={onCancel}
          >
            {cancelLabel}
          </button>
          <button type="button" className="ui-button" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
