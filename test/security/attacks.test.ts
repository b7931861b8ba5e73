/**
 * The attacks found by trying the product as an attacker would, each reproduced against the real
 * handlers, the Cognito stand-in with the real triggers and the API emulation behind what
 * CloudFront does; each must be stopped. The figures go to the `npm test` security summary.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_CODES_PER_HOUR_DEFAULT } from '@shared/constants';
import { API_MESSAGES } from '@shared/messages-api';
import type { Slice } from '@shared/types';
import {
  clientAddress,
  DEFAULT_CLIENT,
  securityArea,
  STAFF_PASSWORDS,
  type Harness,
  initiateVisitorAuth,
  intlOf,
  type CognitoAnswer,
  TICKET_HOLDER,
} from './support';

let harness: Harness;
const { tally, figures } = securityArea('attacks', ['admin'], (started) => (harness = started));

beforeAll(async () => {
  const admin = (await harness.staffTokens('admin', STAFF_PASSWORDS.admin)).idToken;
  const prize = await harness.send({
    method: 'POST',
    url: '/api/slices',
    token: admin,
    body: { name: 'Free Side' },
  });
  if (prize.status !== 201) throw new Error(`no prize: ${prize.text}`);
}, 60_000);

const attack = (stopped: boolean): void => tally.attack(stopped);

type Answer = CognitoAnswer;

const smsTo = (intl: string) => harness.outbox.messages.filter((m) => m.phoneNumber === intl);
const start = async (local: string, from: string, headers: Record<string, string> = {}) =>
  harness.send({
    method: 'POST',
    url: '/api/otp/start',
    body: { phoneNumber: local, altcha: await harness.otpAltcha(from) },
    from,
    headers,
  });
const initiate = (intl: string): Promise<Answer> => initiateVisitorAuth(harness, intl);
const refused = (call: Promise<unknown>): Promise<{ type: string; message: string } | undefined> =>
  call.then(
    () => undefined,
    (error: unknown) => error as { type: string; message: string },
  );
const userExists = (intl: string) =>
  harness.cognito
    .call('AdminGetUser', { UserPoolId: harness.cognito.pools.visitor.poolId, Username: intl })
    .then(
      () => true,
      () => false,
    );
/** A challenge from GET /api/spins/challenge, solved as the browser solves it. */
const solved = async () => {
  const challenge = (await harness.send({ method: 'GET', url: '/api/spins/challenge' }))
    .json as Challenge;
  return { challenge, solution: (await solveChallenge({ challenge, deriveKey }))! };
};

/** Headers a client might send to pass for someone else. */
const spoofed = (n: number): Record<string, string> => ({
  'x-forwarded-for': `192.0.2.${n % 250}`,
  'cloudfront-viewer-address': `192.0.2.${n % 250}:443`,
  'x-viewer-address': `192.0.2.${n % 250}`,
  'x-origin-verify': 'guess',
});

