import { describe, expect, it } from 'vitest';
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../lambdas/lib/dynamo-client';
import { tableName } from '../../../lambdas/lib/tables';
import { putCustomerOnce } from '../../../lambdas/repositories/customers';
import { readStats } from '../../../lambdas/repositories/stats';
import type { Customer } from '@shared/types';
import { addSlice } from '../visitor/support';
import { drainStatsStream } from '../../support/stats-stream';

const win = (n: number, sliceId: string, createdAt: string): Customer => {
  const local = `04${String(n).padStart(8, '0')}`;
  return {
    phoneNumber: `+61${local.slice(1)}`,
    localNumber: local,
    offer: 'Chips',
    sliceId,
    isOfferClaimed: false,
    createdAt,
  };
};

/** The stats items of one business day, every shard. */
const itemsOf = async (day: string) => {
  const { Items = [] } = await dynamo().send(new ScanCommand({ TableName: tableName('stats') }));
  return Items.filter((item) => String(item.id).startsWith(`day#${day}#`));
};
const total = (items: Record<string, unknown>[], attribute: string) =>
  items.reduce((sum, item) => sum + (typeof item[attribute] === 'number' ? item[attribute] : 0), 0);

describe('stats repository', () => {
  it('still counts ticket spins stored under their former name, and writes new ones under the new name only', async () => {
    // Prepare: a day written before the rename, its ticket spins stored as `claims`.
    const day = '2026-04-01';
    await dynamo().send(
      new PutCommand({
        TableName: tableName('stats'),
        Item: { id: `day#${day}#0`, spins: 2, claims: 2 },
      }),
    );
    const slice = await addSlice('Chips');
    // 10:00 on 1 April in Sydney: one ticket spin and one plain spin the same day.
    const at = '2026-04-01T00:00:00.000Z';
    // Act
    expect(await putCustomerOnce(win(601, slice.id, at), slice, { ticketSpin: true })).toBe(
      'recorded',
    );
    expect(await putCustomerOnce(win(602, slice.id, at), slice)).toBe('recorded');
    // Assess
    await drainStatsStream();
    const [stats] = await readStats([day]);
    expect(stats!.counts).toMatchObject({ spins: 4, ticketSpins: 3 });
    const items = await itemsOf(day);
    expect(total(items, 'claims')).toBe(2);
    expect(total(items, 'ticketSpins')).toBe(1);
  });
});
