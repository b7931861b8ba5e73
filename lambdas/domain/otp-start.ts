/**
 * POST /api/otp/start: everything the server checks before the browser starts a CUSTOM_AUTH
 * sign-in, so the visitor gets a clear answer instead of a failed trigger; and the grant of one
 * SMS code that CreateAuthChallenge needs before it sends (every SMS needs its own otp/start).
 */
import { conflict } from '../../shared/errors';
import { MESSAGES } from '../../shared/messages';
import { toInternational } from '../../shared/phone-format';
import { hasReward } from '../repositories/customers';
import * as visitorPool from '../repositories/visitor-pool';
import { authorizeCode } from '../repositories/otp-authorizations';
import { putVisitorRecord } from '../repositories/visitor-users';
import { refundClientBudget, spendClientBudget } from './client-budgets';
import { settledValue } from '../lib/settled';
import { CODE_AUTHORIZATION_MS, checkCanIssue } from './otp-delivery';
import type { SmsCostGuard } from './sms-cost-guard';

export interface OtpStartDeps {
  guard: SmsCostGuard;
  nowMs: () => number;
  /** The calling client (lib/viewer.ts), whose hourly code budget this spends. */
  client: string;
  visitorUserPoolId: string;
  /** Where visitor users are created. */
  visitorPool?: Pick<typeof visitorPool, 'createVisitorUser'>;
}

/**
 * Refuses a number that already has a reward (409, the required message) or whose SMS budget is
 * used up (429; read only, CreateAuthChallenge spends it), and a client past its hourly code
 * budget (429). Then grants the number one code and makes sure its user exists: nothing is
 * created for a request that is refused.
 */
export async function startOtp(localNumber: string, deps: OtpStartDeps): Promise<void> {
  const phoneNumber = toInternational(localNumber);
  // Reads only, asked together; a reward decides before any budget's answer.
  const [reward, canIssue] = await Promise.allSettled([
    hasReward(phoneNumber),
    checkCanIssue(phoneNumber, deps),
  ]);
  if (settledValue(reward)) throw conflict('ALREADY_HAS_REWARD', MESSAGES.alreadyHasReward);
  settledValue(canIssue);
  const now = deps.nowMs();
  await spendClientBudget('codes', deps.client, now);
  try {
    // A user that already exists is fine: the sign-in can start. A user created now is recorded
    // with its sub, which the visitor routes check tokens against (domain/active-user.ts); an
    // existing user keeps its record, or gets one at its first checked request.
    const user = await (deps.visitorPool ?? visitorPool).createVisitorUser(
      deps.visitorUserPoolId,
      phoneNumber,
    );
    if (user.status === 'created' && user.sub !== undefined)
      await putVisitorRecord(phoneNumber, user.sub);
  } catch (error) {
    // Cognito (or the record's write) throttled or failed: no code can follow, so the client
    // keeps its budget.
    await refundClientBudget('codes', deps.client, now);
    throw error;
  }
  // The grant remembers who paid, so a send that fails can give the client its code back.
  await authorizeCode(phoneNumber, now + CODE_AUTHORIZATION_MS, { client: deps.client, atMs: now });
}
