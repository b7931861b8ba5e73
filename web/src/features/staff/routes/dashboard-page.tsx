/**
 * /dashboard (docs/product.md): search by phone number (or its last 3 or 4 digits: the customers
 * whose number ends so, redeemed and expired ones marked with when (and by whom), counted by kind,
 * Claim only on those still to redeem, each claimed only once the whole number is typed to
 * confirm), the search result (a new search clears the last one, its Claim and any notice),
 * all users (each with when the prize was won; new arrivals highlighted a few seconds)
 * paged newest first and kept live (new winners and redeems from other devices show within
 * seconds), with an "Unredeemed only" switch, and Claim -> "Confirm Action" (which reminds staff to
 * see the win on the customer's phone) -> redeem. Both tables update on success.
 * Without an operator session it goes to /login; a token the server refuses clears the operator
 * keys and goes to /admin (docs/product.md).
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { API_MESSAGES } from '@shared/messages-api';
import { MESSAGES } from '@shared/messages';
import { STAFF_TEXT } from '@shared/messages-staff';
import { formatLocalNumber, normalizePhoneInput } from '@shared/phone-format';
import { isPrizeExpired } from '@shared/prize-validity';
import type { Customer } from '@shared/types';
import { PATHS } from '../../../config/paths';
import { loadRuntimeConfig } from '../../../config/runtime';
import { redeemUser } from '../api/redeem-user';
import { searchLastDigits, searchUser } from '../api/search-user';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadMore } from '../components/load-more';
import { ScanPanel } from '../components/scan-panel';
import { SearchBox, type SearchQuery } from '../components/search-box';
import { TopBar } from '../components/top-bar';
import { UsersTable } from '../components/users-table';
import { useOperatorSession, type OperatorSession } from '../hooks/use-operator-session';
import { RedeemFeedbackLine, useRedeemOutcome } from '../hooks/use-redeem-outcome';
import { useUsersList } from '../hooks/use-users-list';
import '../../../components/ui.css';
import '../components/staff.css';

type SearchState =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'found'; customer: Customer }
  | { status: 'matches'; digits: string; customers: Customer[]; more: boolean }
  | { status: 'none' };

/** A claim waiting for its confirm; from a partial search, the whole number must be typed. */
type PendingClaim = { customer: Customer; wholeNumber: boolean };

/** How many of `customers` are still to redeem, redeemed, and expired at `now`. */
function countKinds(customers: readonly Customer[], now: Date) {
  const redeemed = customers.filter((c) => c.isOfferClaimed).length;
  const expired = customers.filter((c) => !c.isOfferClaimed && isPrizeExpired(c, now)).length;
  return { toRedeem: customers.length - redeemed - expired, redeemed, expired };
}

/** How often the rows' expiry is judged again. */
const EXPIRY_CLOCK_MS = 30_000;

/** The dashboard route. */
export function Component() {
  const session = useOperatorSession();
  if (!session.account) return <Navigate to={PATHS.login} replace />;
  return <Dashboard session={session} username={session.account.username} />;
}

