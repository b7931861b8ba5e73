/**
 * Issues the code for a new sign-in challenge. A code sent to the same number moments ago is
 * reused rather than a second SMS sent: Cognito retries a CreateAuthChallenge that takes over
 * 5 s (cold start, slow SNS) up to 3 times, and a visitor who reloads and presses "Send Code"
 * again within the minute should get the code already on the phone, not a refusal.
 */
import { BUSINESS_METRICS, SMS_SENT_LOG_MESSAGE } from '@shared/definitions';
import { AppError } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import { smsCodeMessage } from '@shared/messages';
import { logger, warnOnFailure } from '../lib/logger';
import { countEvent } from '../lib/metrics';
import { settledValue } from '../lib/settled';
import { maskPhone } from '@shared/phone-format';
import { forgetCode, recentCode, saveSentCode, type ReuseRule } from '../repositories/otp-codes';
import { authorizeCode, takeCodeAuthorization } from '../repositories/otp-grants';
import { refundCodeBudgets } from './client-budgets';
import { armKeyForReusedCode, armKeyForSentCode } from './sign-in-key';
import { digestCode, generateOtpCode, type CodeDigest } from './otp-code';
import type { SmsCostGuard } from './sms-cost-guard';
import { addStats } from '../repositories/stats';
import { markOnce } from '../repositories/limits';
import { businessDay } from '@shared/business-day';
import { businessTimeZone } from '../lib/env';

/** A number's first-code-of-the-day mark outlives its business day, then expires. */
const CODE_DAY_MARK_S = 2 * 24 * 60 * 60;

/** A sent code is reused for this long: the per-minute budget's window. */
const CODE_REUSE_WINDOW_MS = 60_000;
/** The stored digest is kept a little longer than the auth session (3 minutes) for the Verify clean-up. */
const STORED_CODE_TTL_S = 10 * 60;

export interface OtpDeliveryDeps {
  guard: SmsCostGuard;
  send: (phoneNumber: string, message: string) => Promise<void>;
  nowMs: () => number;
}

/**
 * A sent code serves any number of challenges within its window (Cognito's retries of a slow
 * Create, a visitor's restart, and sign-ins anyone else starts for the number): a challenge is
 * only answered with a sign-in key armed for its code, each key allows OTP_MAX_ATTEMPTS answers
 * and a code arms at most CODE_SIGN_IN_KEYS_MAX keys (domain/sign-in-key.ts), so the guesses at a
 * code are bounded by its keys, not by the challenges, and strangers' challenges cannot use up the
 * visitor's.
 */
const reuseRule = (nowMs: number): ReuseRule => ({ nowMs, windowMs: CODE_REUSE_WINDOW_MS });

/** How long a code granted by POST /api/otp/start waits for its sign-in to begin. */
export const CODE_AUTHORIZATION_MS = 5 * 60_000;

/** A new SMS was needed but POST /api/otp/start granted none: nothing is sent. */
export class CodeNotAuthorizedError extends AppError {
  constructor() {
    super('CODE_NOT_AUTHORIZED', 403, API_MESSAGES.codeNotAuthorized);
  }
}

/** Logs a give-back that failed (the counters still expire with their window). */
const releaseFailed = (phoneNumber: string, what: string) =>
  warnOnFailure(`could not give back the ${what}`, { phone: maskPhone(phoneNumber) });

/**
 * Returns the digest of the code the visitor has (or is about to get) by SMS. A new SMS needs the
 * grant POST /api/otp/start made (taken here, so one grant sends one SMS); without it this throws
 * CodeNotAuthorizedError and spends nothing. Throws the guard's 429 AppError when a budget is used
 * up.
 */
