/**
 * The dashboard's search answer: the customers whose number ends in the digits searched (counted
 * by kind), or the one customer of the whole number, or "No user found".
 */
import { MESSAGES } from '@shared/messages';
import { STAFF_TEXT } from '@shared/messages-staff';
import { isPrizeExpired } from '@shared/prize-validity';
import type { Customer } from '@shared/types';
import type { SearchState } from '../hooks/use-dashboard-search';
import { UsersTable } from './users-table';

/** What every table of the dashboard shows its rows by. */
export interface RowsView {
  /** The phone number of the customer being redeemed, while the request is out. */
  processing: string | undefined;
  now: Date;
  timeZone: string | undefined;
}

/** How many of `customers` are still to redeem, redeemed, and expired at `now`. */
function countKinds(customers: readonly Customer[], now: Date) {
  const redeemed = customers.filter((c) => c.isOfferClaimed).length;
  const expired = customers.filter((c) => !c.isOfferClaimed && isPrizeExpired(c, now)).length;
  return { toRedeem: customers.length - redeemed - expired, redeemed, expired };
}

/** The search's card, if it has an answer; `onClaim`'s second argument: found by last digits. */
export function SearchResults({
  search,
  view,
  onClaim,
}: {
  search: SearchState;
  view: RowsView;
  onClaim: (customer: Customer, fromPartial?: boolean) => void;
}) {
  if (search.status === 'matches') {
    return (
      <section className="ui-card" aria-labelledby="search-matches-heading">
        <h2 id="search-matches-heading" className="ui-card__title">
          {STAFF_TEXT.matchesHeading}
        </h2>
        <p role="status">
          {STAFF_TEXT.matchesSummary(search.digits, countKinds(search.customers, view.now))}
        </p>
        <UsersTable
          caption={STAFF_TEXT.matchesHeading}
          users={search.customers}
          onClaim={(customer) => onClaim(customer, true)}
          {...view}
        />
        {search.more && <p className="staff-search__hint">{STAFF_TEXT.matchesMore}</p>}
      </section>
    );
  }
  if (search.status !== 'found' && search.status !== 'none') return null;
  return (
    <section className="ui-card" aria-labelledby="search-result-heading">
      <h2 id="search-result-heading" className="ui-card__title">
        {STAFF_TEXT.searchResultHeading}
      </h2>
      {search.status === 'found' ? (
        <UsersTable
          caption={STAFF_TEXT.searchResultHeading}
          users={[search.customer]}
          onClaim={(customer) => onClaim(customer)}
          {...view}
        />
      ) : (
        <p role="alert" className="ui-error">
          {MESSAGES.searchNoUser}
        </p>
      )}
    </section>
  );
}
