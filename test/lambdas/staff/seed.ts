/** Seeds customers through the real repository (one transaction each, as a spin records them). */
import { putCustomerOnce } from '../../../lambdas/repositories/customers';
import { addSlice } from '../../../lambdas/domain/slices-admin';
import type { Customer } from '@shared/types';
import { sliceInput } from '../../support/records';

let sliceOnce: Promise<{ id: string; stock: null }> | undefined;

/** The one prize slice (unlimited stock) seeded customers of this test file hang on. */
export function seedSlice(): Promise<{ id: string; stock: null }> {
  sliceOnce ??= addSlice(
    sliceInput({ name: 'FREE CHIPS', comment: 'Min spend $10' }),
    new Date(),
  ).then((slice) => ({ id: slice.id, stock: null }));
  return sliceOnce;
}

/** Customer number n: local 04 + n padded to 8 digits. */
export function customerFixture(
  n: number,
  sliceId: string,
  createdAt: string,
  offer = 'FREE CHIPS',
): Customer {
  const localNumber = `04${String(n).padStart(8, '0')}`;
  return {
    phoneNumber: `+61${localNumber.slice(1)}`,
    localNumber,
    offer,
    sliceId,
    isOfferClaimed: false,
    createdAt,
  };
}

/** Puts customers with at most `concurrency` writes in flight. */
export async function seedCustomers(
  customers: Customer[],
  slice: { id: string; stock: null },
  concurrency = 16,
) {
  let next = 0;
  const worker = async () => {
    while (next < customers.length) {
      const customer = customers[next++]!;
      const result = await putCustomerOnce(customer, slice);
      if (result !== 'recorded') throw new Error(`seeding ${customer.localNumber}: ${result}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