export async function issueCode(phoneNumber: string, deps: OtpDeliveryDeps): Promise<CodeDigest> {
  const now = deps.nowMs();
  const reused = await recentCode(phoneNumber, reuseRule(now));
  if (reused) {
    logger.info('reusing recent code', { phone: maskPhone(phoneNumber) });
    // A grant made for this sign-in (otp/start again within the minute) is used up by the reuse:
    // left behind, it would send a fresh SMS to whoever started a sign-in at Cognito later. Its
    // key may answer the code reused, while the code has room for another key.
    const taken = await takeCodeAuthorization(phoneNumber, now);
    for (const keyHash of taken?.keyHashes ?? [])
      await armKeyForReusedCode(phoneNumber, keyHash, reused.hash);
    return reused;
  }
  const grant = await takeCodeAuthorization(phoneNumber, now);
  if (grant === undefined) {
    logger.warn('code not authorised: no SMS sent', { phone: maskPhone(phoneNumber) });
    throw new CodeNotAuthorizedError();
  }
  // Nothing sent, whatever failed (a budget used up meanwhile, DynamoDB or SNS throttled): the
  // grant goes back with its payer, so the next attempt can send, and the client gets back the
  // code it paid for at otp/start once: the payer is marked refunded, and a second failure of the
  // same grant refunds nothing.
  const payer = grant.paidBy;
  const giveBack = (): Promise<unknown> =>
    Promise.all([
      authorizeCode(phoneNumber, grant.validUntilMs, payer && { ...payer, refunded: true }, {
        keyHashes: grant.keyHashes,
        ...(grant.source ? { source: grant.source } : {}),
      }),
      payer &&
        !payer.refunded &&
        refundCodeBudgets(payer.client, phoneNumber, payer.atMs).catch(
          releaseFailed(phoneNumber, 'client code budget'),
        ),
    ]);
  try {
    await deps.guard.reserve(phoneNumber, now);
  } catch (error) {
    await giveBack();
    throw error;
  }
  const code = generateOtpCode();
  const digest = digestCode(code);
  try {
    // Stored before sending, so a retry that arrives while SNS is still slow finds it.
    const keys = grant.keyHashes;
    await saveSentCode(
      phoneNumber,
      digest,
      now,
      Math.floor(now / 1000) + STORED_CODE_TTL_S,
      keys.length,
    );
    // The grant's keys answer this code: the sign-in keys its SMS arms.
    await Promise.all(keys.map((keyHash) => armKeyForSentCode(phoneNumber, keyHash, digest.hash)));
    await deps.send(phoneNumber, smsCodeMessage(code));
  } catch (error) {
    // Not sent (the code's store or SNS throttled or failed): the code is forgotten and the
    // number's and the deployment's SMS budgets are given back too.
    await Promise.all([
      forgetCode(phoneNumber, digest.hash),
      giveBack(),
      deps.guard.release(phoneNumber, now).catch(releaseFailed(phoneNumber, 'SMS budget')),
    ]);
    throw error;
  }
  // Counted for the SMS alarms (the CodesSent metric, and CodesVerified 0 beside it for the share
  // answered: infra/constructs/alarms.ts), and for the owner.
  logger.info(SMS_SENT_LOG_MESSAGE, { phone: maskPhone(phoneNumber) });
  countEvent(BUSINESS_METRICS.codesSent, [BUSINESS_METRICS.codesVerified]);
  // The funnel's step is the number's first code of the business day (kept in the limits table
  // beside the number's SMS budgets, expiring with them); every code counts for the SMS cost.
  const source = grant.source ? { source: { tag: grant.source, step: 'codes' as const } } : {};
  const day = businessDay(new Date(now), businessTimeZone());
  await markOnce(`code-number#${day}#${phoneNumber}`, Math.floor(now / 1000) + CODE_DAY_MARK_S)
    .then((first) =>
      addStats(new Date(now), {
        add: { codes: 1, ...(first ? { codeNumbers: 1 } : {}) },
        ...source,
      }),
    )
    .catch(warnOnFailure('could not count the code sent'));
  return digest;
}

/**
 * Whether starting a sign-in now would get a code: a reusable one exists, or every budget has
 * room. Read only; throws the first full budget's 429.
 */
export async function checkCanIssue(
  phoneNumber: string,
  deps: Pick<OtpDeliveryDeps, 'guard' | 'nowMs'>,
): Promise<void> {
  const now = deps.nowMs();
  // Both are reads: asked together (one round trip, not two), decided in order.
  const [reusable, budgets] = await Promise.allSettled([
    recentCode(phoneNumber, reuseRule(now)),
    deps.guard.check(phoneNumber, now),
  ]);
  if (settledValue(reusable) !== undefined) return;
  settledValue(budgets);
}

/**
 * After a correct answer the code is spent, and so is any grant still waiting for the number: no
 * later challenge may reuse the code, and no later sign-in started at Cognito may send one.
 */
export const spendCode = async (phoneNumber: string, digest: CodeDigest): Promise<void> => {
  await Promise.all([
    forgetCode(phoneNumber, digest.hash),
    takeCodeAuthorization(phoneNumber, Number.MIN_SAFE_INTEGER),
  ]);
};