describe('attacks', () => {
  it('one client with a loop and spoofed headers gets its hourly codes and no more; real visitors still get theirs', async () => {
    const attempts = 40;
    let granted = 0;
    let sent = 0;
    let users = 0;
    for (let n = 0; n < attempts; n++) {
      const local = `04100${String(n).padStart(5, '0')}`;
      const started = await start(local, DEFAULT_CLIENT, spoofed(n));
      if (started.status === 202) granted++;
      // Past its codes the client is refused; past its lookups (every otp/start is one) too.
      else
        expect([
          { code: 'CLIENT_CODE_LIMIT', message: API_MESSAGES.clientCodeLimit },
          { code: 'CLIENT_LOOKUP_LIMIT', message: API_MESSAGES.clientLookupLimit },
        ]).toContainEqual(started.json);
      // The attacker starts the sign-in at Cognito whatever the API said.
      await refused(initiate(intlOf(local)));
      sent += smsTo(intlOf(local)).length;
      if (await userExists(intlOf(local))) users++;
    }
    attack(sent <= CLIENT_CODES_PER_HOUR_DEFAULT);
    attack(users <= CLIENT_CODES_PER_HOUR_DEFAULT);
    expect([granted, sent, users]).toEqual([
      CLIENT_CODES_PER_HOUR_DEFAULT,
      CLIENT_CODES_PER_HOUR_DEFAULT,
      CLIENT_CODES_PER_HOUR_DEFAULT,
    ]);
    figures.push(`${attempts} numbers from one client -> ${sent} codes sent, ${users} users made`);

    // A real visitor elsewhere is unaffected.
    const visitor = '0410099999';
    expect((await start(visitor, clientAddress(9001))).status).toBe(202);
    await initiate(intlOf(visitor));
    expect(smsTo(intlOf(visitor))).toHaveLength(1);
  });

  it('a sign-in started straight at Cognito sends nothing: not to a winner, not to burn a victim budget', async () => {
    // A winner.
    const winner = '0420000001';
    const token = await harness.visitorToken(winner);
    expect(
      (await harness.send({ method: 'POST', url: '/api/spins', token, body: {} })).status,
    ).toBe(200);
    const before = smsTo(intlOf(winner)).length;
    // A victim, never signed in.
    const victim = '0420000002';
    await harness.cognito.call('AdminCreateUser', {
      UserPoolId: harness.cognito.pools.visitor.poolId,
      Username: intlOf(victim),
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'phone_number', Value: intlOf(victim) },
        { Name: 'phone_number_verified', Value: 'true' },
      ],
    });

    const direct = 12;
    for (let i = 0; i < direct; i++) {
      for (const intl of [intlOf(winner), intlOf(victim)]) {
        // Cognito answers with a challenge, as for any number (docs/security.md), but no SMS
        // goes out and no answer signs in.
        const sentBefore = smsTo(intl).length;
        const answer = await initiate(intl);
        attack(answer.ChallengeName === 'CUSTOM_CHALLENGE' && smsTo(intl).length === sentBefore);
        expect(answer.ChallengeName).toBe('CUSTOM_CHALLENGE');
      }
    }
    const winnerTexts = smsTo(intlOf(winner)).length - before;
    const victimTexts = smsTo(intlOf(victim)).length;
    expect([winnerTexts, victimTexts]).toEqual([0, 0]);
    figures.push(`${direct * 2} sign-ins straight at Cognito -> ${winnerTexts + victimTexts} SMS`);

    // The victim's own request still gets a code at once: nothing of its budget was spent.
    expect((await start(victim, clientAddress(9002))).status).toBe(202);
    await initiate(intlOf(victim));
    expect(smsTo(intlOf(victim))).toHaveLength(1);
    // And the winner is refused by the API as before.
    expect((await start(winner, clientAddress(9003))).json).toMatchObject({
      code: 'ALREADY_HAS_REWARD',
    });
  });

  it('the API refuses the per-client routes when called around CloudFront', async () => {
    for (const [url, body] of [
      ['/api/otp/start', { phoneNumber: '0430000001', altcha: await harness.otpAltcha() }],
      ['/api/users/exists', { phoneNumber: '0430000001' }],
      ['/api/spins/preview', { altcha: await solved() }],
    ] as const) {
      const answer = await harness.api.invoke({
        method: 'POST',
        url,
        headers: {
          host: 'abc.execute-api.ap-southeast-2.amazonaws.com',
          'content-type': 'application/json',
          ...spoofed(1),
        },
        body: Buffer.from(JSON.stringify(body)),
        sourceIp: '192.0.2.1',
        host: 'abc.execute-api.ap-southeast-2.amazonaws.com',
      });
      attack(answer.status === 403);
      expect([answer.status, JSON.parse(answer.body.toString('utf8'))]).toEqual([
        403,
        { code: 'NOT_VIA_SITE', message: API_MESSAGES.notViaSite },
      ]);
    }
    expect(await userExists(intlOf('0430000001'))).toBe(false);
    figures.push('3 per-client routes called around CloudFront -> 403');
  });

  it('one client cannot sweep numbers through the reward lookup', async () => {
    let answered = 0;
    const tries = 40;
    for (let n = 0; n < tries; n++) {
      const answer = await harness.send({
        method: 'POST',
        url: '/api/users/exists',
        body: {
          phoneNumber: `04400${String(n).padStart(5, '0')}`,
          altcha: await harness.otpAltcha(clientAddress(7000)),
        },
        from: clientAddress(7000),
        headers: spoofed(n),
      });
      if (answer.status === 200) answered++;
      else
        expect(answer.json).toEqual({
          code: 'CLIENT_LOOKUP_LIMIT',
          message: API_MESSAGES.clientLookupLimit,
        });
    }
    attack(answered <= 30);
    expect(answered).toBe(30);
    figures.push(`${tries} lookups from one client -> ${answered} answered`);
  });

  it('prize shopping: previews cost work, are counted per client and end with the spin-first game', async () => {
    const admin = (await harness.staffTokens('admin', STAFF_PASSWORDS.admin)).idToken;
    const setMode = (spinMode: string) =>
      harness.send({
        method: 'PUT',
        url: '/api/settings/game',
        token: admin,
        body: { itemBackgroundColors: [], spinMode },
      });
    const preview = (altcha: unknown, n: number) =>
      harness.send({
        method: 'POST',
        url: '/api/spins/preview',
        body: { altcha, holder: TICKET_HOLDER },
        from: clientAddress(8000),
        headers: spoofed(n),
      });

    expect((await setMode('spin-first')).status).toBe(200);
    const tries = 20;
    let drawn = 0;
    for (let n = 0; n < tries; n++) if ((await preview(await solved(), n)).status === 200) drawn++;
    attack(drawn <= 10);
    expect(drawn).toBe(10);
    // A solved challenge buys one draw, whoever replays it.
    const once = await solved();
    expect(
      (
        await harness.send({
          method: 'POST',
          url: '/api/spins/preview',
          body: { altcha: once, holder: TICKET_HOLDER },
          from: clientAddress(8001),
        })
      ).status,
    ).toBe(200);
    const replay = await harness.send({
      method: 'POST',
      url: '/api/spins/preview',
      body: { altcha: once, holder: TICKET_HOLDER },
      from: clientAddress(8002),
    });
    attack(replay.status === 400);
    expect(replay.json).toMatchObject({ code: 'CHALLENGE_INVALID' });
    // Verify-first: no previews at all.
    expect((await setMode('verify-first')).status).toBe(200);
    const refusedPreview = await harness.send({
      method: 'POST',
      url: '/api/spins/preview',
      body: { altcha: await solved(), holder: TICKET_HOLDER },
      from: clientAddress(8003),
    });
    attack(refusedPreview.status === 409);
    expect(refusedPreview.json).toMatchObject({ code: 'PREVIEW_NOT_OFFERED' });
    figures.push(
      `${tries} previews from one client with spoofed headers -> ${drawn} drawn; a replayed challenge -> ${replay.status}; verify-first -> ${refusedPreview.status}`,
    );
  });

  it('the wheel tells no one the odds or the stock', async () => {
    const admin = (await harness.staffTokens('admin', STAFF_PASSWORDS.admin)).idToken;
    const created = await harness.send({
      method: 'POST',
      url: '/api/slices',
      token: admin,
      body: { name: 'Rare', weight: 1, stock: 2 },
    });
    expect(created.status).toBe(201);
    const wheel = await harness.send({ method: 'GET', url: '/api/wheel' });
    const text = JSON.stringify((wheel.json as { slices: unknown }).slices);
    attack(!/"weight"|"stock"/.test(text));
    expect(text).not.toMatch(/"weight"|"stock"/);
    await harness.send({
      method: 'DELETE',
      url: `/api/slices/${(created.json as Slice).id}`,
      token: admin,
    });
  });

  it('sessions end: a password reset and a Logout leave the old tokens worthless', async () => {
    await harness.createStaffUser('operator', STAFF_PASSWORDS.operator, 'operator');
    const signIn = async (password: string) =>
      (
        await harness.cognito.call('AdminInitiateAuth', {
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          UserPoolId: harness.cognito.pools.staff.poolId,
          ClientId: harness.cognito.pools.staff.clientId,
          AuthParameters: { USERNAME: 'operator', PASSWORD: password },
        })
      ).AuthenticationResult as { IdToken: string; RefreshToken: string };
    const refresh = (token: string) =>
      refused(
        harness.cognito.call('InitiateAuth', {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: harness.cognito.pools.staff.clientId,
          AuthParameters: { REFRESH_TOKEN: token },
        }),
      );
    const listUsers = (token: string) => harness.send({ method: 'GET', url: '/api/users', token });

    // The shop device signed in a minute before the reset.
    harness.setClockOffset(-60_000);
    const shopDevice = await signIn(STAFF_PASSWORDS.operator);
    harness.setClockOffset(0);
    expect((await listUsers(shopDevice.IdToken)).status).toBe(200);
    const admin = (await harness.staffTokens('admin', STAFF_PASSWORDS.admin)).idToken;
    const reset = await harness.send({
      method: 'PUT',
      url: '/api/accounts/operator/password',
      token: admin,
      body: { password: 'operator-new-pw' },
    });
    expect(reset.status).toBe(200);
    const refreshRefused = await refresh(shopDevice.RefreshToken);
    const listAfter = (await listUsers(shopDevice.IdToken)).status;
    attack(refreshRefused !== undefined);
    attack(listAfter === 401);
    expect(refreshRefused?.type).toBe('NotAuthorizedException');
    expect(listAfter).toBe(401);

    // Logout revokes the device's refresh token.
    const next = await signIn('operator-new-pw');
    await harness.cognito.call('RevokeToken', {
      ClientId: harness.cognito.pools.staff.clientId,
      Token: next.RefreshToken,
    });
    const afterLogout = await refresh(next.RefreshToken);
    attack(afterLogout !== undefined);
    figures.push(
      `old operator session after a password reset -> refresh ${refreshRefused?.type}, customer list ${listAfter}; after Logout -> refresh ${afterLogout?.type}`,
    );
  });

  it('a stale admin edit cannot give back stock that wins have used', async () => {
    const admin = (await harness.staffTokens('admin', STAFF_PASSWORDS.admin)).idToken;
    const make = async (body: Record<string, unknown>) =>
      (await harness.send({ method: 'POST', url: '/api/slices', token: admin, body }))
        .json as Slice;
    const scarce = await make({ name: 'Scarce', weight: 1000, stock: 3 });
    const other = await make({ name: 'Other', weight: 1 });
    // The admin opens the dialog at stock 3; then visitors win it.
    const loaded = scarce;
    let wins = 0;
    for (let n = 0; wins < 3 && n < 30; n++) {
      const token = await harness.visitorToken(`04500${String(n).padStart(5, '0')}`);
      const spun = await harness.send({ method: 'POST', url: '/api/spins', token, body: {} });
      if ((spun.json as { sliceId: string }).sliceId === scarce.id) wins++;
    }
    expect(wins).toBe(3);
    const saved = await harness.send({
      method: 'PUT',
      url: `/api/slices/${scarce.id}`,
      token: admin,
      body: {
        name: 'Scarce',
        comment: 'typo fixed',
        weight: 1000,
        stock: 3,
        expectedUpdatedAt: loaded.updatedAt,
        expectedStock: loaded.stock,
      },
    });
    attack(saved.status === 409);
    expect(saved.json).toEqual({ code: 'SLICE_CHANGED', message: API_MESSAGES.sliceChanged });
    const slices = (await harness.send({ method: 'GET', url: '/api/slices', token: admin }))
      .json as Slice[];
    const stock = slices.find((s) => s.id === scarce.id)?.stock;
    expect(stock).toBe(0);
    figures.push(`stale edit after 3 wins -> ${saved.status}, stock stays ${stock}`);
    for (const slice of [scarce, other])
      await harness.send({ method: 'DELETE', url: `/api/slices/${slice.id}`, token: admin });
  });
});
