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
import { useCallback, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { API_MESSAGES } from '@shared/messages-api';
import { MESSAGES } from '@shared/messages';
import { isPrizeExpired } from '@shared/prize-validity';
import type { Customer } from '@shared/types';
import { PATHS } from '../../../config/paths';
import { redeemUser } from '../api/redeem-user';
import { AllUsers } from '../components/all-users';
import { ConfirmRedeemDialog } from '../components/confirm-redeem-dialog';
import { ScanPanel } from '../components/scan-panel';
import { SearchBox } from '../components/search-box';
import { SearchResults } from '../components/search-results';
import { TopBar } from '../components/top-bar';
import { useConfirmRedeem, type PendingRedeem } from '../hooks/use-confirm-redeem';
import { useExpiryClock, useTimeZone } from '../hooks/use-counter-clock';
import { useDashboardSearch } from '../hooks/use-dashboard-search';
import { useOperatorSession, type OperatorSession } from '../hooks/use-operator-session';
import { RedeemFeedbackLine, useRedeemOutcome } from '../hooks/use-redeem-outcome';
import { useUsersList } from '../hooks/use-users-list';
import '../../../components/ui.css';
import '../components/staff.css';

/** The dashboard route. */
export function Component() {
  const session = useOperatorSession();
  if (!session.account) return <Navigate to={PATHS.login} replace />;
  return <Dashboard session={session} username={session.account.username} />;
}

function Dashboard({ session, username }: { session: OperatorSession; username: string }) {
  const { handleAuthFailure, logout } = session;
  const outcome = useRedeemOutcome(handleAuthFailure);
  const confirmation = useConfirmRedeem();
  const { cancel } = confirmation;
  const { setFeedback } = outcome;
  const forgetResult = useCallback(() => {
    cancel();
    setFeedback(undefined);
  }, [cancel, setFeedback]);
  const { search, replaceCustomers, clearSearch, onSearch } = useDashboardSearch(
    handleAuthFailure,
    forgetResult,
  );
  const [unredeemedOnly, setUnredeemedOnly] = useState(false);
  // A customer changed on another device updates the search result too.
  const list = useUsersList(handleAuthFailure, replaceCustomers, unredeemedOnly);
  const timeZone = useTimeZone();
  const [now, tick] = useExpiryClock();

  /** Applies a customer's new state to both tables. */
  const replaceInList = list.replace;
  const applyCustomer = useCallback(
    (customer: Customer) => {
      replaceInList(customer);
      replaceCustomers([customer]);
    },
    [replaceInList, replaceCustomers],
  );

  const redeem = (customer: Customer) =>
    outcome.redeem(
      customer,
      async () => applyCustomer((await redeemUser(customer.localNumber)).data),
      (error) => {
        if (error.code === 'PRIZE_EXPIRED') {
          // Past its expiry: the row turns "Expired" by the clock; say why nothing changed.
          tick();
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

  function confirm(asked: PendingRedeem) {
    if (!confirmation.confirmed(asked)) return;
    cancel();
    void redeem(asked.customer);
  }

  // With the switch on, a prize that expires while the list is open leaves it too.
  const listed = unredeemedOnly ? list.users.filter((u) => !isPrizeExpired(u, now)) : list.users;
  const view = { processing: outcome.redeeming, now, timeZone };
  const { pending } = confirmation;

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

        <RedeemFeedbackLine feedback={outcome.feedback} feedbackRef={outcome.feedbackRef} />

        <SearchResults search={search} view={view} onClaim={confirmation.ask} />

        <AllUsers
          list={list}
          listed={listed}
          unredeemedOnly={unredeemedOnly}
          onUnredeemedOnly={setUnredeemedOnly}
          view={view}
          onClaim={confirmation.ask}
        />
      </main>

      {pending && (
        <ConfirmRedeemDialog
          pending={pending}
          wholeNumberField={confirmation.wholeNumberField}
          onWholeNumber={confirmation.typeWholeNumber}
          onConfirm={() => confirm(pending)}
          onCancel={cancel}
        />
      )}
    </div>
  );
}
