/**
 * Test data built in one place, from the records' schemas (docs/architecture.md, "One schema per
 * record"): a builder per record takes only what a test cares about and fills the rest by the
 * schema's own defaults (a slice) or plain values, then parses the result through the schema, so a
 * field added to a record reaches every test that builds one.
 */
import { randomUUID } from 'node:crypto';
import { customerSchema, type Customer } from '@shared/customer';
import {
  publicSliceSchema,
  sliceInputSchema,
  sliceSchema,
  type PublicSlice,
  type Slice,
  type SliceInput,
} from '@shared/slice';

/** A slice as the admin adds it: the name given or 'Prize', the create's defaults for the rest. */
export const sliceInput = (fields: Partial<SliceInput> = {}): SliceInput =>
  sliceInputSchema.parse({ name: 'Prize', ...fields });

/** A stored slice, made now unless the fields say otherwise. */
export function aSlice(fields: Partial<Slice> = {}): Slice {
  const now = new Date().toISOString();
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...own } = fields;
  return sliceSchema.parse({
    id: randomUUID(),
    ...sliceInput(own),
    createdAt: now,
    updatedAt: now,
    ...fields,
  });
}

/** What the wheel page sees of a slice (`aSlice`'s fields), not sold out unless told. */
export const aPublicSlice = (fields: Partial<PublicSlice> = {}): PublicSlice => {
  const { soldOut = false, ...own } = fields;
  return publicSliceSchema.parse({ ...aSlice(own), soldOut });
};

/** A customer who won `sliceId`'s prize with the nth test number (+614000000nn), not redeemed. */
export function aCustomer(n: number, fields: Partial<Customer> = {}): Customer {
  const local = `04${String(n).padStart(8, '0')}`;
  return customerSchema.parse({
    phoneNumber: `+61${local.slice(1)}`,
    localNumber: local,
    offer: 'FREE CHIPS',
    sliceId: 'slice',
    isOfferClaimed: false,
    createdAt: new Date().toISOString(),
    ...fields,
  });
}
