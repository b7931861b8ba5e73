/**
 * /operator-login (docs/product.md): the second operator login. Once signed in here it shows a welcome view
 * with Logout; an operator who is already signed in when arriving goes to /dashboard (docs/product.md).
 * Accounts that are not operators get the page's own "Only operator users can access this page."
 */
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { STAFF_TEXT } from '@shared/messages-staff';
import type { StaffAccount } from '@shared/types';
import { StaffLoginForm } from '../../../components/staff-login-form';
import { PATHS } from '../../../config/paths';
import { isStaffSignedIn, signInStaff, signOutStaff } from '../../../lib/staff-auth';
import '../../../components/ui.css';
import '../components/staff.css';

/** The /operator-login route. */
export function Component() {
  const navigate = useNavigate();
  // Decided once on arrival: signing in on this page shows the welcome view instead.
  const [signedInOnArrival] = useState(() => isStaffSignedIn('operator'));
  const [account, setAccount] = useState<StaffAccount>();

  if (signedInOnArrival) return <Navigate to={PATHS.dashboard} replace />;

  if (account) {
    return (
      <main className="staff-welcome">
        <div className="ui-card staff-welcome__card">
          <h1 className="staff-welcome__title">{STAFF_TEXT.welcome(account.username)}</h1>
          <p>{STAFF_TEXT.signedInAs(account.role)}</p>
          <Link to={PATHS.dashboard} className="ui-button staff-welcome__link">
            {STAFF_TEXT.goToDashboard}
          </Link>
          <button
            type="button"
            className="ui-button ui-button--secondary"
            onClick={() => {
              void signOutStaff('operator');
              navigate(PATHS.login, { replace: true });
            }}
          >
            {STAFF_TEXT.logout}
          </button>
        </div>
      </main>
    );
  }

  return (
    <main>
      <StaffLoginForm
        title={STAFF_TEXT.operatorLoginTitle}
        onSubmit={async ({ username, password }) => {
          const result = await signInStaff(username, password, 'operator', 'operator-login');
          if (!result.ok) return result.message;
          setAccount(result.account);
          return undefined;
        }}
      />
    </main>
  );
}
