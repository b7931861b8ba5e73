/**
 * A customer: a phone number with its one saved prize (docs/architecture.md, "Glossary"). The
 * record's one schema; its type is read from it, and the customers repository reads every item
 * through it (the item's index attributes are not part of the record and are left out).
 */
import * as z from './zod';

export const customerSchema = z.object({
  /** International form, +614XXXXXXXX: the key. */
  phoneNumber: z.string().min(1),
  /** Local form, 04XXXXXXXX. */
  localNumber: z.string().min(1),
  /** The prize name won. */
  offer: z.string(),
  /**
   * The prize's condition (the slice's comment) as it was when won: what was promised, whatever
   * the slice says later. Absent on records written before it was saved.
   */
  condition: z.string().optional(),
  sliceId: z.string().min(1),
  /** The spec's name: true once staff redeemed the prize. */
  isOfferClaimed: z.boolean(),
  createdAt: z.string().min(1),
  redeemedAt: z.string().optional(),
  /** Username of the staff member who redeemed it. */
  redeemedBy: z.string().optional(),
  /** When the prize can no longer be redeemed; absent when it never expires. */
  expiresAt: z.string().optional(),
});
export type Customer = z.infer<typeof customerSchema>;
