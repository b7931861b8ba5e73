/**
 * A customers table with the required columns (Phone Number, Offer, Actions), used for both "Search
 * Result" and "All Users". Claimed rows are greyed with a disabled "Redeemed" button and say who
 * redeemed them and when; a prize past its expiry has a disabled "Expired" button; otherwise the
 * button reads "Claim", or "Processing..." on the row being processed. Under the offer, its
 * condition as it was when won (older records have none), when it was won, then its expiry (when
 * it has one), in the business's time zone. Rows the live feed just brought in are highlighted
 * for a few seconds (a fading colour; without motion under reduced motion) and named "New". Numbers read grouped, 0412 345 678. On narrow screens CSS lays
 * each row out as a card; the explicit ARIA roles keep it a table for screen readers whatever the
 * CSS display value.
 */
import type { ReactNode } from 'react';
import { STAFF_TEXT } from '@shared/messages-staff';
import { formatLocalNumber } from '@shared/phone-format';
import { formatBusinessTime, isPrizeExpired } from '@shared/prize-validity';
import type { Customer } from '@shared/types';
import './users-table.css';

/** The line under the offer: who redeemed it and when, or until when it may be redeemed. */
function offerStatus(
  customer: Customer,
  expired: boolean,
  timeZone: string | undefined,
): string | undefined {
  if (customer.isOfferClaimed) {
    return customer.redeemedBy && customer.redeemedAt
      ? STAFF_TEXT.redeemedByAt(
          customer.redeemedBy,
          formatBusinessTime(customer.redeemedAt, timeZone),
        )
      : undefined;
  }
  if (!customer.expiresAt) return undefined;
  const when = formatBusinessTime(customer.expiresAt, timeZone);
  return expired ? STAFF_TEXT.expiredOn(when) : STAFF_TEXT.validUntil(when);
}

export interface UsersTableProps {
  /** Accessible name of the table, e.g. "All Users". */
  caption: string;
  users: readonly Customer[];
  /** Phone number (+61 form) of the row being processed, if any. */
  processing?: string;
  onClaim: (customer: Customer, button: HTMLButtonElement) => void;
  /** Shown in a full-width row when there are no users. */
  empty?: ReactNode;
  /** The time expiry is judged at (the page refreshes it). */
  now: Date;
  /** The business's time zone (the deployment's); undefined: the default one. */
  timeZone?: string;
  /** Phone numbers (+61 form) of rows to highlight as new arrivals. */
  arrivals?: ReadonlySet<string>;
}

/** The customers table; phone numbers in local form (04...). */
export function UsersTable({
  caption,
  users,
  processing,
  onClaim,
  empty,
  now,
  timeZone,
  arrivals,
}: UsersTableProps) {
  return (
    <div className="staff-table__wrap">
      <table className="staff-table" role="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              {STAFF_TEXT.columnPhone}
            </th>
            <th scope="col" role="columnheader">
              {STAFF_TEXT.columnOffer}
            </th>
            <th scope="col" role="columnheader" className="staff-table__actions">
              {STAFF_TEXT.columnActions}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {users.length === 0 && empty ? (
            <tr role="row">
              <td role="cell" colSpan={3} className="staff-table__empty">
                {empty}
              </td>
            </tr>
          ) : (
            users.map((customer) => {
              const busy = processing === customer.phoneNumber;
              const expired = !customer.isOfferClaimed && isPrizeExpired(customer, now);
              const status = offerStatus(customer, expired, timeZone);
              const arrived = arrivals?.has(customer.phoneNumber) ?? false;
              const classes = [
                customer.isOfferClaimed || expired ? 'is-claimed' : '',
                arrived ? 'is-new' : '',
              ].filter(Boolean);
              return (
                <tr
                  key={customer.phoneNumber}
                  className={classes.length > 0 ? classes.join(' ') : undefined}
                >
                  <th scope="row" className="staff-table__phone">
                    {formatLocalNumber(customer.localNumber)}
                  </th>
                  <td role="cell" className="staff-table__offer">
                    <span className="staff-table__prize">
                      {customer.offer}
                      {arrived && <span className="staff-table__new">{STAFF_TEXT.newArrival}</span>}
                    </span>
                    {customer.condition && (
                      <span className="staff-table__condition">
                        {STAFF_TEXT.conditionLabel(customer.condition)}
                      </span>
                    )}
                    <span className="staff-table__status">
                      {STAFF_TEXT.wonAt(formatBusinessTime(customer.createdAt, timeZone))}
                    </span>
                    {status && <span className="staff-table__status">{status}</span>}
                  </td>
                  <td role="cell" className="staff-table__actions">
                    {customer.isOfferClaimed ? (
                      <button type="button" className="ui-button staff-redeemed" disabled>
                        {STAFF_TEXT.redeemed}
                      </button>
                    ) : expired ? (
                      <button type="button" className="ui-button staff-redeemed" disabled>
                        {STAFF_TEXT.expired}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="ui-button"
                        // Any redeem in flight blocks other claims: one confirm at a time.
                        disabled={processing !== undefined}
                        aria-busy={busy || undefined}
                        onClick={(event) => onClaim(customer, event.currentTarget)}
                      >
                        {busy ? STAFF_TEXT.processing : STAFF_TEXT.claim}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
