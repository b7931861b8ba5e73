/**
 * Abuse of the verification flow and of staff sign-in, on the Cognito stand-in with the real
 * triggers and the HTTP API emulation: SMS limits and the deployment's hourly cap, code guessing,
 * expired and replayed auth sessions, foreign and landline numbers, visitor tokens on staff routes,
 * and staff username enumeration.
 */
process.env.SMS_HOURLY_CAP = '14';

import { describe, expect, it } from 'vitest';
import { POOLS } from '@shared/definitions';
import { API_MESSAGES } from '@shared/messages-api';
import { ROUTES, routePath } from '@shared/routes';
import {
  securityArea,
  type Harness,
  answerVisitorChallenge,
  initiateVisitorAuth,
  intlOf,
  signInKeyOf,
  type CognitoAnswer,
} from './support';

const HOURLY_CAP = 14;
/** Cognito's default auth session validity is 3 minutes; 4 is past it. */
/** A minute past the visitor pool's sign-in session (shared/definitions.ts, 5 minutes). */
const PAST_SESSION_MS = (POOLS.visitor.authSessionValidityMinutes + 1) * 60 * 1000;

let harness: Harness;
const { tally } = securityArea('abuse', ['admin'], (started) => (harness = started));

type Answer = CognitoAnswer;
type Refusal = { type: string; message: string };

const smsTo = (intl: string) => harness.outbox.messages.filter((m) => m.phoneNumber === intl);

/** The sign-in key of the latest otp/start let through: the visitor's answers carry it. */
let latestKey = '';
const start = async (local: string) => {
  const started = await harness.startOtp(local);
  if (started.status === 202) latestKey = signInKeyOf(started);
  return started;
};

const initiate = (username: string): Promise<Answer> => initiateVisitorAuth(harness, username);

const respond = (challenge: Answer, answer: string): Promise<Answer> =>
  answerVisitorChallenge(harness, challenge, answer, latestKey);

/** The Cognito error a call ends with, or undefined when it succeeded (a breach for an attack). */
const refusal = (call: Promise<unknown>): Promise<Refusal | undefined> =>
  call.then(
    () => undefined,
    (error: unknown) => error as Refusal,
  );

const attack = (refused: boolean): void => tally.attack(refused);

const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

/** Fixed one-minute windows: a step pair that must share a minute waits out a near boundary. */
async function awayFromMinuteEdge(): Promise<void> {
  const second = (Date.now() / 1000) % 60;
  if (second > 50) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
}

