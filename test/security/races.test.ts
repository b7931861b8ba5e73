/**
 * Races against DynamoDB Local at the sizes, through the real handlers: 200 spins for one
 * number, 500 spins across numbers for a prize with a stock of 5, 200 redeems of one offer, slice
 * adds at 9 slices, and concurrent settings saves. Each race checks its invariant in the stored
 * data, not only in the answers.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lambdas/lib/dynamo-client';
import { handler as createSliceHandler } from '../../lambdas/handlers/create-slice';
import { handler as createSpin } from '../../lambdas/handlers/create-spin';
import { handler as putBusiness } from '../../lambdas/handlers/put-business-settings';
import { handler as redeemUser } from '../../lambdas/handlers/redeem-user';
import { getCustomer } from '../../lambdas/repositories/customers';
import { getBusinessSettings } from '../../lambdas/repositories/settings';
import { deleteSlice, getSlice, listSlices } from '../../lambdas/repositories/slices';
import { MAX_SLICES } from '@shared/constants';
import { SLICE_COUNT_ID } from '@shared/definitions';
import { addSlice, testPhone } from '../lambdas/visitor/support';
import { httpEvent, statusAndBody, visitorTokenFor } from '../support/http-event';
import { writeSummary } from './support';

async function scanAll(table: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, never> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: process.env[table],
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey as Record<string, never> | undefined;
  } while (start);
  return items;
}

let racesRun = 0;
let concurrentRequests = 0;
let violations = 0;

/** Counts a race and whether its invariant held; the test's own expects then report the detail. */
function record(requests: number, invariantHeld: boolean): void {
  racesRun++;
  concurrentRequests += requests;
  if (!invariantHeld) violations++;
}

afterAll(() => {
  writeSummary('races', {
    label: 'races run',
    count: racesRun,
    dataChanges: violations,
    detail: `${concurrentRequests} concurrent requests`,
  });
});

