/**
 * A scanned customer (docs/product.md, "Scan to redeem"): the number, the prize, its condition as
 * won, when it was won, until when it is valid, and its status; Claim when it can still be redeemed
 * (one tap: showing the phone's code was the check), else what it is: "Redeemed 28/11/2026 19:02
 * by operator" or "Expired ...".
 */
import type { RefObject } from 'react';
import { COUNTER_TEXT, counterTime } from '@shared/messages-counter';
import { STAFF_TEXT } from '@shared/messages-staff';
import { formatLocalNumber } from '@shared/phone-format';
import { isPrizeExpired } from '@shared/prize-validity';
import type { Customer } from '@shared/types';

export interface ScannedPrizeProps {
  customer: Customer;
  now: Date;
  timeZone?: string;
  /** A redeem of this customer is on its way. */
  busy: boolean;
  onClaim: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** The status line of a scanned prize. */
function statusOf(customer: Customer, expired: boolean, timeZone?: string): string {
  if (customer.isOfferClaimed)
    return customer.redeemedAt
      ? COUNTER_TEXT.redeemedOnBy(
          counterTime(customer.redeemedAt, timeZone),
          customer.redeemedBy ?? '',
        ).trimEnd()
      : STAFF_TEXT.redeemed;
  if (expired && customer.expiresAt)
    return COUNTER_TEXT.expiredOn(counterTime(customer.expiresAt, timeZone));
  return COUNTER_TEXT.readyToClaim;
}

export function ScannedPrize({
  customer,
  now,
  timeZone,
  busy,
  onClaim,
  headingRef,
}: ScannedPrizeProps) {
  const expired = !customer.isOfferClaimed && isPrizeExpired(customer, now);
  const open = !customer.isOfferClaimed && !expired;
  const rows: [string, string][] = [
    [COUNTER_TEXT.numberLabel, formatLocalNumber(customer.localNumber)],
    [COUNTER_TEXT.prizeLabel, customer.offer],
    ...(customer.condition
      ? [[COUNTER_TEXT.conditionLabel, customer.condition] as [string, string]]
      : []),
    [COUNTER_TEXT.wonLabel, counterTime(customer.createdAt, timeZone)],
    [
      COUNTER_TEXT.validUntilLabel,
      customer.expiresAt ? counterTime(customer.expiresAt, timeZone) : COUNTER_TEXT.noExpiry,
    ],
  ];
  return (
    <div className={open ? 'staff-scanned' : 'staff-scanned is-closed'}>
      <h3 ref={headingRef} tabIndex={-1} className="staff-scanned__title">
        {COUNTER_TEXT.scannedHeading}
      </h3>
      <dl className="staff-scanned__facts">
        {rows.map(([term, value]) => (
          <div key={term} className="staff-scanned__fact">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="staff-scanned__fact">
          <dt>{COUNTER_TEXT.statusLabel}</dt>
          <dd className="staff-scanned__status">{statusOf(customer, expired, timeZone)}</dd>
        </div>
      </dl>
      {open ? (
        <button
          type="button"
          className="ui-button ui-button--block staff-scanned__claim"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={onClaim}
        >
          {busy ? STAFF_TEXT.processing : STAFF_TEXT.claim}
        </button>
      ) : (
        <button type="button" className="ui-button ui-button--block staff-redeemed" disabled>
          {customer.isOfferClaimed ? STAFF_TEXT.redeemed : STAFF_TEXT.expired}
        </button>
      )}
    </div>
  );
}
