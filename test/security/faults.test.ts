/**
 * Faults in the middle of a request, through the HTTP API emulation and the real handlers:
 * DynamoDB throttling or unavailable at the write, S3 failing the logo upload, SNS failing the code
 * send. Each time the caller gets a clean {code, message} (no stack), nothing is half-written, and
 * the next attempt, with the service back, works.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cognito } from '../../lambdas/lib/cognito-client';
import { dynamo } from '../../lambdas/lib/dynamo-client';
import { s3 } from '../../lambdas/lib/s3-client';
import { sns } from '../../lambdas/lib/sns-client';
import { API_MESSAGES } from '@shared/messages-api';
import {
  isCleanError,
  startHarness,
  STAFF_PASSWORDS,
  writeSummary,
  type Harness,
  type SendOptions,
  type Sent,
  TICKET_HOLDER,
  TICKET_SECRET,
} from './support';

/** Nothing listens here: every call sent to it fails to connect. */
const DEAD_PORT = 9;
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest of a png'),
]);

let harness: Harness;
let admin: string;
let operator: string;
let faultsInjected = 0;
let halfWrites = 0;

type Fault = (commandName: string) => Error | undefined;

const awsError = (name: string, message: string): Error =>
  Object.assign(new Error(message), { name, $fault: 'server', $metadata: { httpStatusCode: 503 } });

/**
 * The functions' own SDK clients (one per process, as in a Lambda container), faulted from outside
 * by middleware this test adds and takes off: the code under test runs unchanged.
 */
const CLIENTS = { dynamo, s3, sns, cognito };
type ClientName = keyof typeof CLIENTS;
const FAULT_STEPS = ['faultInjection', 'deadEndpoint'];
/** Every client's stack takes the same middleware; DynamoDB's type stands for all. */
const stackOf = (name: ClientName) =>
  CLIENTS[name]().middlewareStack as unknown as DynamoDBClient['middlewareStack'];

/** Puts `fault` in front of every call of a client: a call it fails is never sent. */
function withFault(name: ClientName, fault: Fault): void {
  stackOf(name).add(
    (next, context) => async (args) => {
      const error = fault(String(context.commandName));
      if (error) {
        faultsInjected++;
        throw error;
      }
      return next(args);
    },
    { step: 'initialize', name: 'faultInjection' },
  );
}

/** Sends every call of a client to a port where nothing listens (the service is down). */
function unreachable(name: ClientName): void {
  stackOf(name).add(
    (next) => async (args) => {
      const request = (args as { request?: { hostname?: string; port?: number } }).request;
      if (request) Object.assign(request, { hostname: '127.0.0.1', port: DEAD_PORT });
      return next(args);
    },
    { step: 'finalizeRequest', name: 'deadEndpoint', priority: 'low' },
  );
}

/** Takes every injected fault off the clients. */
function healed(): void {
  for (const name of Object.keys(CLIENTS) as ClientName[])
    for (const step of FAULT_STEPS) stackOf(name).remove(step);
}

/** Fails every call whose command name matches. */
const failing =
  (pattern: RegExp, name = 'ThrottlingException', message = 'Rate exceeded'): Fault =>
  (command) =>
    pattern.test(command) ? awsError(name, message) : undefined;

/** The answer is a clean server-side failure: 5xx, {code, message}, no internals. */
function expectCleanFailure(answer: { status: number; json: unknown; text: string }): void {
  expect(answer.status).toBeGreaterThanOrEqual(500);
  expect(isCleanError(answer.json, answer.text), answer.text).toBe(true);
  expect(answer.text).not.toMatch(/Throttling|Rate exceeded|ECONNREFUSED|127\.0\.0\.1|stack/i);
}

beforeAll(async () => {
  harness = await startHarness();
  await harness.createStaffUser('admin', STAFF_PASSWORDS.admin, 'admin');
  await harness.createStaffUser('operator', STAFF_PASSWORDS.operator, 'operator');
  admin = (await harness.staffTokens('admin', STAFF_PASSWORDS.admin)).idToken;
  operator = (await harness.staffTokens('operator', STAFF_PASSWORDS.operator)).idToken;
  await harness.send({
    method: 'POST',
    url: '/api/slices',
    token: admin,
    body: { name: 'Free Main', stock: 3 },
  });
}, 60_000);

