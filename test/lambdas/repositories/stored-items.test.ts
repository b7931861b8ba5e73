/**
 * Items are read through their record's schema (lambdas/lib/stored-items.ts): bad data in the
 * table is an error naming the table, the key and the field, never a record made up of defaults.
 * Before, a slice with a text weight read as weight 1, a broken business field as empty.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { dynamo } from '../../../lambdas/lib/dynamo-client';
import { tableName } from '../../../lambdas/lib/tables';
import { getCustomer } from '../../../lambdas/repositories/customers';
import {
  getBusinessSettings,
  getGameSettings,
  getSetupFacts,
} from '../../../lambdas/repositories/settings';
import { readCounter } from '../../../lambdas/repositories/limits';
import { getPrizeReference } from '../../../lambdas/repositories/prize-references';
import { getSlice } from '../../../lambdas/repositories/slices';
import { readStats } from '../../../lambdas/repositories/stats';
import { isTrustedClient, listTrustedClients } from '../../../lambdas/repositories/trusted-clients';

type Table = 'slices' | 'settings' | 'customers' | 'limits' | 'stats';

const put = (table: Table, item: Record<string, unknown>) =>
  dynamo().send(new PutCommand({ TableName: tableName(table), Item: item }));

const planted: { table: Table; key: Record<string, string> }[] = [];
afterEach(async () => {
  for (const { table, key } of planted.splice(0)) {
    await dynamo().send(new DeleteCommand({ TableName: tableName(table), Key: key }));
  }
});

describe('a stored item its schema refuses', () => {
  it('a slice with a text weight is an error naming the slice and the field', async () => {
    const id = randomUUID();
    planted.push({ table: 'slices', key: { id } });
    await put('slices', {
      id,
      name: 'Chips',
      comment: '',
      imageSrc: '',
      bgColor: '#ffffff',
      weight: '3',
      stock: null,
      validDays: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    await expect(getSlice(id)).rejects.toThrow(`bad slices item (id=${id}): weight:`);
  });

  it('the business document with a field not text, and game settings with an unknown mode', async () => {
    planted.push(
      { table: 'settings', key: { id: 'business' } },
      { table: 'settings', key: { id: 'game' } },
    );
    await put('settings', { id: 'business', businessName: 'Joe', email: 42 });
    await expect(getBusinessSettings()).rejects.toThrow('bad settings item (id=business): email:');
    await put('settings', { id: 'game', spinMode: 'spin-twice' });
    await expect(getGameSettings()).rejects.toThrow('bad settings item (id=game): spinMode:');
  });

  it('the "Get ready" facts with a time that is not text: an error, not "never happened"', async () => {
    // Before, a fact of the wrong type read as null: the list asked the admin to do it again.
    planted.push({ table: 'settings', key: { id: 'setup' } });
    await put('settings', { id: 'setup', printedAt: 1767225600, adminPasswordSetAt: 'x' });
    await expect(getSetupFacts()).rejects.toThrow('bad settings item (id=setup): printedAt:');
  });

  it('a customer without its prize, the number masked in the error', async () => {
    const phoneNumber = '+61499000123';
    planted.push({ table: 'customers', key: { phoneNumber } });
    await put('customers', {
      phoneNumber,
      localNumber: '0499000123',
      sliceId: 's1',
      createdAt: 'x',
      isOfferClaimed: false,
    });
    const error = await getCustomer(phoneNumber).catch((e: unknown) => e as Error);
    expect(String(error)).toContain('bad customers item (phoneNumber=+614*****123): offer:');
    expect(String(error)).not.toContain('499000123');
  });

  it('the trusted connections with an entry missing its time: an error, not a shorter list', async () => {
    // Before, such an entry was dropped from the list and the rest read as trusted.
    planted.push({ table: 'limits', key: { key: 'trusted-clients' } });
    await put('limits', {
      key: 'trusted-clients',
      clients: [{ client: '203.0.113.7', trustedAt: '2026-01-01T00:00:00.000Z' }, { client: 'x' }],
      version: 2,
    });
    await expect(listTrustedClients()).rejects.toThrow(
      'bad limits item (key=trusted-clients): clients.1.trustedAt:',
    );
    await expect(isTrustedClient('203.0.113.7')).rejects.toThrow('bad limits item');
  });

  it('a budget counter whose count is text: an error, where it read as 0 (a fresh budget)', async () => {
    const key = `sms#test#${randomUUID()}`;
    planted.push({ table: 'limits', key: { key } });
    await put('limits', { key, count: '7', expiresAt: 4_102_444_800 });
    await expect(readCounter(key, 0)).rejects.toThrow(`bad limits item (key=${key}): count:`);
  });

  it("a counter QR code's prize reference naming no number: an error, where it read as unknown", async () => {
    const id = randomUUID();
    planted.push({ table: 'limits', key: { key: `prize-reference#${id}` } });
    await put('limits', {
      key: `prize-reference#${id}`,
      phoneNumber: 61_400_000_000,
      expiresAt: 1,
    });
    await expect(getPrizeReference(id)).rejects.toThrow(
      `bad limits item (key=prize-reference#${id}): phoneNumber:`,
    );
  });

  it("a day's counter stored as text: an error naming the item, where it was left out of the sums", async () => {
    const day = '2031-02-03';
    planted.push({ table: 'stats', key: { id: `day#${day}#0` } });
    await put('stats', { id: `day#${day}#0`, spins: '4', codes: 2 });
    await expect(readStats([day])).rejects.toThrow(`bad stats item (id=day#${day}#0): spins:`);
  });
});
