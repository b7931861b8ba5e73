/**
 * The SMS cost guard (docs/architecture.md, "SMS limits"): SMS pumping is this product's main money risk, so every
 * code sent is paid for out of four budgets at once, and none is spent unless all have room:
 *
 * - per number: SMS_LIMIT_PER_MINUTE a minute, SMS_LIMIT_PER_HOUR an hour, SMS_LIMIT_PER_DAY a day;
 * - per deployment: a cap an hour (SMS_HOURLY_CAP, default SMS_GLOBAL_HOURLY_CAP_DEFAULT) and a
 *   cap a day, 00:00 to 00:00 UTC (SMS_DAILY_CAP, default SMS_GLOBAL_DAILY_CAP_DEFAULT).
 *
 * The budgets are fixed windows (windowed-budget.ts): two codes may go out seconds apart across a
 * minute boundary, but the hour, day and global budgets still bound the spend, and the code reuse
 * in otp-delivery.ts keeps a retried Create from spending at all.
 */
import { challengeWorkFactor } from '@shared/challenge-work';
import {
  SMS_GLOBAL_DAILY_CAP_DEFAULT,
  SMS_GLOBAL_HOURLY_CAP_DEFAULT,
  SMS_LIMIT_PER_DAY,
  SMS_LIMIT_PER_HOUR,
  SMS_LIMIT_PER_MINUTE,
} from '@shared/constants';
import { badRequest, tooManyRequests, type AppError } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import { isInternationalMobile } from '@shared/phone-format';
import { intEnv } from '../lib/env';
import {
  readCounter,
  releaseCounters,
  reserveCounters,
  type CounterSpec,
} from '../repositories/limits';
import {
  budgetCounter,
  DAY_S,
  HOUR_S,
  MINUTE_S,
  secondsLeftInWindow,
  type WindowedBudget,
} from './windowed-budget';

export interface SmsLimits {
  perMinute: number;
  perHour: number;
  perDay: number;
  /** Codes the whole deployment may send in one hour. */
  globalHourlyCap: number;
  /** Codes the whole deployment may send in one UTC day. */
  globalDailyCap: number;
}

/** The product's limits, with the caps from SMS_HOURLY_CAP and SMS_DAILY_CAP when set. */
export const smsLimitsFromEnv = (): SmsLimits => ({
  perMinute: SMS_LIMIT_PER_MINUTE,
  perHour: SMS_LIMIT_PER_HOUR,
  perDay: SMS_LIMIT_PER_DAY,
  globalHourlyCap: intEnv('SMS_HOURLY_CAP', SMS_GLOBAL_HOURLY_CAP_DEFAULT),
  globalDailyCap: intEnv('SMS_DAILY_CAP', SMS_GLOBAL_DAILY_CAP_DEFAULT),
});

interface Budget extends WindowedBudget {
  /** Per number, or one counter for the deployment. */
  perNumber: boolean;
  /** The refusal, with the seconds until the budget's window ends. */
  error: (retryAfterSeconds: number) => AppError;
}

/** Enforces the SMS limits; construct once per container. */
export class SmsCostGuard {
  private readonly budgets: readonly Budget[];

  constructor(limits: SmsLimits) {
    this.budgets = [
      {
        name: 'sms#minute',
        windowSeconds: MINUTE_S,
        limit: limits.perMinute,
        perNumber: true,
        error: (retry) => tooManyRequests('SMS_PER_MINUTE', API_MESSAGES.smsPerMinute, retry),
      },
      {
        name: 'sms#hour',
        windowSeconds: HOUR_S,
        limit: limits.perHour,
        perNumber: true,
        error: (retry) => tooManyRequests('SMS_PER_HOUR', API_MESSAGES.smsPerHour, retry),
      },
      {
        name: 'sms#day',
        windowSeconds: DAY_S,
        limit: limits.perDay,
        perNumber: true,
        error: (retry) => tooManyRequests('SMS_PER_DAY', API_MESSAGES.smsPerDay, retry),
      },
      {
        name: 'sms#global-hour',
        windowSeconds: HOUR_S,
        limit: limits.globalHourlyCap,
        perNumber: false,
        error: (retry) => tooManyRequests('SMS_GLOBAL_CAP', API_MESSAGES.smsGlobalCap, retry),
      },
      {
        name: 'sms#global-day',
        windowSeconds: DAY_S,
        limit: limits.globalDailyCap,
        perNumber: false,
        error: (retry) => tooManyRequests('SMS_DAILY_CAP', API_MESSAGES.smsGlobalCap, retry),
      },
    ];
  }

  /** The counters one SMS to `phoneNumber` at `nowMs` spends from, in budget order. */
  counters(phoneNumber: string, nowMs: number): CounterSpec[] {
    return this.budgets.map((budget) =>
      budgetCounter(budget, budget.perNumber ? phoneNumber : 'all', nowMs),
    );
  }

  /**
   * Read-only check, for POST /api/otp/start to answer a clear 429 before the browser starts a
   * sign-in. It spends nothing: reserve() in CreateAuthChallenge is the one that counts.
   */
  async check(phoneNumber: string, nowMs: number): Promise<void> {
    assertAustralianMobile(phoneNumber);
    const specs = this.counters(phoneNumber, nowMs);
    const counts = await Promise.all(
      specs.map((spec) => readCounter(spec.key, Math.floor(nowMs / 1000))),
    );
    const full = counts.findIndex((count, i) => count >= (specs[i]?.limit ?? 0));
    if (full >= 0) throw this.refusal(full, nowMs);
  }

  /**
   * The proof-of-work factor a code costs now (shared/challenge-work.ts): it rises as the
   * deployment's sends this hour near the hourly cap. One read.
   */
  async workFactor(nowMs: number): Promise<number> {
    const deployment = this.budgets.find((budget) => !budget.perNumber)!;
    const spec = budgetCounter(deployment, 'all', nowMs);
    const sent = await readCounter(spec.key, Math.floor(nowMs / 1000));
    return challengeWorkFactor(sent, deployment.limit);
  }

  /** Spends one SMS from every budget, or none if any is used up (throws that budget's 429). */
  async reserve(phoneNumber: string, nowMs: number): Promise<void> {
    assertAustralianMobile(phoneNumber);
    const result = await reserveCounters(this.counters(phoneNumber, nowMs));
    if (!result.ok) throw this.refusal(result.failedIndex, nowMs);
  }

  /** The refusal of the budget at `index`, saying when its window ends. */
  private refusal(index: number, nowMs: number): AppError {
    const budget = this.budgets[index] ?? this.budgets[0]!;
    return budget.error(secondsLeftInWindow(budget, nowMs));
  }

  /**
   * Gives back what reserve() spent at `nowMs` when the SMS was not sent after all: a provider
   * failure must not cost the visitor the minute (or the deployment its caps).
   */
  async release(phoneNumber: string, nowMs: number): Promise<void> {
    await releaseCounters(this.counters(phoneNumber, nowMs));
  }
}

/** Codes go to Australian mobiles (+614XXXXXXXX) only: premium and foreign numbers are refused. */
export function assertAustralianMobile(phoneNumber: string): void {
  if (!isInternationalMobile(phoneNumber))
    throw badRequest('NOT_AU_MOBILE', API_MESSAGES.notAustralianMobile);
}