describe('races on DynamoDB Local', () => {
  it('records one customer when one number spins 200 times at once', async () => {
    // Prepare
    const slice = await addSlice('Free Side', 1, null);
    const { intl } = testPhone(7_000);
    const event = () => httpEvent({ body: {}, tokenFields: visitorTokenFor(intl) });

    // Act
    const answers = (await Promise.all(Array.from({ length: 200 }, () => createSpin(event())))).map(
      statusAndBody,
    );

    // Assess
    const customers = (await scanAll('CUSTOMERS_TABLE')).filter((c) => c.phoneNumber === intl);
    const statuses = new Set(answers.map((a) => a.status));
    const prizes = new Set(answers.map((a) => a.body.sliceId));
    record(200, customers.length === 1 && statuses.size === 1 && prizes.size === 1);
    expect(customers).toHaveLength(1);
    expect([...statuses]).toEqual([200]);
    expect([...prizes]).toEqual([slice.id]);
    await deleteSlice(slice.id);
  }, 120_000);

  it('never gives away more than the stock of 5 when 500 numbers spin at once', async () => {
    // Prepare
    const scarce = await addSlice('Free Main', 10, 5);
    const plenty = await addSlice('Free Drink', 1, null);
    const numbers = Array.from({ length: 500 }, (_, i) => testPhone(8_000 + i).intl);

    // Act
    const answers = (
      await Promise.all(
        numbers.map((n) => createSpin(httpEvent({ body: {}, tokenFields: visitorTokenFor(n) }))),
      )
    ).map(statusAndBody);

    // Assess
    const customers = (await scanAll('CUSTOMERS_TABLE')).filter((c) =>
      numbers.includes(String(c.phoneNumber)),
    );
    const wonScarce = customers.filter((c) => c.sliceId === scarce.id).length;
    const stockLeft = (await getSlice(scarce.id))?.stock;
    const ok = answers.filter((a) => a.status === 200).length;
    const busy = answers.filter((a) => a.status === 503 && a.body.code === 'SPIN_BUSY').length;
    // A number answered 200 has exactly its prize stored; a 503 left nothing behind.
    const consistent = await Promise.all(
      answers.map(async (a, i) => {
        const stored = await getCustomer(numbers[i]!);
        return a.status === 200 ? stored?.sliceId === a.body.sliceId : stored === undefined;
      }),
    );
    const held =
      wonScarce <= 5 &&
      stockLeft === 5 - wonScarce &&
      ok + busy === 500 &&
      consistent.every(Boolean);
    record(500, held);
    expect(wonScarce).toBe(5);
    expect(stockLeft).toBe(0);
    expect(ok + busy).toBe(500);
    expect(customers).toHaveLength(ok);
    expect(consistent.every(Boolean)).toBe(true);
    await deleteSlice(scarce.id);
    await deleteSlice(plenty.id);
  }, 180_000);

  it('redeems an offer once when 200 staff requests race', async () => {
    // Prepare: a customer from the first race
    const { local, intl } = testPhone(7_000);
    const event = () => httpEvent({ body: { phoneNumber: local }, caller: 'operator' });

    // Act
    const answers = (await Promise.all(Array.from({ length: 200 }, () => redeemUser(event())))).map(
      statusAndBody,
    );

    // Assess
    const wins = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter(
      (a) => a.status === 409 && a.body.code === 'ALREADY_REDEEMED',
    ).length;
    const stored = await getCustomer(intl);
    record(200, wins === 1 && refused === 199 && stored?.isOfferClaimed === true);
    expect([wins, refused]).toEqual([1, 199]);
    expect(stored).toMatchObject({ isOfferClaimed: true, redeemedBy: 'operator' });
  }, 120_000);

  it('never passes 10 slices when 40 adds race at 9', async () => {
    // Prepare: exactly 9 slices
    for (const slice of await listSlices()) await deleteSlice(slice.id);
    for (let i = 0; i < MAX_SLICES - 1; i++) await addSlice(`Prize ${i}`);
    const event = (i: number) => httpEvent({ body: { name: `Race ${i}` }, caller: 'admin' });

    // Act
    const answers = (
      await Promise.all(Array.from({ length: 40 }, (_, i) => createSliceHandler(event(i))))
    ).map(statusAndBody);

    // Assess
    const created = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter((a) => a.status === 409).length;
    const stored = await listSlices();
    const counter = (await scanAll('SETTINGS_TABLE')).find((i) => i.id === SLICE_COUNT_ID);
    record(40, created === 1 && stored.length === MAX_SLICES && counter?.count === MAX_SLICES);
    expect([created, refused]).toEqual([1, 39]);
    expect(stored).toHaveLength(MAX_SLICES);
    expect(counter?.count).toBe(MAX_SLICES);
  }, 120_000);

  it('keeps one whole save when 60 full business saves race (last write wins, nothing mixed)', async () => {
    // Prepare
    const payload = (i: number) => ({
      businessName: `Shop ${i}`,
      website: `https://shop${i}.example.com`,
      email: `owner${i}@example.com`,
      phoneNumber: `02 0000 ${String(i).padStart(4, '0')}`,
      mapsUrl: `https://maps.example.com/${i}`,
      facebookUrl: `https://facebook.com/shop${i}`,
      instagramUrl: `https://instagram.com/shop${i}`,
      tiktokUrl: `https://tiktok.com/@shop${i}`,
      uberEatsUrl: `https://ubereats.com/shop${i}`,
    });

    // Act
    const answers = (
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          putBusiness(httpEvent({ body: payload(i), caller: 'admin' })),
        ),
      )
    ).map(statusAndBody);

    // Assess: the stored document is exactly one of the payloads
    const stored = await getBusinessSettings();
    const winner = Number(/^Shop (\d+)$/.exec(stored.businessName)?.[1]);
    const whole =
      Number.isInteger(winner) && expect.objectContaining(payload(winner)).asymmetricMatch(stored);
    record(60, answers.every((a) => a.status === 200) && whole);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(stored).toMatchObject(payload(winner));
  }, 120_000);

  it('keeps every field when 9 saves of different fields race', async () => {
    // Prepare
    const fields = {
      businessName: 'Merged Shop',
      website: 'https://merged.example.com',
      email: 'merged@example.com',
      phoneNumber: '02 9999 0000',
      mapsUrl: 'https://maps.example.com/merged',
      facebookUrl: 'https://facebook.com/merged',
      instagramUrl: 'https://instagram.com/merged',
      tiktokUrl: 'https://tiktok.com/@merged',
      uberEatsUrl: 'https://ubereats.com/merged',
    };

    // Act
    const answers = (
      await Promise.all(
        Object.entries(fields).map(([k, v]) =>
          putBusiness(httpEvent({ body: { [k]: v }, caller: 'admin' })),
        ),
      )
    ).map(statusAndBody);

    // Assess
    const stored = await getBusinessSettings();
    record(
      9,
      answers.every((a) => a.status === 200) &&
        expect.objectContaining(fields).asymmetricMatch(stored),
    );
    expect(stored).toMatchObject(fields);
  }, 60_000);
});
