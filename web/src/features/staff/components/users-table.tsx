/**
 * A customers table with the required columns (Phone Number, Offer, Actions), used for both "Search
 * Result" and "All Users". Claimed rows are greyed with a disabled "Redeemed" button; otherwise the
 * button reads "Claim", or "Processing..." on the row being processed. On narrow screens CSS lays
 * each row out as a card; the explicit ARIA roles keep it a table for screen readers whatever the
 * CSS display value.
 */
import type { ReactNode } from 'react';
import { STAFF_TEXT } from '../../../../../shared/messages';
import type { Customer } from '../../../../../shared/types';

export interface UsersTableProps {
  /** Accessible name of the table, e.g. "All Users". */
  caption: string;
  users: readonly Customer[];
  /** Phone number (+61 form) of the row being processed, if any. */
  processing?: string;
  onClaim: (customer: Customer, button: HTMLButtonElement) => void;
  /** Shown in a full-width row when there are no users. */
  empty?: ReactNode;
}

/** The customers table; phone numbers in local form (04...). */
export function UsersTable({ caption, users, processing, onClaim, empty }: UsersTableProps) {
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
              return (
                <tr
                  key={customer.phoneNumber}
                  className={customer.isOfferClaimed ? 'is-claimed' : undefined}
                >
                  <th scope="row" className="staff-table__phone">
                    {customer.localNumber}
                  </th>
                  <td role="cell" className="staff-table__offer">
                    {customer.offer}
                  </td>
                  <td role="cell" className="staff-table__actions">
                    {customer.isOfferClaimed ? (
                      <button type="button" className="ui-button staff-redeemed" disabled>
                        {STAFF_TEXT.redeemed}
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
