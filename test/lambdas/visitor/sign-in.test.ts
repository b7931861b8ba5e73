/**
 * The whole visitor sign-in against the local Cognito stand-in running the project's real
 * triggers: POST /api/otp/start (AdminCreateUser), CUSTOM_AUTH with the code from the SMS outbox,
 * then the spin with the ID token's fields.
 */
import { SIGN_IN_KEY_METADATA } from '@shared/definitions';
import type { OtpStartResponse } from '@shared/phone';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCognitoStandIn } from '../../support/cognito-stand-in';
import { handler as createSpin } from '../../../lambdas/handlers/create-spin';
import type { HttpEvent, HttpResult } from '../../../lambdas/lib/http';
import { API_MESSAGES } from '@shared/messages-api';
import { MESSAGES } from '@shared/messages';
import { httpEvent, statusAndBody } from '../../support/http-event';
import { addSlice, startOutbox, testPhone, type Outbox } from './support';

let outbox: Outbox;
let standIn: Awaited<ReturnType<typeof startCognitoStandIn>>;
let startOtpHandler: (event: HttpEvent) => Promise<HttpResult>;
let otpChallenge: (event: HttpEvent) => Promise<HttpResult>;

/** POST /api/otp/start as the page sends it: the event's body with a freshly solved challenge. */
async function startOtp(event: HttpEvent): Promise<HttpResult> {
  const issued = await otpChallenge(httpEvent({ method: 'GET' }));
  const challenge = JSON.parse(String(issued.body)) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const body = JSON.parse(event.body ?? '{}') as Record<string, unknown>;
  const result = await startOtpHandler({
    ...event,
    body: JSON.stringify({ ...body, altcha: { challenge, solution } }),
  });
  if (result.statusCode === 202)
    latestKey = (JSON.parse(String(result.body)) as OtpStartResponse).signInKey;
  return result;
}
/** The sign-in key of the latest otp/start let through: the page sends it with its answers. */
let latestKey = '';

beforeAll(async () => {
  outbox = await startOutbox();
  standIn = await startCognitoStandIn();
  process.env.SNS_ENDPOINT = outbox.url;
  process.env.COGNITO_ENDPOINT = standIn.endpoint;
  process.env.VISITOR_USER_POOL_ID = standIn.pools.visitor.poolId;
  // Set before the handler first runs: its SDK client is made with this endpoint.
  ({ handler: startOtpHandler } = await import('../../../lambdas/handlers/start-otp'));
  ({ handler: otpChallenge } = await import('../../../lambdas/handlers/otp-challenge'));
  await addSlice('Free Side', 1, null);
});

afterAll(async () => {
  delete process.env.SNS_ENDPOINT;
  await standIn.stop();
  await outbox.close();
});

const clientId = () => standIn.pools.visitor.clientId;

const initiate = (phone: string) =>
  standIn.call('InitiateAuth', {
    AuthFlow: 'CUSTOM_AUTH',
    ClientId: clientId(),
    AuthParameters: { USERNAME: phone },
  });

const respond = (previous: Record<string, unknown>, answer: string) =>
  standIn.call('RespondToAuthChallenge', {
    ClientId: clientId(),
    ChallengeName: 'CUSTOM_CHALLENGE',
    Session: previous.Session,
    ChallengeResponses: {
      USERNAME: (previous.ChallengeParameters as Record<string, string>).USERNAME,
      ANSWER: answer,
    },
    ClientMetadata: { [SIGN_IN_KEY_METADATA]: latestKey },
  });

/** The tokenFields the HTTP API JWT authorizer would pass on, stringified as it does. */
function authorizerFields(idToken: string): Record<string, string> {
  const payload = JSON.parse(
    Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8'),
  ) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)]));
}

/**
 * The handlers use the real clock and the per-minute budget is a fixed window: a test that needs
 * two steps in one window waits when a minute boundary is less than 10 s away.
 */
async function awayFromMinuteEdge(): Promise<void> {
  const second = (Date.now() / 1000) % 60;
  if (second > 50) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
}

const wrongCode = (code: string) => (code === '000000' ? '000001' : '000000');

