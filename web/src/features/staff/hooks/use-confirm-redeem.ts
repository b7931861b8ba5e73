/**
 * Claim -> "Confirm Action" on the dashboard: the customer waiting for the confirm and, for a
 * customer found by the last digits, the whole number staff must type before the redeem is sent.
 */
import { useCallback, useId, useState } from 'react';
import { STAFF_TEXT } from '@shared/messages-staff';
import { normalizePhoneInput } from '@shared/phone-format';
import type { Customer } from '@shared/types';

/** A redeem waiting for its confirm; from a partial search, the whole number must be typed. */
export type PendingRedeem = { customer: Customer; wholeNumber: boolean };

export function useConfirmRedeem() {
  const [pending, setPending] = useState<PendingRedeem>();
  const [wholeNumber, setWholeNumber] = useState('');
  const [wholeNumberError, setWholeNumberError] = useState<string>();
  const wholeNumberId = useId();

  /** Asks to confirm the redeem of `customer`; `fromPartial` when found by its last digits. */
  const ask = (customer: Customer, fromPartial = false) => {
    setWholeNumber('');
    setWholeNumberError(undefined);
    setPending({ customer, wholeNumber: fromPartial });
  };

  const cancel = useCallback(() => setPending(undefined), []);

  /** Whether the redeem may go: else says the typed number differs and focuses it. */
  const confirmed = (asked: PendingRedeem): boolean => {
    if (asked.wholeNumber && normalizePhoneInput(wholeNumber) !== asked.customer.localNumber) {
      setWholeNumberError(STAFF_TEXT.wholeNumberMismatch);
      document.getElementById(wholeNumberId)?.focus();
      return false;
    }
    return true;
  };

  const typeWholeNumber = (value: string) => {
    setWholeNumber(value);
    setWholeNumberError(undefined);
  };

  return {
    pending,
    ask,
    cancel,
    confirmed,
    wholeNumberField: { id: wholeNumberId, value: wholeNumber, error: wholeNumberError },
    typeWholeNumber,
  };
}
