/**
 * /dashboard (docs/product.md): search by phone number, the search result, all users
 * paged newest first and kept live (new winners and redeems from other devices show within
 * seconds), with an "Unredeemed only" switch, and Claim -> "Confirm Action" (which reminds staff to
 * see the win on the customer's phone) -> redeem. Both tables update on success.
 * Without an operator session it goes to /login; a token the server refuses clears the operator
 * keys and goes to /admin (docs/product.md).
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { API_MESSAGES, MESSAGES } from '@shared/messages';
import { STAFF_TEXT } from '@shared/messages-staff';
import { formatLocalNumber } from '@shared/phone-format';
import { isPrizeExpired } from '@shared/prize-validity';
import type { Customer } from '@shared/types';
import { PATHS } from '../../../config/paths';
import { loadRuntimeConfig } from '../../../config/runtime';
import { ApiError } from '../../../lib/api-client';
import { redeemUser } from '../api/redeem-user';
import { searchUser } from '../api/search-user';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadMore } from '../components/load-more';
import { SearchBox } from '../components/search-box';
import { TopBar } from '../components/top-bar';
import { UsersTable } from '../components/users-table';
import { useOperatorSession, type OperatorSession } from '../hooks/use-operator-session';
import { useUsersList } from '../hooks/use-users-list';
import '../../../components/ui.css';
import '../components/staff.css';

type SearchState =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'found'; customer: Customer }
  | { status: 'none' };

type Feedback = { kind: 'success' | 'error'; text: string };

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
      if (current.status !== 'found') return current;
      const fresh = changed.find((c) => c.phoneNumber === current.customer.phoneNumber);
      return fresh ? { status: 'found', customer: fresh } : current;
    });
  }, []);
  const [unredeemedOnly, setUnredeemedOnly] = useState(false);
  const switchId = useId();
  const list = useUsersList(handleAuthFailure, onChanged, unredeemedOnly);
  const [pending, setPending] = useState<Customer>();
  const [processing, setProcessing] = useState<string>();
  const [feedback, setFeedback] = useState<Feedback>();
  const feedbackRef = useRef<HTMLParagraphElement>(null);
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

  const onSearch = useCallback(
    (phoneNumber: string) => {
      setSearch({ status: 'searching' });
      searchUser(phoneNumber)
        .then((customer) =>
          setSearch(customer ? { status: 'found', customer } : { status: 'none' }),
        )
        .catch((error: unknown) => {
          // The product shows "No user found" on any search failure.
          if (!handleAuthFailure(error)) setSearch({ status: 'none' });
        });
    },
    [handleAuthFailure],
  );

  /** Applies a customer's new state to both tables. */
  const replaceInList = list.replace;
  const applyCustomer = useCallback(
    (customer: Customer) => {
      replaceInList(customer);
      setSearch((current) =>
        current.status === 'found' && current.customer.phoneNumber === customer.phoneNumber
          ? { status: 'found', customer }
          : current,
      );
    },
    [replaceInList],
  );

  async function redeem(customer: Customer) {
    setPending(undefined);
    setProcessing(customer.phoneNumber);
    setFeedback(undefined);
    try {
      const result = await redeemUser(customer.localNumber);
      applyCustomer(result.data);
      setFeedback({
        kind: 'success',
        text: STAFF_TEXT.redeemSucceeded(formatLocalNumber(customer.localNumber)),
      });
    } catch (error) {
      if (handleAuthFailure(error)) return;
      if (error instanceof ApiError && error.code === 'PRIZE_EXPIRED') {
        // Past its expiry: the row turns "Expired" by the clock; say why nothing changed.
        setNow(new Date());
        setFeedback({ kind: 'error', text: error.message });
      } else if (error instanceof ApiError && error.status === 409) {
        // Someone else redeemed it first: it is redeemed, so show it that way.
        applyCustomer({ ...customer, isOfferClaimed: true });
        setFeedback({ kind: 'error', text: API_MESSAGES.alreadyRedeemed });
      } else {
        setFeedback({ kind: 'error', text: MESSAGES.redeemFailed });
      }
    } finally {
      setProcessing(undefined);
      // The Claim button that opened the dialog is now disabled: focus the outcome instead.
      requestAnimationFrame(() => feedbackRef.current?.focus());
    }
  }

  // With the switch on, a prize that expires while the list is open leaves it too.
  const listed = unredeemedOnly ? list.users.filter((u) => !isPrizeExpired(u, now)) : list.users;

  return (
    <div className="staff-page">
      <TopBar username={username} onLogout={logout} />
      <main className="staff-main">
        <section className="ui-card">
          <SearchBox onSearch={onSearch} busy={search.status === 'searching'} />
        </section>

        <p
          ref={feedbackRef}
          tabIndex={-1}
          role={feedback?.kind === 'error' ? 'alert' : 'status'}
          className={feedback?.kind === 'error' ? 'ui-notice ui-notice--error' : 'ui-notice'}
        >
          {feedback?.text}
        </p>

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
                onClaim={setPending}
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
            onClaim={setPending}
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
            formatLocalNumber(pending.localNumber),
            pending.offer,
          )}
          onConfirm={() => void redeem(pending)}
          onCancel={() => setPending(undefined)}
        >
          {pending.condition && <p>{STAFF_TEXT.conditionLabel(pending.condition)}</p>}
          <p className="staff-confirm-note">{STAFF_TEXT.confirmCheckPhone}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
