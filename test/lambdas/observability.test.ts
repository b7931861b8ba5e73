/**
 * What a deployed function tells CloudWatch: every log line of a handler carries the Lambda
 * context (the request id above all, to find one request's lines), and the business events are
 * metrics in the embedded metric format (lambdas/lib/metrics.ts), in the deployment's namespace.
 */
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUSINESS_METRICS, SERVICE_NAME } from '@shared/definitions';
import { httpEvent, OPERATOR_TOKEN, VISITOR_TOKEN } from '../support/http-event';
import { customerFixture, seedCustomers, seedSlice } from './staff/seed';
import { addSlice, type Outbox, startOutbox, testPhone, testSmsGuard } from './visitor/support';

// Before the modules below are loaded: metrics on (test/setup/env.ts turns them off), one namespace.
const NAMESPACE = vi.hoisted(() => {
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  process.env.POWERTOOLS_METRICS_NAMESPACE = 'SpinWin/observability-test';
  return 'SpinWin/observability-test';
});
const { handler: redeemUser } = await import('../../lambdas/handlers/redeem-user');
const { handler: createSpin } = await import('../../lambdas/handlers/create-spin');
const { logger } = await import('../../lambdas/lib/logger');
const { createCodeChallenge, verifyCodeAnswer } =
  await import('../../lambdas/domain/auth-challenge');
const { sendSms } = await import('../../lambdas/lib/sms');
const { authorizeCode } = await import('../../lambdas/repositories/otp-grants');
const { issueSignInKey } = await import('../../lambdas/domain/sign-in-key');
const { CODE_AUTHORIZATION_MS } = await import('../../lambdas/domain/otp-delivery');

/** A Lambda context as the runtime passes it. */
const contextFor = (requestId: string): Context => ({
  callbackWaitsForEmptyEventLoop: true,
  functionName: 'spin-and-win-redeem-user',
  functionVersion: '$LATEST',
  invokedFunctionArn:
    'arn:aws:lambda:ap-southeast-2:123456789012:function:spin-and-win-redeem-user',
  memoryLimitInMB: '512',
  awsRequestId: requestId,
  logGroupName: '/aws/lambda/spin-and-win-redeem-user',
  logStreamName: '2026/01/01/[$LATEST]abc',
  getRemainingTimeInMillis: () => 10_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
});

/** Every JSON line written to stdout while `act` runs. */
async function linesDuring(act: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    written.push(String(chunk));
    return true;
  });
  try {
    await act();
  } finally {
    spy.mockRestore();
  }
  return written
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The EMF lines among `lines` that carry metric `name`. */
const metricLines = (lines: Record<string, unknown>[], name: string) =>
  lines.filter((line) => {
    const aws = line._aws as
      { CloudWatchMetrics: { Namespace: string; Metrics: { Name: string }[] }[] } | undefined;
    return aws?.CloudWatchMetrics.some(
      (m) => m.Namespace === NAMESPACE && m.Metrics.some((metric) => metric.Name === name),
    );
  });

beforeAll(() => logger.setLogLevel('INFO'));
afterAll(() => logger.setLogLevel('SILENT'));

describe('logs and metrics', () => {
  it('puts the request id on every log line a handler writes, and counts the redemption', async () => {
    // Prepare
    const slice = await seedSlice();
    await seedCustomers([customerFixture(71, slice.id, '2026-03-01T10:00:00.000Z')], slice);

    // Act
    const lines = await linesDuring(() =>
      redeemUser(
        httpEvent({
          tokenFields: OPERATOR_TOKEN,
          path: '/api/users/redeem',
          body: { phoneNumber: '0400000071' },
        }),
        contextFor('request-redeem-71'),
      ),
    );

    // Assess
    const logged = lines.filter((line) => line.message === 'offer redeemed');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      function_request_id: 'request-redeem-71',
      function_name: 'spin-and-win-redeem-user',
      cold_start: expect.any(Boolean),
      service: SERVICE_NAME,
    });
    const [metric] = metricLines(lines, BUSINESS_METRICS.redemptions);
    expect(metric).toMatchObject({ [BUSINESS_METRICS.redemptions]: 1, service: SERVICE_NAME });
  });

  it('counts a spin when a prize is recorded, not when the saved one is answered again', async () => {
    await addSlice('Observed Prize');
    const spin = () =>
      createSpin(
        httpEvent({ tokenFields: VISITOR_TOKEN, method: 'POST', path: '/api/spins', body: {} }),
        contextFor('request-spin'),
      );

    const first = await linesDuring(spin);
    const again = await linesDuring(spin);

    expect(metricLines(first, BUSINESS_METRICS.spins)).toHaveLength(1);
    expect(metricLines(again, BUSINESS_METRICS.spins)).toHaveLength(0);
  });
});

describe('the SMS delivery signal', () => {
  let outbox: Outbox;
  beforeAll(async () => {
    outbox = await startOutbox();
  });
  afterAll(() => outbox.close());

  it('counts CodesVerified 0 beside each code sent, and 1 for a code answered right, not for a wrong one', async () => {
    // Prepare: a code sent to the local SNS outbox, as the sign-in trigger sends it.
    vi.stubEnv('SNS_ENDPOINT', outbox.url);
    const { intl } = testPhone(3901);
    const now = Date.UTC(2099, 3, 1, 9);
    const guard = testSmsGuard();
    // The key the visitor's otp/start was given, in the grant whose code it then signs in with.
    const { key, keyHash } = await issueSignInKey(intl, Date.now());
    await authorizeCode(intl, now + CODE_AUTHORIZATION_MS, undefined, { keyHashes: [keyHash] });

    // Act
    let challenge: Awaited<ReturnType<typeof createCodeChallenge>> | undefined;
    const sent = await linesDuring(async () => {
      challenge = await createCodeChallenge(intl, [], { guard, send: sendSms, nowMs: () => now });
    });
    const code = outbox.latestCode(intl)!;
    const params = challenge!.privateChallengeParameters;
    const wrong = await linesDuring(() =>
      verifyCodeAnswer(intl, params, code === '000000' ? '000001' : '000000', false, key),
    );
    const right = await linesDuring(() => verifyCodeAnswer(intl, params, code, false, key));

    // Assess: one line with CodesSent 1 and CodesVerified 0, then CodesVerified 1 only when right.
    const [sentLine] = metricLines(sent, BUSINESS_METRICS.codesSent);
    expect(sentLine).toMatchObject({
      [BUSINESS_METRICS.codesSent]: 1,
      [BUSINESS_METRICS.codesVerified]: 0,
    });
    expect(metricLines(wrong, BUSINESS_METRICS.codesVerified)).toHaveLength(0);
    const [rightLine] = metricLines(right, BUSINESS_METRICS.codesVerified);
    expect(rightLine).toMatchObject({ [BUSINESS_METRICS.codesVerified]: 1 });
  });
});
