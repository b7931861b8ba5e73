/**
 * POST /api/otp/start: everything the server checks before the browser starts a CUSTOM_AUTH
 * sign-in, so the visitor gets a clear answer instead of a failed trigger.
 */
import { conflict } from '../../shared/errors';
import { MESSAGES } from '../../shared/messages';
import { toInternational } from '../../shared/phone';
import { getCustomer } from '../repositories/customers';
import { checkCanIssue } from './otp-delivery';
import type { SmsCostGuard } from './sms-cost-guard';
import { ensureVisitorUser } from './visitor-users';

export interface OtpStartDeps {
  guard: SmsCostGuard;
  nowMs: () => number;
  visitorUserPoolId: string;
}

/**
 * Refuses a number that already has a reward (409, the spec's message) or whose SMS budget is
 * used up (429; read only, CreateAuthChallenge spends it), then makes sure its user exists.
 */
export async function startOtp(localNumber: string, deps: OtpStartDeps): Promise<void> {
  const phoneNumber = toInternational(localNumber);
  if (await getCustomer(phoneNumber))
    throw conflict('ALREADY_HAS_REWARD', MESSAGES.alreadyHasReward);
  await checkCanIssue(phoneNumber, deps);
  await ensureVisitorUser(deps.visitorUserPoolId, phoneNumber);
}
