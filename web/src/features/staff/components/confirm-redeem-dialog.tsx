/**
 * The dashboard's "Confirm Action" before a redeem: the number and the prize, its condition, the
 * reminder to see the win on the customer's phone and, for a customer found by the last digits,
 * the whole number to type.
 */
import { STAFF_TEXT } from '@shared/messages-staff';
import { formatLocalNumber } from '@shared/phone-format';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { PendingRedeem } from '../hooks/use-confirm-redeem';

interface WholeNumberField {
  id: string;
  value: string;
  error: string | undefined;
}

export function ConfirmRedeemDialog({
  pending,
  wholeNumberField,
  onWholeNumber,
  onConfirm,
  onCancel,
}: {
  pending: PendingRedeem;
  wholeNumberField: WholeNumberField;
  onWholeNumber: (value: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      message={STAFF_TEXT.confirmQuestion(
        formatLocalNumber(pending.customer.localNumber),
        pending.customer.offer,
      )}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {pending.customer.condition && <p>{STAFF_TEXT.conditionLabel(pending.customer.condition)}</p>}
      <p className="staff-confirm-note">{STAFF_TEXT.confirmCheckPhone}</p>
      {pending.wholeNumber && (
        <WholeNumberInput field={wholeNumberField} onChange={onWholeNumber} />
      )}
    </ConfirmDialog>
  );
}

function WholeNumberInput({
  field: { id, value, error },
  onChange,
}: {
  field: WholeNumberField;
  onChange: (value: string) => void;
}) {
  return (
    <div className="ui-field">
      <label htmlFor={id}>{STAFF_TEXT.wholeNumberLabel}</label>
      <input
        id={id}
        className="ui-input"
        type="text"
        inputMode="tel"
        autoComplete="off"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-error`} role="alert" className="ui-error">
        {error}
      </p>
    </div>
  );
}
