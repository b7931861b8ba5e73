/**
 * The visitor routes' user check (domain/active-user.ts) against the Cognito stand-in and DynamoDB
 * Local: a token is accepted only while its number's user is the token's user, checked from the
 * visitor record otp/start writes (repositories/visitor-users.ts), without spending Cognito's
 * UserRead quota (AdminGetUser) on an ordinary visit.
 */
import { DeleteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingAwsCalls } from '../../../local/aws-calls';
import { dynamo } from '../../../lambdas/lib/dynamo-client';
import { tableName } from '../../../lambdas/lib/tables';
import {
  deleteVisitorRecord,
  getVisitorRecord,
  putVisitorRecord,
} from '../../../lambdas/repositories/visitor-users';
import { startHarness, STAFF_PASSWORDS, type Harness } from '../../security/support';

let harness: Harness;
let admin: string;

beforeAll(async () => {
  harness = await startHarness();
  await harness.createStaffUser('admin', STAFF_PASSWORDS.admin, 'admin');
  admin = (await harness.staffTokens('admin', STAFF_PASSWORDS.admin)).idToken;
  await harness.send({
    method: 'POST',
    url: '/api/slices',
    token: admin,
    body: { name: 'Free Drink' },
  });
}, 60_000);

afterAll(async () => {
  await harness?.stop();
});

const intlOf = (local: string) => `+61${local.slice(1)}`;

/** The stand-in's user for a number: its username and sub. */
async function poolUser(local: string): Promise<{ username: string; sub: string } | undefined> {
  try {
    const user = await harness.cognito.call('AdminGetUser', {
      UserPoolId: harness.cognito.pools.visitor.poolId,
      Username: intlOf(local),
    });
    const attributes = user.UserAttributes as { Name: string; Value: string }[];
    return {
      username: user.Username as string,
      sub: attributes.find((a) => a.Name === 'sub')!.Value,
    };
  } catch {
    return undefined;
  }
}

const mySpin = (token: string) => harness.send({ method: 'GET', url: '/api/spins/mine', token });

/** The erase an admin feature will do: the record first, then the Cognito user. */
async function eraseUser(local: string): Promise<void> {
  await deleteVisitorRecord(intlOf(local));
  await harness.cognito.call('AdminDeleteUser', {
    UserPoolId: harness.cognito.pools.visitor.poolId,
    Username: intlOf(local),
  });
}

/** As if the number's SMS windows had passed: its budgets and code records are dropped. */
async function letTimePassFor(local: string): Promise<void> {
  const { Items } = await dynamo().send(new ScanCommand({ TableName: tableName('limits') }));
  for (const item of Items ?? []) {
    const key = String(item.key);
    if (key.includes(intlOf(local)) && !key.startsWith('visitor-user#'))
      await dynamo().send(new DeleteCommand({ TableName: tableName('limits'), Key: { key } }));
  }
}

describe('the visitor user check', () => {
  it('accepts a signed-in visitor on every visitor route without asking Cognito (no AdminGetUser)', async () => {
    // Prepare
    const token = await harness.visitorToken('0400000201');
    const counts = startCountingAwsCalls();

    // Act
    const before = await mySpin(token);
    const spin = await harness.send({ method: 'POST', url: '/api/spins', token, body: {} });
    const after = await mySpin(token);

    // Assess
    expect(before.status).toBe(404);
    expect(spin.status).toBe(200);
    expect(after.status).toBe(200);
    expect(counts.get('cognito-idp AdminGetUser') ?? 0).toBe(0);
  });

  it('records the user otp/start created, with its sub', async () => {
    await harness.visitorToken('0400000202');

    const user = await poolUser('0400000202');
    expect(await getVisitorRecord(intlOf('0400000202'), Date.now())).toEqual({
      kind: 'user',
      sub: user!.sub,
    });
  });

  it('refuses the token of a deleted user at once', async () => {
    const token = await harness.visitorToken('0400000203');
    expect((await mySpin(token)).status).toBe(404);

    await eraseUser('0400000203');

    expect((await mySpin(token)).status).toBe(401);
    expect(
      (await harness.send({ method: 'POST', url: '/api/spins', token, body: {} })).status,
    ).toBe(401);
  });

  it('refuses the token of a user that is being erased (record gone, user not yet deleted), and Cognito cannot put it back', async () => {
    const token = await harness.visitorToken('0400000204');

    await deleteVisitorRecord(intlOf('0400000204'));

    expect((await mySpin(token)).status).toBe(401);
    expect((await getVisitorRecord(intlOf('0400000204'), Date.now()))?.kind).toBe('erased');
  });

  it('refuses the old token of a number whose user was re-created (a new sub), and accepts the new one', async () => {
    const old = await harness.visitorToken('0400000205');
    const oldSub = decodeJwt(old).sub;
    await eraseUser('0400000205');
    await letTimePassFor('0400000205');

    const fresh = await harness.visitorToken('0400000205');

    expect(decodeJwt(fresh).sub).not.toBe(oldSub);
    expect((await mySpin(old)).status).toBe(401);
    expect((await mySpin(fresh)).status).toBe(404);
  });

  it('refuses a disabled user once its record is deleted', async () => {
    const token = await harness.visitorToken('0400000206');
    await deleteVisitorRecord(intlOf('0400000206'));
    await harness.cognito.call('AdminDisableUser', {
      UserPoolId: harness.cognito.pools.visitor.poolId,
      Username: intlOf('0400000206'),
    });

    expect((await mySpin(token)).status).toBe(401);
  });

  it('lets in a user created before records existed by asking Cognito once, and writes the record', async () => {
    // Prepare: a user with no record, as every user created before this change.
    const token = await harness.visitorToken('0400000207');
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName('limits'),
        Key: { key: `visitor-user#${intlOf('0400000207')}` },
      }),
    );
    const counts = startCountingAwsCalls();

    // Act
    const first = await mySpin(token);
    const second = await mySpin(token);

    // Assess
    expect(first.status).toBe(404);
    expect(second.status).toBe(404);
    expect(counts.get('cognito-idp AdminGetUser')).toBe(1);
    expect(await getVisitorRecord(intlOf('0400000207'), Date.now())).toEqual({
      kind: 'user',
      sub: decodeJwt(token).sub,
    });
  });

  it('lets the real user in and corrects a record that holds another sub', async () => {
    const token = await harness.visitorToken('0400000208');
    await putVisitorRecord(intlOf('0400000208'), 'a-sub-of-a-user-long-gone');

    expect((await mySpin(token)).status).toBe(404);
    expect(await getVisitorRecord(intlOf('0400000208'), Date.now())).toEqual({
      kind: 'user',
      sub: decodeJwt(token).sub,
    });
  });

  it('records the real user when two otp/start for a new number race', async () => {
    const start = () => harness.startOtp('0400000209');

    const answers = await Promise.all([start(), start()]);

    expect(answers.map((a) => a.status).sort()).toEqual([202, 202]);
    const user = await poolUser('0400000209');
    expect(await getVisitorRecord(intlOf('0400000209'), Date.now())).toEqual({
      kind: 'user',
      sub: user!.sub,
    });
  });
});