function Dashboard({ session, username }: { session: OperatorSession; username: string }) {
  const { handleAuthFailure, logout } = session;
  const [search, setSearch] = useState<SearchState>({ status: 'idle' });
  // A customer changed on another device updates the search result too.
  const onChanged = useCallback((changed: Customer[]) => {
    setSearch((current) => {
      if (current.status === 'matches') {
        const byPhone = new Map(changed.map((c) => [c.phoneNumber, c]));
        return {
          ...current,
          customers: current.customers.map((c) => byPhone.get(c.phoneNumber) ?? c),
        };
      }
      if (current.status !== 'found') return current;
      const fresh = changed.find((c) => c.phoneNumber === current.customer.phoneNumber);
      return fresh ? { status: 'found', customer: fresh } : current;
    });
  }, []);
  const [unredeemedOnly, setUnredeemedOnly] = useState(false);
  const switchId = useId();
  const list = useUsersList(handleAuthFailure, onChanged, unredeemedOnly);
  const [pending, setPending] = useState<PendingClaim>();
  const [wholeNumber, setWholeNumber] = useState('');
  const [wholeNumberError, setWholeNumberError] = useState<string>();
  const wholeNumberId = useId();
  const {
    feedback,
    setFeedback,
    feedbackRef,
    redeeming: processing,
    redeem: sendRedeem,
  } = useRedeemOutcome(handleAuthFailure);
  // Dates read in the business's time zone, as the deployment says (config.json).
  const [timeZone, setTimeZone] = useState<string>();
  useEffect(() => {
    loadRuntimeConfig()
      .then((config) => setTimeZone(config.timeZone))
      .catch(() => undefined);
  }, []);
  // Expiry is judged against this clock, moved on every half minute.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), EXPIRY_CLOCK_MS);
    return () => clearInterval(timer);
  }, []);

  /** Forgets the last search's result, its Claim and any notice. */
  const clearSearch = useCallback(() => {
    setSearch({ status: 'idle' });
    setPending(undefined);
    setFeedback(undefined);
  }, [setFeedback]);

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
      const answer: Promise<SearchState> =
        'lastDigits' in query
          ? searchLastDigits(query.lastDigits).then((found) =>
              found.users.length > 0
                ? {
                    status: 'matches',
                    digits: query.lastDigits,
                    customers: found.users,
                    more: found.more,
                  }
                : { status: 'none' },
            )
          : searchUser(query.phoneNumber).then((customer) =>
              customer ? { status: 'found', customer } : { status: 'none' },
            );
      answer.then(show).catch((error: unknown) => {
        // The product shows "No user found" on any search failure.
        if (!handleAuthFailure(error)) show({ status: 'none' });
      });
    },
    [handleAuthFailure, clearSearch],
  );

  /** Applies a customer's new state to both tables. */
  const replaceInList = list.replace;
  const applyCustomer = useCallback(
    (customer: Customer) => {
      replaceInList(customer);
      setSearch((current) =>
        current.status === 'found' && current.customer.phoneNumber === customer.phoneNumber
          ? { status: 'found', customer }
          : current.status === 'matches'
            ? {
                ...current,
                customers: current.customers.map((c) =>
                  c.phoneNumber === customer.phoneNumber ? customer : c,
                ),
              }
            : current,
      );
    },
    [replaceInList],
  );

  const claim = (customer: Customer, fromPartial = false) => {
    setWholeNumber('');
    setWholeNumberError(undefined);
    setPending({ customer, wholeNumber: fromPartial });
  };

  function confirm(claimed: PendingClaim) {
    if (claimed.wholeNumber && normalizePhoneInput(wholeNumber) !== claimed.customer.localNumber) {
      setWholeNumberError(STAFF_TEXT.wholeNumberMismatch);
      document.getElementById(wholeNumberId)?.focus();
      return;
    }
    void redeem(claimed.customer);
  }

  const redeem = (customer: Customer) => {
    setPending(undefined);
    return sendRedeem(
      customer,
      async () => applyCustomer((await redeemUser(customer.localNumber)).data),
      (error) => {
        if (error.code === 'PRIZE_EXPIRED') {
          // Past its expiry: the row turns "Expired" by the clock; say why nothing changed.
          setNow(new Date());
          return error.message;
        }
        if (error.status === 409) {
          // Someone else redeemed it first: it is redeemed, so show it that way.
          applyCustomer({ ...customer, isOfferClaimed: true });
          return API_MESSAGES.alreadyRedeemed;
        }
        return MESSAGES.redeemFailed;
      },
    );
  };

  // With the switch on, a prize that expires while the list is open leaves it too.
  const listed = unredeemedOnly ? list.users.filter((u) => !isPrizeExpired(u, now)) : list.users;

  return (
    <div className="staff-page">
      <TopBar username={username} onLogout={logout} />
      <main className="staff-main">
        <ScanPanel
          onRedeemed={applyCustomer}
          handleAuthFailure={handleAuthFailure}
          now={now}
          timeZone={timeZone}
        />
        <section className="ui-card">
          <SearchBox
            onSearch={onSearch}
            onInvalid={clearSearch}
            busy={search.status === 'searching'}
          />
        </section>

        <RedeemFeedbackLine feedback={feedback} feedbackRef={feedbackRef} />

        {search.status === 'matches' && (
          <section className="ui-card" aria-labelledby="search-matches-heading">
            <h2 id="search-matches-heading" className="ui-card__title">
              {STAFF_TEXT.matchesHeading}
            </h2>
            <p role="status">
              {STAFF_TEXT.matchesSummary(search.digits, countKinds(search.customers, now))}
            </p>
            <UsersTable
              caption={STAFF_TEXT.matchesHeading}
              users={search.customers}
              processing={processing}
              onClaim={(customer) => claim(customer, true)}
              now={now}
              timeZone={timeZone}
            />
            {search.more && <p className="staff-search__hint">{STAFF_TEXT.matchesMore}</p>}
          </section>
        )}

        {(search.status === 'found' || search.status === 'none') && (
          <section className="ui-card" aria-labelledby="search-result-heading">
            <h2 id="search-result-heading" className="ui-card__title">
              {STAFF_TEXT.searchResultHeading}
            </h2>
            {search.status === 'found' ? (
              <UsersTable
                caption={STAFF_TEXT.searchResultHeading}
                users={[search.customer]}
                processing={processing}
                onClaim={(customer) => claim(customer)}
                now={now}
                timeZone={timeZone}
              />
            ) : (
              <p role="alert" className="ui-error">
                {MESSAGES.searchNoUser}
              </p>
            )}
          </section>
        )}

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
                onChange={(e) => setUnredeemedOnly(e.target.checked)}
              />
              {STAFF_TEXT.unredeemedOnly}
            </label>
          </div>
          <UsersTable
            caption={STAFF_TEXT.allUsersHeading}
            users={listed}
            processing={processing}
            onClaim={(customer) => claim(customer)}
            arrivals={list.arrivals}
            empty={
              list.status === 'done'
                ? unredeemedOnly
                  ? STAFF_TEXT.noUnredeemed
                  : STAFF_TEXT.noUsers
                : undefined
            }
            now={now}
            timeZone={timeZone}
          />
          <LoadMore status={list.status} count={listed.length} onLoadMore={list.loadMore} />
        </section>
      </main>

      {pending && (
        <ConfirmDialog
          message={STAFF_TEXT.confirmQuestion(
            formatLocalNumber(pending.customer.localNumber),
            pending.customer.offer,
          )}
          onConfirm={() => confirm(pending)}
          onCancel={() => setPending(undefined)}
        >
          {pending.customer.condition && (
            <p>{STAFF_TEXT.conditionLabel(pending.customer.condition)}</p>
          )}
          <p className="staff-confirm-note">{STAFF_TEXT.confirmCheckPhone}</p>
          {pending.wholeNumber && (
            <div className="ui-field">
              <label htmlFor={wholeNumberId}>{STAFF_TEXT.wholeNumberLabel}</label>
              <input
                id={wholeNumberId}
                className="ui-input"
                type="text"
                inputMode="tel"
                autoComplete="off"
                value={wholeNumber}
                aria-invalid={wholeNumberError ? true : undefined}
                aria-describedby={wholeNumberError ? `${wholeNumberId}-error` : undefined}
                onChange={(e) => {
                  setWholeNumber(e.target.value);
                  setWholeNumberError(undefined);
                }}
              />
              <p id={`${wholeNumberId}-error`} role="alert" className="ui-error">
                {wholeNumberError}
              </p>
            </div>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
