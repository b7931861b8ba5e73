/**
 * /admin exactly: the admin login (docs/product.md). Only accounts in the admin group get in; others see
 * the required "...Only admin users can access this page.". A signed-in admin goes to Business
 * Settings (docs/product.md). An admin sent here after changing their own password is signed out
 * and told why.
 */
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { StaffLoginForm } from '../../../components/staff-login-form';
import { PATHS } from '../../../config/paths';
import { isStaffSignedIn, signInStaff, signOutStaff } from '../../../lib/staff-auth';

export function Component() {
  const navigate = useNavigate();
  // Sent here after changing their own password: the server has signed the admin out everywhere,
  // so this browser's session goes too, and the page says why.
  const passwordChanged =
    (useLocation().state as { passwordChanged?: boolean } | null)?.passwordChanged === true;
  useEffect(() => {
    if (passwordChanged) void signOutStaff('admin');
  }, [passwordChanged]);
  if (isStaffSignedIn('admin') && !passwordChanged)
    return <Navigate to={PATHS.adminBusiness} replace />;

  async function onSubmit({ username, password }: { username: string; password: string }) {
    const result = await signInStaff(username, password, 'admin', 'admin');
    if (!result.ok) return result.message;
    navigate(PATHS.adminBusiness, { replace: true });
    return undefined;
  }

  return (
    <main>
      {passwordChanged && (
        <p role="status" className="ui-notice">
          {MESSAGES.adminPasswordUpdated} {ADMIN_TEXT.signInAgain}
        </p>
      )}
      <StaffLoginForm title={ADMIN_TEXT.loginTitle} onSubmit={onSubmit} />
    </main>
  );
}
