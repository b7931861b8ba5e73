/**
 * Code requests refused, counted per business day by reason (shared/types.ts REFUSAL_REASONS) so
 * the owner sees in Insights when visitors are turned away, and why. The reason of each refusal
 * is named here once, by the code of its 429.
 */
import { isAppError } from '@shared/errors';
import type { RefusalReason } from '@shared/types';
import { warnOnFailure } from '../lib/logger';
import type { StatCounter } from '@shared/day-stats';
import { addStats } from '../repositories/stats';

const REASON_OF_CODE: Readonly<Record<string, RefusalReason>> = {
  CLIENT_CODE_LIMIT: 'connection',
  CLIENT_LOOKUP_LIMIT: 'connection',
  CLIENT_NETWORK_LIMIT: 'connection',
  CLIENT_NUMBER_LIMIT: 'number',
  SMS_PER_MINUTE: 'number',
  SMS_PER_HOUR: 'number',
  SMS_PER_DAY: 'number',
  SMS_GLOBAL_CAP: 'cap',
  SMS_DAILY_CAP: 'cap',
};

export const REFUSAL_COUNTERS: Readonly<Record<RefusalReason, StatCounter>> = {
  connection: 'refusedConnection',
  number: 'refusedNumber',
  cap: 'refusedCap',
};

/** The reason of a code refusal; undefined for any other error. */
const refusalReason = (error: unknown): RefusalReason | undefined =>
  isAppError(error) && error.status === 429 ? REASON_OF_CODE[error.code] : undefined;

/** Counts `error` when it refused a code (a failed count is logged, never thrown). */
export async function countRefusal(error: unknown, at: Date): Promise<void> {
  const reason = refusalReason(error);
  if (!reason) return;
  await addStats(at, { add: { [REFUSAL_COUNTERS[reason]]: 1 } }).catch(
    warnOnFailure('could not count the refused code'),
  );
}
