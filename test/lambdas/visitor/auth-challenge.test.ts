import type {
  CreateAuthChallengeTriggerEvent,
  DefineAuthChallengeTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeChallenge, verifyCodeAnswer } from '../../../lambdas/domain/auth-challenge';
import { defineNextStep, type SessionEntry } from '../../../lambdas/domain/auth-define';
import { CODE_AUTHORIZATION_MS } from '../../../lambdas/domain/otp-delivery';
import { authorizeCode } from '../../../lambdas/repositories/otp-grants';
import { SIGN_IN_KEY_METADATA } from '@shared/definitions';
import { issueSignInKey } from '../../../lambdas/domain/sign-in-key';
import { sendSms } from '../../../lambdas/lib/sms';
import { handler as createTrigger } from '../../../lambdas/triggers/create-auth-challenge';
import { handler as defineTrigger } from '../../../lambdas/triggers/define-auth-challenge';
import { handler as verifyTrigger } from '../../../lambdas/triggers/verify-auth-challenge';
import { OTP_MAX_ATTEMPTS } from '@shared/constants';
import { businessDay } from '@shared/business-day';
import { businessTimeZone } from '../../../lambdas/lib/env';
import { readStats } from '../../../lambdas/repositories/stats';
import { startOutbox, testPhone, testSmsGuard, type Outbox } from './support';

let outbox: Outbox;
beforeAll(async () => {
  outbox = await startOutbox();
  process.env.SNS_ENDPOINT = outbox.url;
});
afterAll(async () => {
  delete process.env.SNS_ENDPOINT;
  await outbox.close();
});

const guard = testSmsGuard();
/** Fixed clock per test so windows cannot roll over mid-test; future, as DynamoDB Local applies TTL. */
const depsAt = (nowMs: number) => ({ guard, send: sendSms, nowMs: () => nowMs });
/** The sign-in key of each number's latest grant, sent with its answers as the page does. */
const keys = new Map<string, string>();
/** What POST /api/otp/start grants before each new SMS, and the sign-in key it returns. */
const grant = async (phone: string, nowMs: number) => {
  const { key, keyHash } = await issueSignInKey(phone, Date.now());
  await authorizeCode(phone, nowMs + CODE_AUTHORIZATION_MS, undefined, { keyHashes: [keyHash] });
  keys.set(phone, key);
};
/** Verify's answer, carrying the number's sign-in key. */
const answer = (phone: string, params: Record<string, string>, text: string) =>
  verifyCodeAnswer(phone, params, text, false, keys.get(phone));
const sent = (phone: string) => outbox.messages.filter((m) => m.phoneNumber === phone).length;

const wrong: SessionEntry = { challengeName: 'CUSTOM_CHALLENGE', challengeResult: false };
const right: SessionEntry = { challengeName: 'CUSTOM_CHALLENGE', challengeResult: true };

describe('defineNextStep', () => {
  it('challenges first, issues tokens after a right answer, and fails after 3 wrong answers', () => {
    expect(defineNextStep([])).toEqual({
      challengeName: 'CUSTOM_CHALLENGE',
      issueTokens: false,
      failAuthentication: false,
    });
    expect(defineNextStep([wrong, right])).toEqual({
      issueTokens: true,
      failAuthentication: false,
    });
    expect(defineNextStep([wrong, wrong])).toMatchObject({ challengeName: 'CUSTOM_CHALLENGE' });
    expect(defineNextStep(Array<SessionEntry>(OTP_MAX_ATTEMPTS).fill(wrong))).toEqual({
      issueTokens: false,
      failAuthentication: true,
    });
  });

  it('takes an unknown user through the same steps but never to tokens, and fails any challenge kind it never offers', () => {
    expect(defineNextStep([], true)).toEqual(defineNextStep([]));
    expect(defineNextStep([wrong], true)).toEqual(defineNextStep([wrong]));
    expect(defineNextStep(Array<SessionEntry>(OTP_MAX_ATTEMPTS).fill(wrong), true)).toEqual(
      defineNextStep(Array<SessionEntry>(OTP_MAX_ATTEMPTS).fill(wrong)),
    );
    expect(defineNextStep([right], true)).toMatchObject({ failAuthentication: true });
    expect(defineNextStep([{ challengeName: 'SRP_A', challengeResult: true }])).toMatchObject({
      failAuthentication: true,
    });
  });
});

