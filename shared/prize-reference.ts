/**
 * The prize reference of the counter's QR code (docs/security.md, "Scan to redeem"): an opaque,
 * signed, short-lived token naming one customer's prize, with nothing personal in it. The server
 * issues it to the verified winner's popup and resolves it only for staff.
 */
import * as z from './zod';
import { COUNTER_TEXT } from './messages-counter';

/** 16 random bytes of id and a 16-byte signature, as base64url: 43 characters. */
const PRIZE_REFERENCE_LENGTH = 43;

/**
 * A reference's life: long enough to walk from the table to the counter with the popup open (the
 * popup renews it a minute before it ends), short enough that a screenshot passed on is dead soon.
 */
export const PRIZE_REFERENCE_TTL_S = 5 * 60;

/** Body of POST /api/users/scan and POST /api/users/scan/redeem. */
export const prizeReferenceRequestSchema = z.strictObject({
  reference: z
    .string({ error: COUNTER_TEXT.referenceInvalid })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${PRIZE_REFERENCE_LENGTH}}$`), {
      error: COUNTER_TEXT.referenceInvalid,
    }),
});
export type PrizeReferenceRequest = z.infer<typeof prizeReferenceRequestSchema>;

/** POST /api/spins/mine/reference: a fresh reference and when it stops working (ISO time). */
export interface IssuedPrizeReference {
  reference: string;
  expiresAt: string;
}