describe('abuse of phone verification', () => {
  it('sends one SMS a minute per number however often sign-in is restarted', async () => {
    // Prepare
    await awayFromMinuteEdge();
    const local = '0400000201';
    const intl = intlOf(local);
    expect((await start(local)).status).toBe(202);

    // Act: the first start sends; every restart within the minute carries that code, and an
    // answer without the sign-in key otp/start gave (a stranger's) is refused, even the right code.
    await initiate(intl);
    const code = harness.outbox.latestCode(intl)!;
    await initiate(intl);
    await initiate(intl);
    const fourth = await initiate(intl);
    const fourthAnswered = await answerVisitorChallenge(harness, fourth, code);
    // otp/start again within the minute reuses the code already sent.
    const again = await start(local);
    await initiate(intl);

    // Assess
    attack(fourthAnswered.AuthenticationResult === undefined);
    attack(smsTo(intl).length === 1);
    expect(fourth.ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(fourthAnswered.AuthenticationResult).toBeUndefined();
    expect(again.status).toBe(202);
    expect(smsTo(intl)).toHaveLength(1);
  });

  it('fails the session after 3 wrong codes; a 4th code, even the right one, is refused', async () => {
    const local = '0400000202';
    const intl = intlOf(local);
    await start(local);
    let step = await initiate(intl);
    const code = harness.outbox.latestCode(intl)!;
    step = await respond(step, wrong(code));
    step = await respond(step, wrong(code));
    const third = await refusal(respond(step, wrong(code)));
    const fourth = await refusal(respond(step, code));

    attack(third !== undefined);
    attack(fourth !== undefined);
    expect(third).toMatchObject({ type: 'NotAuthorizedException' });
    expect(fourth).toMatchObject({ type: 'NotAuthorizedException' });
  });

  it('refuses the right code in an expired session', async () => {
    const local = '0400000203';
    const intl = intlOf(local);
    await start(local);
    const challenge = await initiate(intl);
    harness.setClockOffset(PAST_SESSION_MS);
    const late = await refusal(respond(challenge, harness.outbox.latestCode(intl)!));
    harness.setClockOffset(0);

    attack(late !== undefined);
    expect(late).toMatchObject({
      type: 'NotAuthorizedException',
      message: expect.stringContaining('expired'),
    });
  });

  it('refuses a replayed session, after a wrong answer and after a sign-in', async () => {
    const local = '0400000204';
    const intl = intlOf(local);
    await start(local);
    const challenge = await initiate(intl);
    const code = harness.outbox.latestCode(intl)!;
    const next = await respond(challenge, wrong(code));
    const replayWrong = await refusal(respond(challenge, code));
    await respond(next, code);
    const replayUsed = await refusal(respond(next, code));

    attack(replayWrong !== undefined);
    attack(replayUsed !== undefined);
    expect(replayWrong?.message).toMatch(/only be used once/);
    expect(replayUsed?.message).toMatch(/only be used once/);
  });

  it.each([
    ['a UK number', '+447700900123'],
    ['a UK number without +', '447700900123'],
    ['a landline', '0212345678'],
    ['an international landline', '+61212345678'],
    ['a premium number', '1900123456'],
    ['a non-04 mobile-length number', '0512345678'],
  ])('sends no code to %s', async (_label, number) => {
    const before = harness.outbox.messages.length;
    const answer = await start(number);
    // Even if such a user existed in the pool, CreateAuthChallenge refuses to text it.
    const e164 = number.startsWith('+')
      ? number
      : number.startsWith('0')
        ? `+61${number.slice(1)}`
        : `+${number}`;
    await harness.cognito
      .call('AdminCreateUser', {
        UserPoolId: harness.cognito.pools.visitor.poolId,
        Username: e164,
        MessageAction: 'SUPPRESS',
      })
      .catch(() => undefined);
    const direct = await refusal(initiate(e164));

    attack(answer.status === 400);
    attack(direct !== undefined);
    expect(answer.status).toBe(400);
    expect(direct?.type).toBe('UserLambdaValidationException');
    expect(direct?.message).toContain('NOT_AU_MOBILE');
    expect(harness.outbox.messages.length).toBe(before);
  });

  it('refuses a visitor token on every staff and admin route', async () => {
    const visitor = await harness.visitorToken('0400000205');
    for (const route of ROUTES.filter((r) => r.auth === 'staff' || r.auth === 'admin')) {
      const answer = await harness.send({
        method: route.method,
        url: routePath(route.path, {
          id: '00000000-0000-4000-8000-000000000000',
          role: 'operator',
        }),
        token: visitor,
        body: {},
      });
      attack(answer.status === 401);
      expect(answer.status, route.id).toBe(401);
    }
  });

  it('stops all sending at the hourly cap, before and inside Cognito', async () => {
    // Prepare: a number whose user exists before the cap is reached
    const waiting = '0400000299';
    expect((await start(waiting)).status).toBe(202);

    // Act: new numbers until the API refuses
    let refused: { status: number; json: unknown } | undefined;
    for (let n = 300; n < 300 + HOURLY_CAP + 2 && !refused; n++) {
      const local = `0400000${n}`;
      const answer = await start(local);
      if (answer.status !== 202) refused = answer;
      else await initiate(intlOf(local));
    }
    const inside = await refusal(initiate(intlOf(waiting)));

    // Assess
    attack(refused?.status === 429);
    attack(inside !== undefined);
    expect(refused?.json).toEqual({ code: 'SMS_GLOBAL_CAP', message: API_MESSAGES.smsGlobalCap });
    expect(inside?.message).toContain('SMS_GLOBAL_CAP');
    expect(harness.outbox.messages).toHaveLength(HOURLY_CAP);
  }, 60_000);
});

describe('staff sign-in enumeration', () => {
  const signIn = (username: string, password: string) =>
    refusal(
      harness.cognito.call('AdminInitiateAuth', {
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        UserPoolId: harness.cognito.pools.staff.poolId,
        ClientId: harness.cognito.pools.staff.clientId,
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );

  async function medianMs(run: () => Promise<unknown>, times: number): Promise<number> {
    const samples: number[] = [];
    for (let i = 0; i < times; i++) {
      const started = performance.now();
      await run();
      samples.push(performance.now() - started);
    }
    return samples.sort((a, b) => a - b)[Math.floor(times / 2)]!;
  }

  it('answers a wrong username exactly as a wrong password, in about the same time', async () => {
    const unknownUser = await signIn('no-such-user', 'some-password');
    const wrongPassword = await signIn('admin', 'some-password');
    const unknownMs = await medianMs(() => signIn('no-such-user', 'some-password'), 15);
    const wrongMs = await medianMs(() => signIn('admin', 'some-password'), 15);

    attack(JSON.stringify(unknownUser) === JSON.stringify(wrongPassword));
    attack(unknownMs > wrongMs / 3);
    expect(unknownUser).toEqual(wrongPassword);
    expect({ type: unknownUser?.type, message: unknownUser?.message }).toEqual({
      type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(
      unknownMs,
      `unknown user ${unknownMs} ms vs wrong password ${wrongMs} ms`,
    ).toBeGreaterThan(wrongMs / 3);
  });
});
