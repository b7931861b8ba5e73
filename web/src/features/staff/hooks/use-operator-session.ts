/**
 * The dashboard's session rules (docs/product.md): without an operator session it
 * goes to /login; when the server refuses the token (401/403, on the check at load or on any later
 * call) the operator keys and session are cleared and it goes to /admin, as docs/product.md says.
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { StaffAccount } from '@shared/types';
import { PATHS } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { readStaffAccount, signOutStaff } from '../../../lib/staff-auth';
import { getStaffMe } from '../api/get-staff-me';

/** True for an API answer that means "this token is not accepted here". */
const isAuthFailure = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

export interface OperatorSession {
  /** The signed-in account from the storage keys (display only), or undefined when signed out. */
  account: StaffAccount | undefined;
  /** Handles an API error: true when it was an auth failure (the page is then leaving). */
  handleAuthFailure: (error: unknown) => boolean;
  /** Logout: clears the operator keys and session and goes to /login. */
  logout: () => void;
}

/** Reads the operator session and verifies it with the server once per mount. */
export function useOperatorSession(): OperatorSession {
  const navigate = useNavigate();
  const [account] = useState(() => readStaffAccount('operator'));

  const handleAuthFailure = useCallback(
    (error: unknown) => {
      if (!isAuthFailure(error)) return false;
      void signOutStaff('operator');
      navigate(PATHS.admin, { replace: true });
      return true;
    },
    [navigate],
  );

  const logout = useCallback(() => {
    void signOutStaff('operator');
    navigate(PATHS.login, { replace: true });
  }, [navigate]);

  useEffect(() => {
    if (!account) return;
    const controller = new AbortController();
    // Only a refusal by the server signs out; a network failure leaves the session alone.
    getStaffMe(controller.signal).catch(handleAuthFailure);
    return () => controller.abort();
  }, [account, handleAuthFailure]);

  return { account, handleAuthFailure, logout };
}