describe('code challenge', () => {
  it('sends one SMS, keeps the code across wrong answers in the session, and accepts the right one', async () => {
    // Prepare
    const { intl } = testPhone(3001);
    const deps = depsAt(Date.UTC(2099, 1, 1, 9));
    await grant(intl, deps.nowMs());
    // Act: first challenge
    const first = await createCodeChallenge(intl, [], deps);
    const code = outbox.latestCode(intl)!;
    // Assess: one SMS; the code is nowhere in what Cognito shows the client or stores
    expect(sent(intl)).toBe(1);
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(first)).not.toContain(code);
    expect(first.publicChallengeParameters).toEqual({});
    // A wrong answer, then Cognito asks for a new challenge in the same session: same code, no SMS
    expect(
      await answer(intl, first.privateChallengeParameters, code === '000000' ? '000001' : '000000'),
    ).toBe(false);
    const second = await createCodeChallenge(
      intl,
      [{ ...wrong, challengeMetadata: first.challengeMetadata }],
      deps,
    );
    expect(second.privateChallengeParameters).toEqual(first.privateChallengeParameters);
    expect(sent(intl)).toBe(1);
    expect(await answer(intl, second.privateChallengeParameters, code)).toBe(true);
  });

  it('reuses the code for a retried Create (or any challenge within the minute) instead of sending a second SMS', async () => {
    const { intl } = testPhone(3002);
    const t0 = Date.UTC(2099, 1, 1, 10);
    await grant(intl, t0);
    const a = await createCodeChallenge(intl, [], depsAt(t0));
    const b = await createCodeChallenge(intl, [], depsAt(t0 + 4_000));
    const c = await createCodeChallenge(intl, [], depsAt(t0 + 8_000));
    expect(b.privateChallengeParameters).toEqual(a.privateChallengeParameters);
    expect(c.privateChallengeParameters).toEqual(a.privateChallengeParameters);
    expect(sent(intl)).toBe(1);
    // Any later challenge within the minute carries the same code: only a sign-in key lets an
    // answer count, so challenges strangers start use up nothing of the visitor's.
    const more = await createCodeChallenge(intl, [], depsAt(t0 + 30_000));
    expect(more.privateChallengeParameters).toEqual(a.privateChallengeParameters);
    expect(sent(intl)).toBe(1);
    // A minute later a new code is sent.
    await grant(intl, t0 + 61_000);
    const d = await createCodeChallenge(intl, [], depsAt(t0 + 61_000));
    expect(d.privateChallengeParameters).not.toEqual(a.privateChallengeParameters);
    expect(sent(intl)).toBe(2);
  });

  it('counts each SMS sent for the owner’s insights: not a reused code, not a failed send', async () => {
    const { intl } = testPhone(3010);
    const { intl: other } = testPhone(3011);
    const t0 = Date.UTC(2098, 5, 15, 2);
    const codesThatDay = async () =>
      (await readStats([businessDay(new Date(t0), businessTimeZone())]))[0]!.counts.codes;
    await grant(intl, t0);
    await createCodeChallenge(intl, [], depsAt(t0));
    await createCodeChallenge(intl, [], depsAt(t0 + 4_000));
    await grant(other, t0);
    const failing = {
      ...depsAt(t0),
      send: () => Promise.reject(Object.assign(new Error('down'), { name: 'ThrottlingException' })),
    };
    await expect(createCodeChallenge(other, [], failing)).rejects.toThrow();

    expect(sent(intl)).toBe(1);
    expect(await codesThatDay()).toBe(1);
  });

  it('spends a code once it was answered right, so no later session reuses it', async () => {
    const { intl } = testPhone(3003);
    const t0 = Date.UTC(2099, 1, 1, 11);
    await grant(intl, t0);
    const a = await createCodeChallenge(intl, [], depsAt(t0));
    expect(await answer(intl, a.privateChallengeParameters, outbox.latestCode(intl)!)).toBe(true);
    await grant(intl, t0 + 5_000);
    await expect(createCodeChallenge(intl, [], depsAt(t0 + 5_000))).rejects.toMatchObject({
      code: 'SMS_PER_MINUTE',
    });
  });

  it('sends nothing, and spends no budget, without a grant from POST /api/otp/start: the challenge looks like any other and no code answers it', async () => {
    const { intl } = testPhone(3004);
    const t0 = Date.UTC(2099, 1, 1, 12);
    /** A challenge without a grant: same shape, and no 6-digit answer is right. */
    const unanswerable = async (nowMs: number) => {
      const challenge = await createCodeChallenge(intl, [], depsAt(nowMs));
      expect(Object.keys(challenge.privateChallengeParameters).sort()).toEqual(['hash', 'salt']);
      expect(challenge.publicChallengeParameters).toEqual({});
      for (const code of ['000000', '123456', '999999'])
        expect(await answer(intl, challenge.privateChallengeParameters, code)).toBe(false);
    };
    // A sign-in started straight at Cognito: no grant.
    await unanswerable(t0);
    expect(sent(intl)).toBe(0);
    // The number's per-minute budget is untouched: the visitor's own request still sends.
    await grant(intl, t0 + 1_000);
    await createCodeChallenge(intl, [], depsAt(t0 + 1_000));
    expect(sent(intl)).toBe(1);
    // One grant, one SMS: past the reuse window a new code needs a new grant.
    await unanswerable(t0 + 70_000);
    // An expired grant counts for nothing.
    await grant(intl, t0 + 80_000);
    await unanswerable(t0 + 80_000 + CODE_AUTHORIZATION_MS);
    expect(sent(intl)).toBe(1);
  });

  it('answers a user that does not exist (userNotFound) with an unanswerable challenge and no SMS', async () => {
    const challenge = await createCodeChallenge(
      undefined,
      [],
      depsAt(Date.UTC(2099, 1, 1, 13)),
      true,
    );
    expect(challenge.publicChallengeParameters).toEqual({});
    expect(
      await verifyCodeAnswer(undefined, challenge.privateChallengeParameters, '123456', true),
    ).toBe(false);
  });

  it('sends nothing to a number that is not an Australian mobile', async () => {
    await expect(
      createCodeChallenge('+447700900123', [], depsAt(Date.now())),
    ).rejects.toMatchObject({
      code: 'NOT_AU_MOBILE',
    });
    await expect(createCodeChallenge(undefined, [], depsAt(Date.now()))).rejects.toMatchObject({
      status: 400,
    });
    expect(outbox.messages.some((m) => m.phoneNumber === '+447700900123')).toBe(false);
  });
});