afterEach(() => {
  healed();
});

afterAll(async () => {
  writeSummary('faults', {
    label: 'faults injected',
    count: faultsInjected,
    dataChanges: halfWrites,
  });
  await harness?.stop();
});

/** Runs `act` and counts a half-write when the data differs from `before` afterwards. */
async function unchanged(before: string): Promise<void> {
  const after = await harness.snapshot();
  if (after !== before) halfWrites++;
  expect(after).toBe(before);
}

/**
 * What differs between two snapshots: the key of each limits item added, removed or changed, and
 * the names of the other tables, the bucket and the pools that changed at all.
 */
/**
 * What otp/start itself keeps, whatever happens after it: the challenge it used, the client's
 * lookup (each otp/start is one, lambdas/domain/otp-start.ts) and the sign-in key it gave. Left
 * out where a test follows the send's give-backs.
 */
const otpStartSpend = (change: string) =>
  /^limits (challenge#|client-lookups#|otp-key#)/.test(change);

function changesBetween(before: string, after: string): string[] {
  type Snapshot = { tables: Record<string, string[]>; objects: string[]; users: unknown };
  const [a, b] = [JSON.parse(before) as Snapshot, JSON.parse(after) as Snapshot];
  const keyOf = (item: string) => (JSON.parse(item) as { key: { S: string } }).key.S;
  const changed = new Set<string>();
  for (const item of [...a.tables.limits!, ...b.tables.limits!])
    if (!a.tables.limits!.includes(item) || !b.tables.limits!.includes(item))
      changed.add(`limits ${keyOf(item)}`);
  for (const table of Object.keys(a.tables))
    if (table !== 'limits' && JSON.stringify(a.tables[table]) !== JSON.stringify(b.tables[table]))
      changed.add(table);
  if (JSON.stringify(a.objects) !== JSON.stringify(b.objects)) changed.add('logo bucket');
  if (JSON.stringify(a.users) !== JSON.stringify(b.users)) changed.add('users');
  return [...changed].sort();
}

/**
 * Sends `request` after `inject` has faulted the clients: the answer must be a clean failure that
 * changed no data. Then, with the faults taken off, sends the same request again and returns that
 * retry's answer.
 */
async function failsCleanlyThenRetry(inject: () => void, request: SendOptions): Promise<Sent> {
  const before = await harness.snapshot();
  inject();
  const failed = await harness.send(request);
  expectCleanFailure(failed);
  await unchanged(before);
  healed();
  return harness.send(request);
}

const wheelSlices = async () =>
  (await harness.send({ method: 'GET', url: '/api/slices', token: admin })).json as {
    id: string;
    stock: number | null;
  }[];

describe('faults mid-request', () => {
  it('records no customer and keeps the stock when the spin transaction is throttled; the retry wins', async () => {
    // Prepare
    const visitor = await harness.visitorToken('0400000101');

    // Act
    const retry = await failsCleanlyThenRetry(() => withFault('dynamo', failing(/TransactWrite/)), {
      method: 'POST',
      url: '/api/spins',
      token: visitor,
      body: {},
    });

    // Assess
    expect(retry.status).toBe(200);
    expect((await wheelSlices())[0]?.stock).toBe(2);
  });

  it('writes nothing when DynamoDB is unreachable for a whole spin; the retry wins', async () => {
    const visitor = await harness.visitorToken('0400000102');
    faultsInjected++;

    const retry = await failsCleanlyThenRetry(() => unreachable('dynamo'), {
      method: 'POST',
      url: '/api/spins',
      token: visitor,
      body: {},
    });

    expect(retry.status).toBe(200);
  });

  it('neither adds nor counts a slice when the add is throttled; the retry counts it once', async () => {
    const retry = await failsCleanlyThenRetry(() => withFault('dynamo', failing(/TransactWrite/)), {
      method: 'POST',
      url: '/api/slices',
      token: admin,
      body: { name: 'Chips' },
    });

    expect(retry.status).toBe(201);
    const slices = await wheelSlices();
    expect(slices.filter((s) => (s as unknown as { name: string }).name === 'Chips')).toHaveLength(
      1,
    );
  });

  it('keeps the slice and its count when a delete hits ServiceUnavailable; the retry deletes once', async () => {
    const chips = (await wheelSlices()).find(
      (s) => (s as unknown as { name: string }).name === 'Chips',
    )!;
    const retry = await failsCleanlyThenRetry(
      () =>
        withFault('dynamo', failing(/TransactWrite/, 'ServiceUnavailable', 'Service unavailable')),
      { method: 'DELETE', url: `/api/slices/${chips.id}`, token: admin },
    );

    expect(retry.status).toBe(200);
    // The count went down once: ten adds fit again after this delete.
    expect((await wheelSlices()).some((s) => s.id === chips.id)).toBe(false);
  });

  it('leaves the offer unredeemed when the redeem write fails; the retry redeems', async () => {
    const retry = await failsCleanlyThenRetry(
      // The redeem is one transaction (the customer and the day's counter).
      () => withFault('dynamo', failing(/^TransactWrite/, 'ServiceUnavailable', 'down')),
      {
        method: 'POST',
        url: '/api/users/redeem',
        token: operator,
        body: { phoneNumber: '0400000101' },
      },
    );

    expect(retry.status).toBe(200);
  });

  it('keeps the settings when the save is throttled; the retry saves every field', async () => {
    const body = { businessName: 'Fault Shop', website: 'https://fault.example.com' };

    const retry = await failsCleanlyThenRetry(() => withFault('dynamo', failing(/^Update/)), {
      method: 'PUT',
      url: '/api/settings/business',
      token: admin,
      body,
    });

    expect(retry.json).toMatchObject(body);
  });

  it('stores no logo when S3 fails the upload; the retry stores it', async () => {
    faultsInjected++;

    const retry = await failsCleanlyThenRetry(() => unreachable('s3'), {
      method: 'POST',
      url: '/api/logo',
      token: admin,
      body: PNG,
      headers: { 'content-type': 'image/png', 'x-file-name': 'logo.png' },
    });

    expect(retry.status).toBe(201);
    expect((retry.json as { logoUrl: string }).logoUrl).toMatch(
      /^\/media\/business\/\d+-logo\.png$/,
    );
  });

  it('keeps no code and gives back every budget when SNS fails the send; the next attempt sends', async () => {
    // Prepare: SNS down
    const local = '0400000103';
    const intl = '+61400000103';
    const beforeStart = await harness.snapshot();
    expect((await harness.startOtp(local)).status).toBe(202);
    unreachable('sns');
    faultsInjected++;
    const initiate = () =>
      harness.cognito.call('InitiateAuth', {
        AuthFlow: 'CUSTOM_AUTH',
        ClientId: harness.cognito.pools.visitor.clientId,
        AuthParameters: { USERNAME: intl },
      });

    // Act
    const failure = await initiate().then(
      () => undefined,
      (error: unknown) => error as { type: string; message: string },
    );

    // Assess: a masked trigger failure (the page shows "Failed to send OTP. Please try again.")
    healed();
    expect(failure?.type).toBe('UserLambdaValidationException');
    expect(failure?.message).toContain(`INTERNAL: ${API_MESSAGES.internal}`);
    expect(failure?.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    // Only the user, its record and the grant for the next attempt remain since otp/start.
    expect(
      changesBetween(beforeStart, await harness.snapshot()).filter((c) => !otpStartSpend(c)),
    ).toEqual([`limits otp-auth#${intl}`, `limits visitor-user#${intl}`, 'users'].sort());
    expect((await harness.startOtp(local)).status).toBe(202);
    const challenge = await initiate();
    expect(challenge.ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(harness.outbox.latestCode(intl)).toMatch(/^\d{6}$/);
  });

  it('a grant given back after a failed send keeps its payer, and a second failure refunds nothing more', async () => {
    // Prepare: one client asks codes for two numbers (its hourly code counter at 2), then SNS is down.
    const client = '203.0.113.77';
    const [local, intl] = ['0400000111', '+61400000111'];
    expect((await harness.startOtp(local, client)).status).toBe(202);
    expect((await harness.startOtp('0400000112', client)).status).toBe(202);
    type Item = { key: { S: string }; count?: { N: string }; paidByClient?: { S: string } };
    const limits = async () =>
      (JSON.parse(await harness.snapshot()) as { tables: { limits: string[] } }).tables.limits.map(
        (item) => JSON.parse(item) as Item,
      );
    const clientCodes = async () =>
      Number(
        (await limits()).find((i) => i.key.S.startsWith(`client-codes#${client}#`))?.count?.N ?? 0,
      );
    const grantPayer = async () =>
      (await limits()).find((i) => i.key.S === `otp-auth#${intl}`)?.paidByClient?.S;
    expect(await clientCodes()).toBe(2);
    const initiate = () =>
      harness.cognito.call('InitiateAuth', {
        AuthFlow: 'CUSTOM_AUTH',
        ClientId: harness.cognito.pools.visitor.clientId,
        AuthParameters: { USERNAME: intl },
      });

    // Act: the same grant's send fails twice.
    withFault('sns', failing(/^Publish/, 'Throttling', 'Rate exceeded'));
    await expect(initiate()).rejects.toMatchObject({ type: 'UserLambdaValidationException' });
    const afterFirst = { codes: await clientCodes(), payer: await grantPayer() };
    await expect(initiate()).rejects.toMatchObject({ type: 'UserLambdaValidationException' });
    const afterSecond = { codes: await clientCodes(), payer: await grantPayer() };
    healed();

    // Assess: the code refunded once (the other number's stays paid), the grant kept its payer
    // both times, and the next sign-in sends with it.
    expect(afterFirst).toEqual({ codes: 1, payer: client });
    if (afterSecond.codes !== 1) halfWrites++;
    expect(afterSecond).toEqual({ codes: 1, payer: client });
    expect((await initiate()).ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(harness.outbox.latestCode(intl)).toMatch(/^\d{6}$/);
  });

  it('answers 503 with Retry-After and spends no budget when Cognito throttles otp/start; the retry at once is let through', async () => {
    // Prepare: Cognito's user API throttled (AdminCreateUser is the one otp/start calls).
    const local = '0400000104';
    const request: SendOptions = {
      method: 'POST',
      url: '/api/otp/start',
      body: { phoneNumber: local, altcha: await harness.otpAltcha() },
    };
    const before = await harness.snapshot();
    withFault('cognito', failing(/^Admin/, 'TooManyRequestsException', 'Too many requests'));

    // Act
    const failed = await harness.send(request);

    // Assess: a clean 503 the visitor may retry, no code granted and no budget spent: the
    // number's one-a-minute budget still lets the retry through at once.
    expect(failed.status).toBe(503);
    expect(failed.headers['retry-after']).toMatch(/^\d+$/);
    expectCleanFailure(failed);
    await unchanged(before);
    healed();
    expect((await harness.send(request)).status).toBe(202);
  });

  it('keeps no code and gives back every budget when SNS throttles the send; the next attempt sends', async () => {
    // Prepare: SNS throttling every Publish
    const local = '0400000105';
    const intl = '+61400000105';
    const beforeStart = await harness.snapshot();
    expect((await harness.startOtp(local)).status).toBe(202);
    withFault('sns', failing(/^Publish/, 'Throttling', 'Rate exceeded'));
    const initiate = () =>
      harness.cognito.call('InitiateAuth', {
        AuthFlow: 'CUSTOM_AUTH',
        ClientId: harness.cognito.pools.visitor.clientId,
        AuthParameters: { USERNAME: intl },
      });

    // Act
    const failure = await initiate().then(
      () => undefined,
      (error: unknown) => error as { type: string; message: string },
    );

    // Assess: the page's "Failed to send OTP. Please try again.", nothing kept, and the grant and
    // budgets back, so the next otp/start and sign-in send a code.
    healed();
    expect(failure?.type).toBe('UserLambdaValidationException');
    expect(failure?.message).not.toMatch(/Throttl|Rate exceeded/);
    // Since before otp/start, only the visitor user, its record and the code grant (given back
    // for the next attempt) remain: the client's code budget, the number's budgets and the
    // deployment's hourly cap are all as they were, and no code is kept.
    const after = await harness.snapshot();
    expect(changesBetween(beforeStart, after).filter((c) => !otpStartSpend(c))).toEqual(
      [`limits otp-auth#${intl}`, `limits visitor-user#${intl}`, 'users'].sort(),
    );
    expect((await harness.startOtp(local)).status).toBe(202);
    expect((await initiate()).ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(harness.outbox.latestCode(intl)).toMatch(/^\d{6}$/);
  });

  it('gives back every budget when DynamoDB throttles the SMS budgets in the send trigger; the next attempt sends', async () => {
    // Prepare: the code granted, then the send trigger's transaction on the SMS budgets throttled.
    const local = '0400000110';
    const intl = '+61400000110';
    const beforeStart = await harness.snapshot();
    expect((await harness.startOtp(local)).status).toBe(202);
    withFault('dynamo', failing(/TransactWrite/));
    const initiate = () =>
      harness.cognito.call('InitiateAuth', {
        AuthFlow: 'CUSTOM_AUTH',
        ClientId: harness.cognito.pools.visitor.clientId,
        AuthParameters: { USERNAME: intl },
      });

    // Act
    const failure = await initiate().then(
      () => undefined,
      (error: unknown) => error as { type: string; message: string },
    );
    healed();

    // Assess: the page's "Failed to send OTP. Please try again.", no SMS, and since before
    // otp/start only the user, its record and the grant remain (the client's code given back).
    expect(failure?.type).toBe('UserLambdaValidationException');
    expect(failure?.message).not.toMatch(/Throttl|Rate exceeded/);
    expect(harness.outbox.latestCode(intl)).toBeUndefined();
    expect(
      changesBetween(beforeStart, await harness.snapshot()).filter((c) => !otpStartSpend(c)),
    ).toEqual([`limits otp-auth#${intl}`, `limits visitor-user#${intl}`, 'users'].sort());
    expect((await harness.startOtp(local)).status).toBe(202);
    expect((await initiate()).ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(harness.outbox.latestCode(intl)).toMatch(/^\d{6}$/);
  });

  it('retries a throttled spin transaction with the deployed client and backoff, and records it once', async () => {
    // Prepare: a second stocked prize, and the first two attempts of the spin's transaction
    // throttled before they reach DynamoDB.
    await harness.send({
      method: 'POST',
      url: '/api/slices',
      token: admin,
      body: { name: 'Free Dessert', stock: 10 },
    });
    const visitor = await harness.visitorToken('0400000106');
    const stock = await totalStock();

    // Act
    const { answer, attempts } = await withAttemptFaults(
      /TransactWrite/,
      ['before', 'before'],
      () => harness.send({ method: 'POST', url: '/api/spins', token: visitor, body: {} }),
    );

    // Assess
    expect(attempts).toBe(3);
    expect(answer.status).toBe(200);
    expect(await totalStock()).toBe(stock - 1);
    expect((answer.json as { offer: string }).offer).toBe(await savedOffer('+61400000106'));
  });

  it('answers the saved prize when the spin committed but its answer was lost, never a second record', async () => {
    // Prepare: the first attempt reaches DynamoDB and commits; its answer is lost (a throttle).
    const visitor = await harness.visitorToken('0400000107');
    const stock = await totalStock();

    // Act
    const { answer, attempts } = await withAttemptFaults(/TransactWrite/, ['after'], () =>
      harness.send({ method: 'POST', url: '/api/spins', token: visitor, body: {} }),
    );

    // Assess: the retry found the prize saved, and the stock went down once.
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(answer.status).toBe(200);
    expect((answer.json as { offer: string }).offer).toBe(await savedOffer('+61400000107'));
    expect(await totalStock()).toBe(stock - 1);
  });

  it('answers a clean 503 when every attempt commits but loses its answer; the next spin gets the saved prize', async () => {
    const visitor = await harness.visitorToken('0400000108');
    const stock = await totalStock();

    const { answer } = await withAttemptFaults(/TransactWrite/, ['after', 'after', 'after'], () =>
      harness.send({ method: 'POST', url: '/api/spins', token: visitor, body: {} }),
    );
    const again = await harness.send({
      method: 'POST',
      url: '/api/spins',
      token: visitor,
      body: {},
    });

    expect([200, 503]).toContain(answer.status);
    if (answer.status === 503) expectCleanFailure(answer);
    expect(again.status).toBe(200);
    expect((again.json as { offer: string }).offer).toBe(await savedOffer('+61400000108'));
    expect(await totalStock()).toBe(stock - 1);
  });

  it('keeps a spin-first ticket when its exchange is throttled throughout; the retry with it wins its prize', async () => {
    // Prepare: a spin-first game and a previewed prize, then every attempt of the exchange's
    // transaction throttled before it reaches DynamoDB.
    await setSpinMode('spin-first');
    const challenge = (await harness.send({ method: 'GET', url: '/api/spins/challenge' }))
      .json as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const preview = (
      await harness.send({
        method: 'POST',
        url: '/api/spins/preview',
        body: { altcha: { challenge, solution }, holder: TICKET_HOLDER },
      })
    ).json as { ticket: string; offer: string };
    const visitor = await harness.visitorToken('0400000109');
    const stock = await totalStock();
    const exchange = {
      method: 'POST',
      url: '/api/spins',
      token: visitor,
      body: { ticket: preview.ticket, secret: TICKET_SECRET },
    };

    // Act
    const { answer } = await withAttemptFaults(
      /TransactWrite/,
      ['before', 'before', 'before'],
      () => harness.send(exchange),
    );
    const retry = await harness.send(exchange);
    await setSpinMode('verify-first');

    // Assess: a clean failure that recorded nothing, then the previewed prize, once.
    expectCleanFailure(answer);
    expect(retry.status, retry.text).toBe(200);
    expect((retry.json as { offer: string }).offer).toBe(preview.offer);
    expect(await savedOffer('+61400000109')).toBe(preview.offer);
    expect(await totalStock()).toBe(stock - 1);
  });
});

/** The stock left over all prizes that have one. */
async function totalStock(): Promise<number> {
  return (await wheelSlices()).reduce((sum, s) => sum + (s.stock ?? 0), 0);
}

/** The prize saved for a +61 number (as the counter staff would find it). */
async function savedOffer(phoneNumber: string): Promise<string | undefined> {
  const found = await harness.send({
    method: 'POST',
    url: '/api/users/search',
    token: admin,
    body: { phoneNumber: `0${phoneNumber.slice(3)}` },
  });
  return (found.json as { data: { offer: string } | null }).data?.offer;
}

async function setSpinMode(spinMode: 'spin-first' | 'verify-first'): Promise<void> {
  const game = (await harness.send({ method: 'GET', url: '/api/settings/game', token: admin }))
    .json as { itemBackgroundColors: string[] };
  const put = await harness.send({
    method: 'PUT',
    url: '/api/settings/game',
    token: admin,
    body: { itemBackgroundColors: game.itemBackgroundColors, spinMode },
  });
  expect(put.status).toBe(200);
}

/**
 * Runs `act` while the handlers' own DynamoDB client (its retries and backoff as deployed) meets
 * one planned fault per attempt of a command matching `pattern`: 'before' throttles the attempt
 * before it is sent; 'after' lets DynamoDB apply it, then loses the answer to a throttle. Attempts
 * past the plan go through. Returns the answer and the number of attempts made.
 */
async function withAttemptFaults<T>(
  pattern: RegExp,
  plan: ('before' | 'after')[],
  act: () => Promise<T>,
): Promise<{ answer: T; attempts: number }> {
  const name = 'attemptFaults';
  let attempts = 0;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (!pattern.test(String(context.commandName))) return next(args);
      const fault = plan[attempts++];
      if (fault) faultsInjected++;
      if (fault === 'before') throw awsError('ThrottlingException', 'Rate exceeded');
      const result = await next(args);
      if (fault === 'after') throw awsError('ThrottlingException', 'Rate exceeded');
      return result;
    },
    { step: 'deserialize', name },
  );
  try {
    return { answer: await act(), attempts };
  } finally {
    dynamo().middlewareStack.remove(name);
  }
}
