/**
 * The dashboard's search (docs/product.md): by the whole number (one result) or its last 3 or 4
 * digits (the matches), only the newest search's answer shown, and any failure shown as no user
 * found. Customers changed elsewhere (the live list, a redeem) replace theirs in the result.
 */
import { useCallback, useRef, useState } from 'react';
import type { Customer } from '@shared/types';
import { searchLastDigits, searchUser } from '../api/search-user';
import type { SearchQuery } from '../components/search-box';

export type SearchState =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'found'; customer: Customer }
  | { status: 'matches'; digits: string; customers: Customer[]; more: boolean }
  | { status: 'none' };

/** `current` with each of `changed` in place of the customer of the same number. */
function withCustomers(current: SearchState, changed: readonly Customer[]): SearchState {
  const byPhone = new Map(changed.map((c) => [c.phoneNumber, c]));
  if (current.status === 'matches') {
    return {
      ...current,
      customers: current.customers.map((c) => byPhone.get(c.phoneNumber) ?? c),
    };
  }
  if (current.status !== 'found') return current;
  const fresh = byPhone.get(current.customer.phoneNumber);
  return fresh ? { status: 'found', customer: fresh } : current;
}

/** What a search asks the API, as the state it ends in. */
function ask(query: SearchQuery): Promise<SearchState> {
  if ('lastDigits' in query) {
    return searchLastDigits(query.lastDigits).then((found) =>
      found.users.length > 0
        ? { status: 'matches', digits: query.lastDigits, customers: found.users, more: found.more }
        : { status: 'none' },
    );
  }
  return searchUser(query.phoneNumber).then((customer) =>
    customer ? { status: 'found', customer } : { status: 'none' },
  );
}

/**
 * The search state; `onClear` also forgets what hangs on the last result (its Claim, a notice)
 * whenever a new search starts or a search is refused for its input.
 */
export function useDashboardSearch(
  handleAuthFailure: (error: unknown) => boolean,
  onClear: () => void,
) {
  const [search, setSearch] = useState<SearchState>({ status: 'idle' });

  /** Shows customers changed on another device or by a redeem here. */
  const replaceCustomers = useCallback((changed: Customer[]) => {
    setSearch((current) => withCustomers(current, changed));
  }, []);

  /** Forgets the last search's result, its Claim and any notice. */
  const clearSearch = useCallback(() => {
    setSearch({ status: 'idle' });
    onClear();
  }, [onClear]);

  // Only the newest search's answer is shown.
  const searchCount = useRef(0);
  const onSearch = useCallback(
    (query: SearchQuery) => {
      clearSearch();
      setSearch({ status: 'searching' });
      const asked = ++searchCount.current;
      const show = (state: SearchState) => {
        if (asked === searchCount.current) setSearch(state);
      };
      ask(query)
        .then(show)
        .catch((error: unknown) => {
          // The product shows "No user found" on any search failure.
          if (!handleAuthFailure(error)) show({ status: 'none' });
        });
    },
    [handleAuthFailure, clearSearch],
  );

  return { search, replaceCustomers, clearSearch, onSearch };
}
