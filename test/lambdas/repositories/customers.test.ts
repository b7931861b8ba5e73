import { describe, expect, it } from 'vitest';
import {
  getCustomer,
  listCustomers,
  putCustomerOnce,
  redeemCustomer,
} from '../../../lambdas/repositories/customers';
import { listCustomersPage } from '../../../lambdas/domain/customers';
import { addSlice } from '../../../lambdas/domain/slices-admin';
import { aCustomer, sliceInput } from '../../support/records';

const customer = (n: number, sliceId: string, createdAt: string) =>
  aCustomer(n, { sliceId, createdAt });

describe('customers repository', () => {
  it('records one win per number and decrements stock within one transaction', async () => {
    // Prepare
    const slice = await addSlice(sliceInput({ name: 'Chips', stock: 1 }), new Date());
    const first = customer(1, slice.id, '2026-01-01T00:00:00.000Z');
    // Act
    const results = [
      await putCustomerOnce(first, slice),
      await putCustomerOnce(first, slice),
      await putCustomerOnce(customer(2, slice.id, '2026-01-01T00:00:01.000Z'), slice),
    ];
    // Assess
    expect(results).toEqual(['recorded', 'already-has-reward', 'out-of-stock']);
    expect(await getCustomer(first.phoneNumber)).toEqual(first);
    expect(await getCustomer('+61400000002')).toBeUndefined();
  });

  it('redeems once and reports a second redeem and a missing number', async () => {
    const slice = await addSlice(sliceInput({ name: 'Burger' }), new Date());
    const c = customer(10, slice.id, '2026-01-02T00:00:00.000Z');
    await putCustomerOnce(c, slice);
    const at = '2026-01-03T00:00:00.000Z';
    expect(await redeemCustomer(c.phoneNumber, 'operator', at)).toEqual({
      status: 'redeemed',
      customer: { ...c, isOfferClaimed: true, redeemedAt: at, redeemedBy: 'operator' },
    });
    expect(await redeemCustomer(c.phoneNumber, 'operator', at)).toEqual({
      status: 'already-redeemed',
    });
    expect(await redeemCustomer('+61499999999', 'operator', at)).toEqual({ status: 'not-found' });
  });

  it('lists newest first across pages and rejects a forged cursor', async () => {
    const slice = await addSlice(sliceInput({ name: 'Drink' }), new Date());
    for (let i = 0; i < 5; i++) {
      await putCustomerOnce(customer(100 + i, slice.id, `2026-02-0${i + 1}T00:00:00.000Z`), slice);
    }
    const seen: string[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await listCustomers(startKey, 2);
      seen.push(...page.users.map((u) => u.createdAt));
      startKey = page.lastKey;
    } while (startKey);
    const mine = seen.filter((d) => d.startsWith('2026-02'));
    expect(mine).toEqual([...mine].sort().reverse());
    expect(mine).toHaveLength(5);
    // The browser's cursor is an opaque token the list hands out; one it did not is refused.
    await expect(
      listCustomersPage('not-a-cursor!', Math.floor(Date.now() / 1000)),
    ).rejects.toMatchObject({ status: 400 });
  });
});
