/** The "All Users" list: pages from GET /api/users, newest first, appended as the operator asks. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Customer } from '../../../../../shared/types';
import { listUsers } from '../api/list-users';

export type ListStatus = 'loading' | 'idle' | 'error' | 'done';

export interface UsersList {
  users: Customer[];
  status: ListStatus;
  /** Loads the next page (or retries the failed one); ignored while loading or when done. */
  loadMore: () => void;
  /** Replaces a customer in the list, matched by phone number (e.g. after a redeem). */
  replace: (customer: Customer) => void;
}

/**
 * Loads the first page on mount. `onError` sees every failure first; when it returns true (an auth
 * failure: the page is leaving) the list does not show an error.
 */
export function useUsersList(onError: (error: unknown) => boolean): UsersList {
  const [users, setUsers] = useState<Customer[]>([]);
  const [status, setStatus] = useState<ListStatus>('loading');
  const cursor = useRef<string | undefined>(undefined);
  const inFlight = useRef<AbortController | undefined>(undefined);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  const fetchPage = useCallback(() => {
    if (inFlight.current) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setStatus('loading');
    listUsers(cursor.current, controller.signal)
      .then((page) => {
        cursor.current = page.nextCursor ?? undefined;
        setUsers((previous) => {
          // Keyset paging never repeats a row, but a row replaced locally must not appear twice.
          const known = new Set(previous.map((u) => u.phoneNumber));
          return [...previous, ...page.users.filter((u) => !known.has(u.phoneNumber))];
        });
        setStatus(page.nextCursor ? 'idle' : 'done');
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (!onErrorRef.current(error)) setStatus('error');
      })
      .finally(() => {
        if (inFlight.current === controller) inFlight.current = undefined;
      });
  }, []);

  useEffect(() => {
    fetchPage();
    return () => {
      inFlight.current?.abort();
      inFlight.current = undefined;
    };
  }, [fetchPage]);

  const loadMore = useCallback(() => {
    if (status === 'done') return;
    fetchPage();
  }, [fetchPage, status]);

  const replace = useCallback((customer: Customer) => {
    setUsers((previous) =>
      previous.map((u) => (u.phoneNumber === customer.phoneNumber ? customer : u)),
    );
  }, []);

  return { users, status, loadMore, replace };
}