const base = (phone: string) => ({
  version: '1',
  region: 'ap-southeast-2',
  userPoolId: 'ap-southeast-2_test',
  userName: `uuid-${phone}`,
  callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'client' },
});
const attributes = (phone: string) => ({
  sub: `uuid-${phone}`,
  phone_number: phone,
  phone_number_verified: 'true',
  'cognito:user_status': 'FORCE_CHANGE_PASSWORD',
});

describe('trigger handlers', () => {
  it('run a whole sign-in: define, create (SMS), verify wrong then right, tokens', async () => {
    const { intl } = testPhone(3100 + (Math.floor(Date.now() / 60_000) % 1000));
    await grant(intl, Date.now());
    const define = (session: SessionEntry[]) =>
      defineTrigger({
        ...base(intl),
        triggerSource: 'DefineAuthChallenge_Authentication',
        request: { userAttributes: attributes(intl), session },
        response: { challengeName: undefined, issueTokens: false, failAuthentication: false },
      } as DefineAuthChallengeTriggerEvent);
    const create = (session: SessionEntry[]) =>
      createTrigger({
        ...base(intl),
        triggerSource: 'CreateAuthChallenge_Authentication',
        request: { userAttributes: attributes(intl), challengeName: 'CUSTOM_CHALLENGE', session },
        response: {
          publicChallengeParameters: {},
          privateChallengeParameters: {},
          challengeMetadata: '',
        },
      } as unknown as CreateAuthChallengeTriggerEvent);
    const verify = (privateChallengeParameters: Record<string, string>, challengeAnswer: string) =>
      verifyTrigger({
        ...base(intl),
        triggerSource: 'VerifyAuthChallengeResponse_Authentication',
        request: {
          userAttributes: attributes(intl),
          privateChallengeParameters,
          challengeAnswer,
          clientMetadata: { [SIGN_IN_KEY_METADATA]: keys.get(intl) ?? '' },
        },
        response: { answerCorrect: false },
      } as VerifyAuthChallengeResponseTriggerEvent);

    expect((await define([])).response.challengeName).toBe('CUSTOM_CHALLENGE');
    const c1 = await create([]);
    const code = outbox.latestCode(intl)!;
    const bad = code === '111111' ? '222222' : '111111';
    expect((await verify(c1.response.privateChallengeParameters, bad)).response.answerCorrect).toBe(
      false,
    );
    const s1: SessionEntry[] = [{ ...wrong, challengeMetadata: c1.response.challengeMetadata }];
    expect((await define(s1)).response.challengeName).toBe('CUSTOM_CHALLENGE');
    const c2 = await create(s1);
    expect(
      (await verify(c2.response.privateChallengeParameters, code)).response.answerCorrect,
    ).toBe(true);
    const done = await define([
      ...s1,
      { ...right, challengeMetadata: c2.response.challengeMetadata },
    ]);
    expect(done.response).toMatchObject({ issueTokens: true, failAuthentication: false });
    expect(sent(intl)).toBe(1);
  });

  it('Create re-throws a limit with its code and message and masks other failures', async () => {
    const event = {
      ...base('+447700900123'),
      triggerSource: 'CreateAuthChallenge_Authentication',
      request: {
        userAttributes: attributes('+447700900123'),
        challengeName: 'CUSTOM_CHALLENGE',
        session: [],
      },
      response: {
        publicChallengeParameters: {},
        privateChallengeParameters: {},
        challengeMetadata: '',
      },
    } as unknown as CreateAuthChallengeTriggerEvent;
    await expect(createTrigger(event)).rejects.toThrow(/^NOT_AU_MOBILE: Only Australian mobile/);
  });
});
