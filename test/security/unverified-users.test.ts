/**
 * Finding 6 of the abuse round: otp/start creates a number's user before any code is sent, so
 * numbers asked for and never signed in with left a user and its record for good (20 calls, 20
 * users). The hourly clean-up (lambdas/triggers/unverified-cleanup.ts) deletes every user that did
 * not verify within a day; a verified visitor, a winner, and a number with a customer record stay.
 * Against the real stand-in and DynamoDB Local.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { deleteUnverifiedUsers } from '../../lambdas/domain/unverified-users';
import { dynamo } from '../../lambdas/lib/dynamo-client';
import { tableName } from '../../lambdas/lib/tables';
import { putCustomerOnce } from '../../lambdas/repositories/customers';
import { customerFixture, seedSlice } from '../lambdas/staff/seed';
import { clientAddress, intlOf, startHarness, writeSummary, type Harness } from './support';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

const DAY_MS = 86_400_000;
const STRANGERS = Array.from({ length: 20 }, (_, i) => `04${String(61_000_000 + i)}`);

const userExists = async (local: string): Promise<boolean> => {
  try {
    await harness.cognito.call('AdminGetUser', {
      UserPoolId: harness.cognito.pools.visitor.poolId,
      Username: intlOf(local),
    });
    return true;
  } catch (error) {
    if ((error as { type?: string }).type === 'UserNotFoundException') return false;
    throw error;
  }
};
const recordExists = async (local: string): Promise<boolean> => {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName('limits'),
      Key: { key: `visitor-user#${intlOf(local)}` },
      ConsistentRead: true,
    }),
  );
  return Item !== undefined;
};
const countLeft = async (locals: string[]) => {
  let users = 0;
  let records = 0;
  for (const local of locals) {
    if (await userExists(local)) users++;
    if (await recordExists(local)) records++;
  }
  return { users, records };
};

describe('users of numbers that never verified', () => {
  it('20 otp/start calls without a sign-in leave 0 users a day later; verified visitors, winners and customers stay', async () => {
    // Arrange: 20 strangers' numbers asked for from 20 addresses, none signed in; a verified
    // visitor; a winner (verified, with a customer record); a number with a customer record only.
    for (const [i, local] of STRANGERS.entries())
      expect((await harness.startOtp(local, clientAddress(6100 + i))).status).toBe(202);
    const verified = '0462000001';
    const winner = '0462000002';
    await harness.visitorToken(verified);
    await harness.visitorToken(winner);
    const customerOnly = '0462000003';
    expect((await harness.startOtp(customerOnly, clientAddress(6200))).status).toBe(202);
    const slice = await seedSlice();
    for (const local of [winner, customerOnly]) {
      const customer = { ...customerFixture(0, slice.id, new Date().toISOString()) };
      Object.assign(customer, { localNumber: local, phoneNumber: intlOf(local) });
      expect(await putCustomerOnce(customer, slice)).toBe('recorded');
    }
    const before = await countLeft(STRANGERS);
    expect(before).toEqual({ users: 20, records: 20 });

    // Act: a run within the day deletes nothing; a run a day and a minute later cleans up.
    const soon = await deleteUnverifiedUsers(harness.cognito.pools.visitor.poolId, Date.now());
    const afterSoon = await countLeft(STRANGERS);
    const later = await deleteUnverifiedUsers(
      harness.cognito.pools.visitor.poolId,
      Date.now() + DAY_MS + 60_000,
    );
    const after = await countLeft(STRANGERS);

    // Assert
    expect(soon.deleted).toBe(0);
    expect(afterSoon).toEqual({ users: 20, records: 20 });
    expect(later.deleted).toBe(20);
    expect(after).toEqual({ users: 0, records: 0 });
    for (const kept of [verified, winner, customerOnly]) {
      expect(await userExists(kept), kept).toBe(true);
      expect(await recordExists(kept), kept).toBe(true);
    }
    // A number cleaned up can start again at once: otp/start creates its user anew.
    expect((await harness.startOtp(STRANGERS[0]!, clientAddress(6300))).status).toBe(202);
    expect(await userExists(STRANGERS[0]!)).toBe(true);
    writeSummary('unverified-users', {
      label: 'users left a day after 20 otp/start calls without a sign-in',
      count: after.users,
      dataChanges: 0,
      detail: `before the clean-up ${before.users}; kept: a verified visitor, a winner, a customer`,
    });
  });
});
