/**
 * The admin session rules (docs/product.md) "Sessions and redirects": logout clears the admin keys
 * and returns to /admin, and a server answer that the session is no longer valid (401) or not an
 * admin's (403) does the same, so a stale page never keeps pretending to be signed in.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { signOutStaff } from '../../../lib/staff-auth';

/** True for the API answers that mean "sign in again". */
const isSessionError = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

/** Logout: clears the admin keys and session, then goes to /admin. */
export function useAdminLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    void signOutStaff('admin');
    navigate(PATHS.admin, { replace: true });
  }, [navigate]);
}

/**
 * Returns a function for API failures: on a session error it logs out and returns true (the page
 * should show nothing more); otherwise it returns false and the page shows its own message.
 */
export function useSessionErrorHandler(): (error: unknown) => boolean {
  const logout = useAdminLogout();
  return useCallback(
    (error: unknown) => {
      if (!isSessionError(error)) return false;
      logout();
      return true;
    },
    [logout],
  );
}

/** The detail of a failure worth showing to an admin after the required text, if any. */
export function failureDetail(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message)
    return error.message;
  return undefined;
}