describe('visitor sign-in on the Cognito stand-in', () => {
  it('creates the user, sends one code, accepts it after a typo, and the token spins once', async () => {
    const { local, intl } = testPhone(5001);
    // Prepare: the server-side checks and the user
    expect(statusAndBody(await startOtp(httpEvent({ body: { phoneNumber: local } })))).toEqual({
      status: 202,
      body: { signInKey: expect.stringMatching(/^[\w-]{32}$/) as unknown },
    });
    const user = await standIn.call('AdminGetUser', {
      UserPoolId: standIn.pools.visitor.poolId,
      Username: intl,
    });
    expect(user.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'phone_number', Value: intl },
        { Name: 'phone_number_verified', Value: 'true' },
      ]),
    );
    // A second start for the same number is fine (the user already exists).
    expect(statusAndBody(await startOtp(httpEvent({ body: { phoneNumber: local } }))).status).toBe(
      202,
    );

    // Act: sign in
    const challenge = await initiate(intl);
    const code = outbox.latestCode(intl)!;
    const retry = await respond(challenge, wrongCode(code));
    expect(retry.ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(retry.AuthenticationResult).toBeUndefined();
    const done = await respond(retry, code);
    const idToken = (done.AuthenticationResult as { IdToken: string }).IdToken;

    // Assess: one SMS, a verified-phone ID token, one reward
    expect(outbox.messages.filter((m) => m.phoneNumber === intl)).toHaveLength(1);
    const tokenFields = authorizerFields(idToken);
    expect(tokenFields).toMatchObject({
      phone_number: intl,
      phone_number_verified: 'true',
      token_use: 'id',
    });
    const spin = statusAndBody(await createSpin(httpEvent({ body: {}, tokenFields })));
    expect(spin.status).toBe(200);
    expect(spin.body).toMatchObject({ offer: 'Free Side' });
    expect(statusAndBody(await startOtp(httpEvent({ body: { phoneNumber: local } })))).toEqual({
      status: 409,
      body: { code: 'ALREADY_HAS_REWARD', message: MESSAGES.alreadyHasReward },
    });
  });

  it('ends the session after 3 wrong answers (NotAuthorizedException, never CodeMismatch)', async () => {
    const { local, intl } = testPhone(5002);
    await startOtp(httpEvent({ body: { phoneNumber: local } }));
    let step = await initiate(intl);
    const code = outbox.latestCode(intl)!;
    step = await respond(step, wrongCode(code));
    step = await respond(step, wrongCode(code));
    await expect(respond(step, wrongCode(code))).rejects.toMatchObject({
      type: 'NotAuthorizedException',
    });
    await expect(respond(step, code)).rejects.toMatchObject({ type: 'NotAuthorizedException' });
  });

  it('answers a clear 429 before sign-in once the number has used its minute, and Cognito sends nothing either', async () => {
    const { local, intl } = testPhone(5003);
    await awayFromMinuteEdge();
    await startOtp(httpEvent({ body: { phoneNumber: local } }));
    const first = await initiate(intl);
    await respond(first, outbox.latestCode(intl)!); // signed in: the code is spent
    expect(statusAndBody(await startOtp(httpEvent({ body: { phoneNumber: local } })))).toEqual({
      status: 429,
      body: { code: 'SMS_PER_MINUTE', message: API_MESSAGES.smsPerMinute },
    });
    // Straight at Cognito, without the refused grant: a challenge like any other, and no SMS.
    expect((await initiate(intl)).ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(outbox.messages.filter((m) => m.phoneNumber === intl)).toHaveLength(1);
  });

  it('decides in order though it reads together: a reward before a used-up minute, a code still usable before the budgets', async () => {
    // A code sent and not yet answered: asking again in the same minute reuses it (202), where a
    // new code would be refused by the minute's budget.
    const { local, intl } = testPhone(5004);
    await awayFromMinuteEdge();
    expect((await startOtp(httpEvent({ body: { phoneNumber: local } }))).statusCode).toBe(202);
    const step = await initiate(intl);
    // The session answers with the key of the otp/start whose code it carries (a key answers
    // only the code its grant armed).
    const sessionKey = latestKey;
    expect((await startOtp(httpEvent({ body: { phoneNumber: local } }))).statusCode).toBe(202);

    // Signed in and won in that minute: 409 for the reward, not the minute's 429.
    latestKey = sessionKey;
    const done = await respond(step, outbox.latestCode(intl)!);
    const idToken = (done.AuthenticationResult as { IdToken: string }).IdToken;
    const tokenFields = authorizerFields(idToken);
    expect((await createSpin(httpEvent({ body: {}, tokenFields }))).statusCode).toBe(200);
    expect(statusAndBody(await startOtp(httpEvent({ body: { phoneNumber: local } })))).toEqual({
      status: 409,
      body: { code: 'ALREADY_HAS_REWARD', message: MESSAGES.alreadyHasReward },
    });
    expect(outbox.messages.filter((m) => m.phoneNumber === intl)).toHaveLength(1);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    for (const body of [
      {},
      { phoneNumber: '0512345678' },
      { phoneNumber: '041234567' },
      { phoneNumber: '0412345678', x: 1 },
    ]) {
      expect(statusAndBody(await startOtpHandler(httpEvent({ body }))).status).toBe(400);
    }
    await expect(
      standIn.call('AdminGetUser', {
        UserPoolId: standIn.pools.visitor.poolId,
        Username: '+61412345678',
      }),
    ).rejects.toMatchObject({ type: 'UserNotFoundException' });
  });
});
