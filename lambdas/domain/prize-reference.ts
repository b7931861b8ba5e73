/**
 * Scan to redeem (docs/security.md, "Scan to redeem"): the verified winner's popup shows a QR code
 * of a prize reference, which the counter's scanner hands to the staff routes.
 *
 * A reference is 16 random bytes of id and a 16-byte HMAC of that id, as base64url. The id names a
 * limits-table item holding the customer's number and an expiry 5 minutes on: the code itself
 * carries no number and nothing personal, is refused unless our key signed it (a guessed or
 * altered code is told apart from an expired one without a read), and stops working with its item.
 * The popup asks for a new one each time it shows and before the last one runs out, so an old
 * screenshot is dead within minutes. Only staff routes resolve it.
 *
 * Not single-use: a scan is a look-up, and scanning again shows the prize as it now is
 * ("Redeemed ... by ..."). Redeeming stays once per customer (the customers repository's
 * conditional update), so no reference, however often replayed, redeems twice, and it can only
 * ever redeem the one customer it names.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { badRequest } from '@shared/errors';
import { COUNTER_TEXT } from '@shared/messages-counter';
import { PRIZE_REFERENCE_TTL_S, type IssuedPrizeReference } from '@shared/prize-reference';
import { originDerivedKey } from '../lib/secrets';
import { getPrizeReference, putPrizeReference } from '../repositories/prize-references';

const ID_BYTES = 16;
const TAG_BYTES = 16;

/**
 * The key that signs references, and the one place it is read: derived from the deployment's
 * origin secret (docs/deploy.md, "Secrets"), as the spin-first challenge keys and the visits key
 * are, under a purpose of its own: from its current value, read from Secrets Manager
 * (lib/secrets.ts).
 */
const prizeReferenceKey = (): Promise<Buffer> => originDerivedKey('prize-reference');

const tagOf = (key: Buffer, id: Buffer): Buffer =>
  createHmac('sha256', key).update(id).digest().subarray(0, TAG_BYTES);

/** A fresh reference to the prize of `phoneNumber` (+61 form), valid PRIZE_REFERENCE_TTL_S. */
export async function issuePrizeReference(
  phoneNumber: string,
  now: Date,
): Promise<IssuedPrizeReference> {
  const id = randomBytes(ID_BYTES);
  const expiresAt = Math.floor(now.getTime() / 1000) + PRIZE_REFERENCE_TTL_S;
  const tag = tagOf(await prizeReferenceKey(), id);
  await putPrizeReference(id.toString('base64url'), phoneNumber, expiresAt);
  return {
    reference: Buffer.concat([id, tag]).toString('base64url'),
    expiresAt: new Date(expiresAt * 1000).toISOString(),
  };
}

/**
 * The number (+61 form) a reference names. 400 PRIZE_REFERENCE_INVALID when we did not sign it
 * (nothing is read); 400 PRIZE_REFERENCE_EXPIRED when it is past its expiry or gone.
 */
export async function resolvePrizeReference(reference: string, now: Date): Promise<string> {
  const bytes = Buffer.from(reference, 'base64url');
  // Only the one spelling we issue: base64url's last character has spare bits.
  if (bytes.length !== ID_BYTES + TAG_BYTES || bytes.toString('base64url') !== reference)
    throw badRequest('PRIZE_REFERENCE_INVALID', COUNTER_TEXT.referenceInvalid);
  const id = bytes.subarray(0, ID_BYTES);
  if (!timingSafeEqual(bytes.subarray(ID_BYTES), tagOf(await prizeReferenceKey(), id)))
    throw badRequest('PRIZE_REFERENCE_INVALID', COUNTER_TEXT.referenceInvalid);
  const stored = await getPrizeReference(id.toString('base64url'));
  if (!stored || stored.expiresAt <= Math.floor(now.getTime() / 1000))
    throw badRequest('PRIZE_REFERENCE_EXPIRED', COUNTER_TEXT.referenceExpired);
  return stored.phoneNumber;
}
