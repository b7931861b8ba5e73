/**
 * POST /api/otp/start: everything the server checks before the browser starts a CUSTOM_AUTH
 * sign-in, so the visitor gets a clear answer instead of a failed trigger; and the grant of one
 * SMS code that CreateAuthChallenge needs before it sends (every SMS needs its own otp/start).
 * Each call costs a solved proof-of-work challenge (GET /api/otp/challenge) and one of the
 * client's reward lookups, before anything about the number is read.
 */
import { conflict, isAppError } from '@shared/errors';
import { GRANT_SIGN_IN_KEYS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { toInternational } from '@shared/phone-format';
import { hasReward } from '../repositories/customers';
import * as visitorPool from '../repositories/visitor-pool';
import { grantCode } from '../repositories/otp-grants';
import { putVisitorRecord, touchVisitorRecord } from '../repositories/visitor-users';
import {
  refundClientBudget,
  refundCodeBudgets,
  spendClientBudget,
  spendCodeBudgets,
} from './client-budgets';
import { countRefusal } from './code-refusals';
import { issueSignInKey } from './sign-in-key';
import type { Challenge } from 'altcha-lib';
import type { SolvedChallenge } from '@shared/spin';
import { warnOnFailure } from '../lib/logger';
import { settledValue } from '../lib/settled';
import { CODE_AUTHORIZATION_MS, checkCanIssue } from './otp-delivery';
import { giveBackChallenge, newChallenge, spendChallenge } from './proof-of-work';
import type { SmsCostGuard } from './sms-cost-guard';

/** A challenge for one otp/start, as hard as the deployment's sends this hour call for. */
export async function newOtpChallenge(guard: SmsCostGuard, nowMs: number): Promise<Challenge> {
  return newChallenge('otp', nowMs, await guard.workFactor(nowMs));
}

export interface OtpStartDeps {
  guard: SmsCostGuard;
  nowMs: () => number;
  /** The calling client (lib/viewer.ts), whose hourly code budget this spends. */
  client: string;
  visitorUserPoolId: string;
  /**
   * The visitor verifies a number said to have a reward, to see that prize: no reward refusal, so
   * a number with a reward and one without get the same answer (the reward is not even read).
   */
  recover?: boolean;
  /** The placement's source tag the visitor came through, kept with the grant for the count. */
  source?: string;
}

/**
 * Refuses a challenge that is not solved, not ours for a code, used, expired or more than one
 * step cheaper than the work asked now (400), and a client past its reward lookups (429): whether
 * the number has a reward is an answer, so no client gets more of them than its lookups. Then refuses a number that
 * already has a reward (409, the required message; not with `recover`) or whose SMS budget is used up (429; read only,
 * CreateAuthChallenge spends it), and a client past its hourly code budget or its codes for this
 * number (429). Then grants the number one code and makes sure
 * its user exists: nothing is created for a request that is refused. Returns the sign-in key the
 * code's answers must carry (domain/sign-in-key.ts).
 */
export async function startOtp(
  localNumber: string,
  solved: SolvedChallenge,
  deps: OtpStartDeps,
): Promise<string> {
  try {
    return await checkedStart(localNumber, solved, deps);
  } catch (error) {
    // A code refused (the connection's, the number's or the deployment's budget) is counted for
    // the owner's insights.
    await countRefusal(error, new Date(deps.nowMs()));
    throw error;
  }
}

async function checkedStart(
  localNumber: string,
  solved: SolvedChallenge,
  deps: OtpStartDeps,
): Promise<string> {
  const phoneNumber = toInternational(localNumber);
  const started = deps.nowMs();
  await payForLookup(solved, deps, started);
  try {
    return await checkAndCreate(phoneNumber, deps);
  } catch (error) {
    if (ours(error))
      await Promise.all([
        refundClientBudget('lookups', deps.client, started).catch(
          warnOnFailure('could not give back a lookup'),
        ),
        giveBackChallenge(solved),
      ]);
    throw error;
  }
}

/** A failure of ours (Cognito or DynamoDB throttled): it told nothing. */
const ours = (error: unknown) => !isAppError(error) || error.status >= 500;

/**
 * What any answer about a number costs, otp/start's and POST /api/users/exists' alike: a solved
 * challenge (work solved one step below today's is still taken: a visitor whose form opened just
 * before the work rose is not refused, and challenges stocked up cheap buy one step at most) and
 * one of the client's reward lookups, pooled per IPv6 /48 (client-budgets.ts). A failure of ours
 * gives the challenge back, so the retry at once is let through; a refusal (409, 429) is an
 * answer: it stays paid for.
 */
async function payForLookup(
  solved: SolvedChallenge,
  deps: Pick<OtpStartDeps, 'guard' | 'client'>,
  nowMs: number,
): Promise<void> {
  await spendChallenge('otp', solved, (await deps.guard.workFactor(nowMs)) / 2);
  try {
    await spendClientBudget('lookups', deps.client, nowMs);
  } catch (error) {
    if (ours(error)) await giveBackChallenge(solved);
    throw error;
  }
}

/**
 * POST /api/users/exists: whether `localNumber` has a reward (an erased number had one: it still
 * counts), for the work and the lookup otp/start costs (payForLookup).
 */
export async function lookUpReward(
  localNumber: string,
  solved: SolvedChallenge,
  deps: Pick<OtpStartDeps, 'guard' | 'client' | 'nowMs'>,
): Promise<boolean> {
  const started = deps.nowMs();
  await payForLookup(solved, deps, started);
  try {
    return await hasReward(toInternational(localNumber));
  } catch (error) {
    await Promise.all([
      refundClientBudget('lookups', deps.client, started).catch(
        warnOnFailure('could not give back a lookup'),
      ),
      giveBackChallenge(solved),
    ]);
    throw error;
  }
}

/** The checks after the challenge and the lookup, then the user, then the grant. */
async function checkAndCreate(phoneNumber: string, deps: OtpStartDeps): Promise<string> {
  // Reads only, asked together; a reward decides before any budget's answer.
  const [reward, canIssue] = await Promise.allSettled([
    deps.recover ? false : hasReward(phoneNumber),
    checkCanIssue(phoneNumber, deps),
  ]);
  if (settledValue(reward)) throw conflict('ALREADY_HAS_REWARD', MESSAGES.alreadyHasReward);
  settledValue(canIssue);
  const now = deps.nowMs();
  await spendCodeBudgets(deps.client, phoneNumber, now);
  try {
    // A user that already exists is fine: the sign-in can start. A user created now is recorded
    // with its sub, which the visitor routes check tokens against (domain/active-user.ts); an
    // existing user keeps its record, or gets one at its first checked request. Either way the
    // record notes this start, so the clean-up of users that never verify
    // (domain/unverified-users.ts) leaves this number alone for a day.
    const user = await visitorPool.createVisitorUser(deps.visitorUserPoolId, phoneNumber);
    if (user.status === 'created' && user.sub !== undefined)
      await putVisitorRecord(phoneNumber, user.sub, now);
    else await touchVisitorRecord(phoneNumber, now);
  } catch (error) {
    // Cognito (or the record's write) throttled or failed: no code can follow, so the client
    // keeps its budget.
    await refundCodeBudgets(deps.client, phoneNumber, now);
    throw error;
  }
  // The grant remembers who paid, so a send that fails can give the client its code back, and
  // the key it comes with, which the code it buys arms (domain/sign-in-key.ts).
  const { key, keyHash } = await issueSignInKey(phoneNumber, now);
  await grantCode(
    phoneNumber,
    now + CODE_AUTHORIZATION_MS,
    { client: deps.client, atMs: now },
    keyHash,
    now,
    GRANT_SIGN_IN_KEYS,
    deps.source,
  );
  return key;
}
