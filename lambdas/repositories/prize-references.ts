/**
 * The counter's prize references (lambdas/domain/prize-reference.ts): a random id naming the
 * customer whose prize a win popup's QR code shows, kept in the limits table for a few minutes
 * (TTL `expiresAt`; deletion is lazy, so readers check the expiry themselves).
 */
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import * as z from '@shared/zod';
import { defineItem, getItem } from '../lib/items';

const keyOf = (id: string) => `prize-reference#${id}`;

/** What a stored reference names, and until when (epoch seconds). */
const storedPrizeReferenceSchema = z.object({
  phoneNumber: z.string().min(1),
  expiresAt: z.number(),
});
type StoredPrizeReference = z.infer<typeof storedPrizeReferenceSchema>;
const PrizeReferenceItem = defineItem({
  name: 'prize-reference',
  table: 'limits',
  record: storedPrizeReferenceSchema,
});

/** Stores a new reference; fails if the id already exists (it never should: 128 random bits). */
export async function putPrizeReference(
  id: string,
  phoneNumber: string,
  expiresAtSeconds: number,
): Promise<void> {
  await PrizeReferenceItem.build(PutItemCommand)
    .item({ key: keyOf(id), phoneNumber, expiresAt: expiresAtSeconds })
    .options({ condition: { attr: 'key', exists: false } })
    .send();
}

/** The stored reference with this id, whatever its expiry; undefined when there is none. */
export async function getPrizeReference(id: string): Promise<StoredPrizeReference | undefined> {
  // The schema keeps what the reference names: the item's key is left out of what is returned.
  return getItem(PrizeReferenceItem, { key: keyOf(id) }, { consistent: true });
}
