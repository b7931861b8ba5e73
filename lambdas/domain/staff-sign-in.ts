/**
 * Staff sign-in (POST /api/staff/sign-in): the password reaches Cognito only from here, after two
 * budgets, so that a stranger guessing the public usernames cannot keep the counter locked out.
 *
 * Cognito locks a user from its 5th wrong password in a row, whoever sent them
 * (COGNITO_PASSWORD_LOCKOUT), and the staff app client allows no password flow from the internet,
 * so every password Cognito sees came through here:
 * - wrong passwords from untrusted addresses, all together, may reach Cognito only while fewer
 *   than STAFF_UNTRUSTED_FAILURES_IN_A_ROW are in the user's current row (repositories/
 *   staff-password-failures.ts keeps the row as Cognito does): strangers can never take Cognito
 *   to its lockout, and the staff on the shop's trusted connection, whose attempts always go
 *   through, sign in at the first try;
 * - each address may send STAFF_SIGN_IN_FAILURES_PER_HOUR wrong passwords an hour (a trusted one
 *   more), whatever the usernames.
 * A right password spends nothing: it gives back the address's use and ends the row.
 */
import {
  STAFF_SIGN_IN_FAILURES_PER_HOUR,
  STAFF_UNTRUSTED_FAILURES_IN_A_ROW,
  TRUSTED_STAFF_SIGN_IN_FAILURES_PER_HOUR,
} from '@shared/constants';
import { COGNITO_PASSWORD_LOCKOUT } from '@shared/definitions';
import { AppError, tooManyRequests } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import { MESSAGES } from '@shared/messages';
import { releaseCounters, reserveCounters } from '../repositories/limits';
import { passwordSignIn, type StaffTokens } from '../repositories/staff-pool';
import { clearFailures, reserveFailure } from '../repositories/staff-password-failures';
import { isTrustedClient } from '../repositories/trusted-clients';
import { budgetCounter, HOUR_S, secondsLeftInWindow, type WindowedBudget } from './windowed-budget';

const QUIET_MS = COGNITO_PASSWORD_LOCKOUT.quietMinutes * 60_000;

const addressBudget = (trusted: boolean): WindowedBudget => ({
  name: 'staff-sign-in',
  windowSeconds: HOUR_S,
  limit: trusted ? TRUSTED_STAFF_SIGN_IN_FAILURES_PER_HOUR : STAFF_SIGN_IN_FAILURES_PER_HOUR,
});

export interface StaffSignInDeps {
  pool: { userPoolId: string; clientId: string };
  /** The caller's address as CloudFront saw it (lib/viewer.ts). */
  client: string;
  nowMs: () => number;
}

/**
 * Signs a staff member in, or throws: 401 BAD_CREDENTIALS (a wrong username or password), 429
 * STAFF_SIGN_IN_LIMIT with Retry-After (a budget above, or Cognito's own lockout), 403
 * STAFF_SIGN_IN_REFUSED (anything else that signs no one in).
 */
export async function signInStaff(
  username: string,
  password: string,
  deps: StaffSignInDeps,
): Promise<StaffTokens> {
  const now = deps.nowMs();
  // Cognito matches staff usernames in any case; so does the row.
  const name = username.trim().toLowerCase();
  const trusted = await isTrustedClient(deps.client);
  const budget = addressBudget(trusted);
  const counter = budgetCounter(budget, deps.client, now);
  if (!(await reserveCounters([counter])).ok)
    throw tooManyRequests(
      'STAFF_SIGN_IN_LIMIT',
      API_MESSAGES.staffSignInLimit,
      secondsLeftInWindow(budget, now),
    );
  const row = await reserveFailure(name, now, {
    quietMs: QUIET_MS,
    ...(trusted ? {} : { limit: STAFF_UNTRUSTED_FAILURES_IN_A_ROW }),
  });
  if (!row.ok)
    throw tooManyRequests(
      'STAFF_SIGN_IN_LIMIT',
      API_MESSAGES.staffSignInLimit,
      Math.max(1, Math.ceil((row.quietAtMs - now) / 1000)),
    );
  const answer = await passwordSignIn(deps.pool, name, password, deps.client);
  switch (answer.outcome) {
    case 'signed-in':
      await Promise.all([clearFailures(name), releaseCounters([counter])]);
      return answer.tokens;
    case 'wrong':
      throw new AppError('BAD_CREDENTIALS', 401, MESSAGES.invalidCredentials);
    case 'locked':
      throw tooManyRequests('STAFF_SIGN_IN_LIMIT', API_MESSAGES.staffSignInLimit);
    case 'refused':
      // The password was right (a temporary one, say): Cognito's row ended, and so does ours.
      await clearFailures(name);
      throw new AppError('STAFF_SIGN_IN_REFUSED', 403, MESSAGES.loginFailed);
  }
}
