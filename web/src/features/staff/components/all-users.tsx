/**
 * The dashboard's "All Users" card: the live list, newest first, with its "Unredeemed only" switch
 * and Load more.
 */
import { useId } from 'react';
import { STAFF_TEXT } from '@shared/messages-staff';
import type { Customer } from '@shared/types';
import type { UsersList } from '../hooks/use-users-list';
import { LoadMore } from './load-more';
import type { RowsView } from './search-results';
import { UsersTable } from './users-table';

export function AllUsers({
  list,
  listed,
  unredeemedOnly,
  onUnredeemedOnly,
  view,
  onClaim,
}: {
  list: UsersList;
  /** The rows the switch leaves. */
  listed: Customer[];
  unredeemedOnly: boolean;
  onUnredeemedOnly: (on: boolean) => void;
  view: RowsView;
  onClaim: (customer: Customer) => void;
}) {
  const switchId = useId();
  return (
    <section className="ui-card" aria-labelledby="all-users-heading">
      <div className="staff-list__head">
        <h2 id="all-users-heading" className="ui-card__title">
          {STAFF_TEXT.allUsersHeading}
        </h2>
        <label className="staff-switch" htmlFor={switchId}>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={unredeemedOnly}
            onChange={(e) => onUnredeemedOnly(e.target.checked)}
          />
          {STAFF_TEXT.unredeemedOnly}
        </label>
      </div>
      <UsersTable
        caption={STAFF_TEXT.allUsersHeading}
        users={listed}
        onClaim={(customer) => onClaim(customer)}
        arrivals={list.arrivals}
        empty={
          list.status === 'done'
            ? unredeemedOnly
              ? STAFF_TEXT.noUnredeemed
              : STAFF_TEXT.noUsers
            : undefined
        }
        {...view}
      />
      <LoadMore status={list.status} count={listed.length} onLoadMore={list.loadMore} />
    </section>
  );
}
