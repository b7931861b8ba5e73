/**
 * Prize validity: a slice may say how many days a win of it stays redeemable. The win records the
 * moment it expires (exactly that many days after the win); staff see it, and the redeem refuses a
 * prize past it.
 */
import { DAY_MS } from './business-day';
import { BUSINESS_TIME_ZONE_DEFAULT } from './constants';
import type { Customer } from './types';

/** When a prize won at `wonAt` expires, or undefined for a prize without expiry. */
export function prizeExpiresAt(wonAt: Date, validDays: number | null): string | undefined {
  return validDays === null
    ? undefined
    : new Date(wonAt.getTime() + validDays * DAY_MS).toISOString();
}

/** True once the customer's prize can no longer be redeemed. */
export const isPrizeExpired = (customer: Pick<Customer, 'expiresAt'>, now: Date): boolean =>
  customer.expiresAt !== undefined && Date.parse(customer.expiresAt) <= now.getTime();

/**
 * The unredeemed rule, one home for both sides: an offer still to redeem is neither redeemed nor
 * expired. The staff list's "unredeemed" filter (lambdas/repositories/customers.ts, as a DynamoDB
 * filter expression over the same two fields) and the browser's live list both mean this.
 */
export const isUnredeemed = (
  customer: Pick<Customer, 'isOfferClaimed' | 'expiresAt'>,
  now: Date,
): boolean => !customer.isOfferClaimed && !isPrizeExpired(customer, now);

/** A moment as staff read it, in the business's time zone: "30 Nov 2026, 3:04 pm". */
export function formatBusinessTime(iso: string, timeZone = BUSINESS_TIME_ZONE_DEFAULT): string {
  return new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}
