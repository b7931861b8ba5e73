/**
 * Fixed-window budgets: "at most `limit` uses per `windowSeconds`, per owner". Each window is one
 * counter item in the limits table whose key names the budget, the owner and the window (aligned
 * to the epoch, so days run from 00:00 UTC); it is raised with a conditional write, so there is no
 * read-modify-write race, and old windows expire by TTL. The price of fixed windows is a burst at a
 * boundary (two uses seconds apart across it); longer budgets still bound the total.
 */
import type { CounterSpec } from '../repositories/limits';

export const MINUTE_S = 60;
export const HOUR_S = 60 * MINUTE_S;
export const DAY_S = 24 * HOUR_S;
/** Counters outlive their window by this much before TTL may remove them (TTL is lazy anyway). */
const EXPIRY_SLACK_S = MINUTE_S;

export interface WindowedBudget {
  /** Names the budget in counter keys, e.g. "sms#hour". */
  name: string;
  windowSeconds: number;
  limit: number;
}

/** The counter `owner` spends from in `budget` at `nowMs`. */
export function budgetCounter(budget: WindowedBudget, owner: string, nowMs: number): CounterSpec {
  const window = Math.floor(Math.floor(nowMs / 1000) / budget.windowSeconds);
  return {
    key: `${budget.name}#${owner}#${window}`,
    limit: budget.limit,
    expiresAt: (window + 1) * budget.windowSeconds + EXPIRY_SLACK_S,
  };
}

/** Seconds from `nowMs` until `budget`'s current window ends (its counters start afresh). */
export function secondsLeftInWindow(budget: WindowedBudget, nowMs: number): number {
  const window = Math.floor(Math.floor(nowMs / 1000) / budget.windowSeconds);
  return Math.max(1, Math.ceil((window + 1) * budget.windowSeconds - nowMs / 1000));
}
