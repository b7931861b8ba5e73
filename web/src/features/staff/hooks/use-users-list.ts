/**
 * The "All Users" list: pages from GET /api/users, newest first, appended as the operator asks,
 * and kept live: while the tab is visible it polls GET /api/users/changes every few seconds, so a
 * winner or a redeem made on another device shows without a reload. Polling stops while the tab
 * is hidden and catches up at once when it shows again (docs/architecture.md, "Live dashboard").
 * With "Unredeemed only" the server lists only offers still to redeem (GET /api/users?filter=
 * unredeemed), and the live feed keeps it so: a row redeemed meanwhile leaves, a new win comes in.
 */
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import type { Customer } from '@shared/types';
import { ApiError } from '../../../lib/api-client';
import { listUserChanges } from '../api/list-user-changes';
import { listUsers } from '../api/list-users';
import { isUnredeemed } from '@shared/prize-validity';

export type ListStatus = 'loading' | 'idle' | 'error' | 'done';

/** How often a visible dashboard asks for changes. */
const LIVE_POLL_MS = 5000;
/** How long a new arrival from the live feed stays highlighted. */
const ARRIVAL_HIGHLIGHT_MS = 4000;

export interface UsersList {
  users: Customer[];
  status: ListStatus;
  /** Loads the next page (or retries the failed one); ignored while loading or when done. */
  loadMore: () => void;
  /** Replaces a customer in the list, matched by phone number (e.g. after a redeem). */
  replace: (customer: Customer) => void;
  /** Phone numbers of rows the live feed brought in during the last few seconds. */
  arrivals: ReadonlySet<string>;
}

const newestFirst = (a: Customer, b: Customer) =>
  b.createdAt.localeCompare(a.createdAt) || b.phoneNumber.localeCompare(a.phoneNumber);

/**
 * Whether a row belongs in the list: every row, or with `unredeemedOnly` only unredeemed ones
 * (neither redeemed nor expired, the server's rule).
 */
const belongs = (customer: Customer, unredeemedOnly: boolean): boolean =>
  !unredeemedOnly || isUnredeemed(customer, new Date());

/**
 * Merges changed customers into the list: known rows are replaced; a new row is placed by its
 * time when it falls within the loaded part of the list (older ones come with "Load more"). With
 * `unredeemedOnly`, redeemed rows leave and only unredeemed ones come in.
 */
function mergeChanges(
  list: Customer[],
  changed: Customer[],
  complete: boolean,
  unredeemedOnly: boolean,
): Customer[] {
  const byPhone = new Map(changed.map((c) => [c.phoneNumber, c]));
  const merged = list
    .map((u) => byPhone.get(u.phoneNumber) ?? u)
    .filter((u) => belongs(u, unredeemedOnly));
  const known = new Set(list.map((u) => u.phoneNumber));
  const oldest = list.at(-1);
  const fresh = [...byPhone.values()].filter(
    (c) =>
      !known.has(c.phoneNumber) &&
      belongs(c, unredeemedOnly) &&
      (complete || !oldest || newestFirst(c, oldest) < 0),
  );
  return fresh.length === 0 ? merged : [...merged, ...fresh].sort(newestFirst);
}

/**
 * Loads the first page on mount, and again from the first page when `unredeemedOnly` changes.
 * `onError` sees every failure first; when it returns true (an auth failure: the page is leaving)
 * the list does not show an error. `onChanged` hears of every customer changed elsewhere (the
 * page updates its search result with it).
 */
