/**
 * The spin: the server draws the prize (weights, stock) and records the customer in one
 * transaction. A number that already has a reward always gets that saved prize back, never a new
 * draw; a draw that loses a race (stock just ran out, slice deleted, transaction conflict) draws
 * again from fresh data, a bounded number of times.
 */
import { randomInt as cryptoRandomInt } from 'node:crypto';
import { drawableSlices, drawPrize, type RandomInt } from '@shared/draw';
import { AppError, conflict } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import { MESSAGES } from '@shared/messages';
import { toLocal } from '@shared/phone-format';
import { prizeExpiresAt } from '@shared/prize-validity';
import type { Customer, Slice, SpinResult } from '@shared/types';
import { BUSINESS_METRICS } from '@shared/definitions';
import { retryingConflicts } from '../lib/conflict-retry';
import { countEvent } from '../lib/metrics';
import { getCustomer, putCustomerOnce } from '../repositories/customers';
import { getSlice, listSlices } from '../repositories/slices';

/**
 * Draw-and-record attempts before giving up with a 503. Each lost race re-reads the customer
 * first, so a concurrent spin for the same number ends on its saved prize at the next attempt.
 */
const MAX_DRAW_ATTEMPTS = 8;
/** Upper bound of the random pause after a transaction conflict, times the attempt number. */
const CONFLICT_BACKOFF_MS = 25;

/** Uniform integer in [0, max), from the CSPRNG: a draw nobody can predict. */
const randomInt: RandomInt = (max) => cryptoRandomInt(max);

/** What the winner's page shows of a recorded win: the number, when, until when, redeemed when. */
const wonFields = (
  customer: Customer,
): Pick<SpinResult, 'localNumber' | 'wonAt' | 'expiresAt' | 'redeemedAt'> => ({
  localNumber: customer.localNumber,
  wonAt: customer.createdAt,
  ...(customer.expiresAt ? { expiresAt: customer.expiresAt } : {}),
  ...(customer.isOfferClaimed && customer.redeemedAt ? { redeemedAt: customer.redeemedAt } : {}),
});

/**
 * The prize saved for a customer, with the condition saved with the win; a record from before
 * conditions were saved falls back to the slice's current comment ('' once deleted).
 */
async function savedSpin(customer: Customer): Promise<SpinResult> {
  const comment = customer.condition ?? (await getSlice(customer.sliceId))?.comment ?? '';
  return {
    sliceId: customer.sliceId,
    offer: customer.offer,
    comment,
    ...wonFields(customer),
  };
}

/** The saved prize of a number, or undefined when it has not spun. */
export async function findSavedSpin(phoneNumber: string): Promise<SpinResult | undefined> {
  const customer = await getCustomer(phoneNumber);
  return customer ? savedSpin(customer) : undefined;
}

const noPrizes = () => conflict('NO_PRIZES', API_MESSAGES.noPrizes);

/** Draws one slice that can be won now; 409 when none can. */
export async function drawSlice(): Promise<Slice> {
  const slice = drawPrize(await listSlices(), randomInt);
  if (!slice) throw noPrizes();
  return slice;
}

/**
 * Gives `phoneNumber` (+61 form) its prize: the saved one if it has one, else a fresh server draw
 * recorded atomically. `preferredSliceId` (a spin-first ticket's slice) is tried first while it
 * can still be won.
 */
export async function drawAndRecord(
  phoneNumber: string,
  options: { preferredSliceId?: string; source?: string } = {},
): Promise<SpinResult> {
  let preferred = options.preferredSliceId;
  // A spin-first ticket exchanged for its win: counted as a ticket spin for the insights.
  const ticketSpin = options.preferredSliceId !== undefined;
  return retryingConflicts<SpinResult>(
    async () => {
      const existing = await getCustomer(phoneNumber);
      if (existing) return { result: await savedSpin(existing) };

      const slices = await listSlices();
      const slice =
        drawableSlices(slices).find((s) => s.id === preferred) ?? drawPrize(slices, randomInt);
      if (!slice) throw noPrizes();
      preferred = undefined;

      const wonAt = new Date();
      const expiresAt = prizeExpiresAt(wonAt, slice.validDays);
      const customer: Customer = {
        phoneNumber,
        localNumber: toLocal(phoneNumber),
        offer: slice.name,
        // What was promised, kept with the win: a later edit of the slice does not change it.
        condition: slice.comment,
        sliceId: slice.id,
        isOfferClaimed: false,
        createdAt: wonAt.toISOString(),
        ...(expiresAt ? { expiresAt } : {}),
      };
      const result = await putCustomerOnce(customer, slice, {
        ticketSpin,
        ...(options.source ? { source: options.source } : {}),
      });
      if (result === 'recorded') {
        countEvent(BUSINESS_METRICS.spins);
        return {
          result: {
            sliceId: slice.id,
            offer: slice.name,
            comment: slice.comment,
            ...wonFields(customer),
          },
        };
      }
      if (result === 'erased') throw conflict('ALREADY_HAS_REWARD', MESSAGES.alreadyHasReward);
      // 'already-has-reward': the next attempt returns the saved prize; 'out-of-stock' and
      // 'slice-gone': the next attempt draws from fresh data.
      return { retry: result === 'conflict' ? 'after-pause' : 'at-once' };
    },
    {
      attempts: MAX_DRAW_ATTEMPTS,
      backoffMs: CONFLICT_BACKOFF_MS,
      exhausted: () => new AppError('SPIN_BUSY', 503, API_MESSAGES.spinBusy),
    },
  );
}