export function useUsersList(
  onError: (error: unknown) => boolean,
  onChanged: (customers: Customer[]) => void = () => undefined,
  unredeemedOnly = false,
): UsersList {
  const [users, setUsers] = useState<Customer[]>([]);
  const usersRef = useRef(users);
  usersRef.current = users;
  const [status, setStatus] = useState<ListStatus>('loading');
  const cursor = useRef<string | undefined>(undefined);
  const inFlight = useRef<AbortController | undefined>(undefined);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const onChangedRef = useRef(onChanged);
  onChangedRef.current = onChanged;
  const complete = useRef(false);
  const onlyUnredeemed = useRef(unredeemedOnly);
  onlyUnredeemed.current = unredeemedOnly;

  const fetchPage = useCallback(() => {
    if (inFlight.current) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setStatus('loading');
    listUsers(cursor.current, controller.signal, onlyUnredeemed.current)
      .then((page) => {
        cursor.current = page.nextCursor ?? undefined;
        complete.current = !page.nextCursor;
        setUsers((previous) => {
          // Keyset paging never repeats a row, but a row added live must not appear twice.
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

  /** Drops what is loaded and reads the first page again. */
  const reload = useCallback(() => {
    inFlight.current?.abort();
    inFlight.current = undefined;
    cursor.current = undefined;
    complete.current = false;
    setUsers([]);
    fetchPage();
  }, [fetchPage]);

  // The first page on every mount (React's development double effect and any remount included:
  // the cleanup aborts the read, so the next mount must ask again), and the list read afresh when
  // the switch changes.
  useEffect(() => {
    reload();
    return () => {
      inFlight.current?.abort();
      inFlight.current = undefined;
    };
  }, [reload, unredeemedOnly]);

  // New arrivals are highlighted for a few seconds.
  const { arrivals, highlight } = useArrivals();
  useLiveFeed({
    usersRef,
    setUsers,
    complete,
    onlyUnredeemed,
    onChangedRef,
    onErrorRef,
    reload,
    highlight,
  });

  const loadMore = useCallback(() => {
    if (status === 'done') return;
    fetchPage();
  }, [fetchPage, status]);

  const replace = useCallback((customer: Customer) => {
    setUsers((previous) =>
      previous
        .map((u) => (u.phoneNumber === customer.phoneNumber ? customer : u))
        .filter((u) => belongs(u, onlyUnredeemed.current)),
    );
  }, []);

  return { users, status, loadMore, replace, arrivals };
}

/** Phone numbers highlighted as new arrivals, each for a few seconds after `highlight`. */
function useArrivals() {
  const [arrivals, setArrivals] = useState<ReadonlySet<string>>(() => new Set());
  const arrivalTimers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const highlight = useCallback((phones: string[]) => {
    if (phones.length === 0) return;
    setArrivals((current) => new Set([...current, ...phones]));
    const timer = setTimeout(() => {
      arrivalTimers.current.delete(timer);
      setArrivals((current) => {
        const next = new Set(current);
        for (const phone of phones) next.delete(phone);
        return next;
      });
    }, ARRIVAL_HIGHLIGHT_MS);
    arrivalTimers.current.add(timer);
  }, []);
  useEffect(() => {
    const timers = arrivalTimers.current;
    return () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    };
  }, []);
  return { arrivals, highlight };
}

interface LiveFeedParts {
  usersRef: RefObject<Customer[]>;
  setUsers: Dispatch<SetStateAction<Customer[]>>;
  /** Whether every page is loaded. */
  complete: RefObject<boolean>;
  onlyUnredeemed: RefObject<boolean>;
  onChangedRef: RefObject<(customers: Customer[]) => void>;
  onErrorRef: RefObject<(error: unknown) => boolean>;
  reload: () => void;
  highlight: (phones: string[]) => void;
}

/**
 * The live feed while the page is visible: changed customers merged into the list, new ones
 * highlighted, every change heard by the page.
 */
function useLiveFeed(parts: LiveFeedParts) {
  const { usersRef, setUsers, complete, onlyUnredeemed, onChangedRef, onErrorRef } = parts;
  const { reload, highlight } = parts;
  // The live feed. Its first cursor reaches back before the first page is read, so a change made
  // while that page loads still comes.
  useEffect(() => {
    const controller = new AbortController();
    let since: string | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let polling = false;

    const schedule = (delay: number) => {
      clearTimeout(timer);
      if (!controller.signal.aborted && document.visibilityState === 'visible')
        timer = setTimeout(() => void poll(), delay);
    };
    const poll = async () => {
      if (polling) return;
      polling = true;
      let again = LIVE_POLL_MS;
      try {
        const changes = await listUserChanges(since, controller.signal);
        const first = since === undefined;
        since = changes.cursor;
        if (changes.users.length > 0) {
          // Rows the feed brings in after its first answer (which reaches back before the page
          // was read) are arrivals, highlighted for a few seconds.
          if (!first) {
            const known = new Set(usersRef.current.map((u) => u.phoneNumber));
            highlight(
              changes.users
                .filter((c) => !known.has(c.phoneNumber) && belongs(c, onlyUnredeemed.current))
                .map((c) => c.phoneNumber),
            );
          }
          setUsers((list) =>
            mergeChanges(list, changes.users, complete.current, onlyUnredeemed.current),
          );
          onChangedRef.current(changes.users);
        }
        if (changes.more) again = 0;
      } catch (error) {
        if (controller.signal.aborted) return;
        // A cursor the server no longer takes (the tab slept for a day): what changed meanwhile
        // is out of the feed's reach, so the list is read again and the feed starts afresh now.
        if (error instanceof ApiError && error.status === 400) {
          since = undefined;
          again = 0;
          reload();
        } else if (onErrorRef.current(error)) return;
      } finally {
        polling = false;
      }
      schedule(again);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void poll();
      else clearTimeout(timer);
    };

    void poll();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
    // Refs and a state setter: the same on every render.
  }, [reload, highlight, usersRef, setUsers, complete, onlyUnredeemed, onChangedRef, onErrorRef]);
}
