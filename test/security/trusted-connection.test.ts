/**
 * The shop's Wi-Fi (docs/security.md, "A trusted connection"): the admin trusts the connection
 * they are on, which raises that address's code budget; a visitor cannot make their own address
 * trusted; every refused code says when to come back (Retry-After) and is counted by reason for
 * the owner's insights. On the Cognito stand-in with the real triggers and the HTTP API emulation,
 * at the product's default budget of 20 codes an hour per address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_CODES_PER_HOUR_DEFAULT, TRUSTED_CLIENT_CODES_PER_HOUR } from '@shared/constants';
import { trustedConnectionsSchema } from '@shared/trusted-connection';
import type { Insights, TrustedConnections } from '@shared/types';
import {
  initiateVisitorAuth,
  intlOf,
  startHarness,
  STAFF_PASSWORDS,
  type Harness,
} from './support';

/** The shop's Wi-Fi, the admin's connection there, and a café down the road (TEST-NET-2). */
const SHOP = '198.51.100.10';
const CAFE = '198.51.100.20';
/**
 * Visitors at each: a couple past the default budget shows both the raise at the shop and the
 * refusal at the café; each is an otp/start with its proof of work and, when granted, a code sent.
 */
const VISITORS = CLIENT_CODES_PER_HOUR_DEFAULT + 2;

let harness: Harness;
let admin: string;

beforeAll(async () => {
  delete process.env.CLIENT_CODES_PER_HOUR;
  harness = await startHarness();
  await harness.createStaffUser('admin', STAFF_PASSWORDS.admin, 'admin');
  await harness.createStaffUser('operator', STAFF_PASSWORDS.operator, 'operator');
  admin = (await harness.staffTokens('admin', STAFF_PASSWORDS.admin)).idToken;
}, 60_000);

afterAll(async () => {
  await harness?.stop();
});

const trusted = async (from: string): Promise<TrustedConnections> => {
  const answer = await harness.send({
    method: 'GET',
    url: '/api/trusted-connections',
    token: admin,
    from,
  });
  expect(answer.status).toBe(200);
  // The answer is exactly the record's schema: no field more, none missing.
  return trustedConnectionsSchema.parse((answer.json as { data: unknown }).data);
};

/** Visitor n's number at a connection: a block of its own per connection. */
const numberOf = (block: number, n: number) =>
  `04${String(block).padStart(2, '0')}${String(n).padStart(6, '0')}`;

describe('trusting a connection', () => {
  it('takes the address CloudFront saw, never one the caller names, and only from an admin', async () => {
    const operator = (await harness.staffTokens('operator', STAFF_PASSWORDS.operator)).idToken;
    const visitor = await harness.visitorToken('0499000001');
    const trust = (token: string | undefined, headers: Record<string, string> = {}, body = {}) =>
      harness.send({
        method: 'POST',
        url: '/api/trusted-connections',
        from: CAFE,
        body,
        headers,
        ...(token ? { token } : {}),
      });

    expect((await trust(undefined)).status).toBe(401);
    expect((await trust(visitor)).status).toBe(401);
    expect((await trust(operator)).status).toBe(403);
    expect((await trusted(SHOP)).trusted).toEqual([]);

    // An address in the body is refused outright.
    const inBody = await trust(admin, {}, { address: SHOP });
    expect(inBody.status).toBe(400);
    expect((await trusted(SHOP)).trusted).toEqual([]);

    // An admin at the café whose request names the shop's address every way a header can.
    const named = await trust(admin, {
      'x-viewer-address': SHOP,
      'x-forwarded-for': SHOP,
      'cloudfront-viewer-address': `${SHOP}:443`,
      forwarded: `for=${SHOP}`,
    });
    expect(named.status).toBe(200);
    const list = (named.json as { data: TrustedConnections }).data;
    expect(list.current).toEqual({ address: CAFE, trusted: true });
    expect(list.trusted.map((c) => c.address)).toEqual([CAFE]);

    // Removed again, by its id.
    const removed = await harness.send({
      method: 'DELETE',
      url: `/api/trusted-connections/${list.trusted[0]!.id}`,
      token: admin,
      from: SHOP,
    });
    expect(removed.status).toBe(200);
    expect((removed.json as { data: TrustedConnections }).data).toEqual({
      current: { address: SHOP, trusted: false },
      trusted: [],
    });
    const again = await harness.send({
      method: 'DELETE',
      url: `/api/trusted-connections/${list.trusted[0]!.id}`,
      token: admin,
      from: SHOP,
    });
    expect(again.status).toBe(404);
  });

  it(`lets ${VISITORS} visitors on the trusted Wi-Fi get codes in an hour; elsewhere the ${CLIENT_CODES_PER_HOUR_DEFAULT + 1}st is refused with its retry time and counted`, async () => {
    expect(TRUSTED_CLIENT_CODES_PER_HOUR).toBeGreaterThan(VISITORS);
    const trust = await harness.send({
      method: 'POST',
      url: '/api/trusted-connections',
      token: admin,
      from: SHOP,
    });
    expect((trust.json as { data: TrustedConnections }).data.current).toEqual({
      address: SHOP,
      trusted: true,
    });

    const run = async (block: number, from: string) => {
      const answers = [];
      for (let n = 0; n < VISITORS; n += 1) {
        const answer = await harness.startOtp(numberOf(block, n), from);
        // A code granted is sent when the page starts the sign-in.
        if (answer.status === 202) await initiateVisitorAuth(harness, intlOf(numberOf(block, n)));
        answers.push(answer);
      }
      return answers;
    };
    const atShop = await run(11, SHOP);
    const atCafe = await run(12, CAFE);

    expect(atShop.map((a) => a.status)).toEqual(Array<number>(VISITORS).fill(202));
    const sentAtShop = harness.outbox.messages.filter((m) => m.phoneNumber.startsWith('+61411'));
    expect(sentAtShop).toHaveLength(VISITORS);

    const cafeStatuses = atCafe.map((a) => a.status);
    expect(cafeStatuses.slice(0, CLIENT_CODES_PER_HOUR_DEFAULT)).toEqual(
      Array<number>(CLIENT_CODES_PER_HOUR_DEFAULT).fill(202),
    );
    const refused = atCafe.slice(CLIENT_CODES_PER_HOUR_DEFAULT);
    expect(refused.map((a) => a.status)).toEqual(
      Array<number>(VISITORS - CLIENT_CODES_PER_HOUR_DEFAULT).fill(429),
    );
    const secondsToHourEnd = 3600 - (Math.floor(Date.now() / 1000) % 3600);
    for (const answer of refused) {
      expect(answer.json).toMatchObject({ code: 'CLIENT_CODE_LIMIT' });
      const retryAfter = Number(answer.headers['retry-after']);
      // The hour's window ends then (give or take the run's own seconds).
      expect(retryAfter).toBeGreaterThan(0);
      expect(Math.abs(retryAfter - secondsToHourEnd)).toBeLessThanOrEqual(VISITORS * 2);
    }

    // The owner sees them, by reason.
    const insights = await harness.send({ method: 'GET', url: '/api/insights', token: admin });
    const data = (insights.json as { data: Insights }).data;
    expect(data.refused).toEqual({
      connection: VISITORS - CLIENT_CODES_PER_HOUR_DEFAULT,
      number: 0,
      cap: 0,
    });

    // Trust removed: the shop's address is back on the default budget, already spent this hour.
    const { trusted: list } = await trusted(SHOP);
    await harness.send({
      method: 'DELETE',
      url: `/api/trusted-connections/${list[0]!.id}`,
      token: admin,
      from: SHOP,
    });
    const after = await harness.startOtp(numberOf(11, VISITORS), SHOP);
    expect(after.status).toBe(429);
    // About 45 otp/starts, each with its proof of work solved here: 20 s on a quiet machine.
  }, 90_000);

  it('counts a number refused by its own budget apart, with the minute to wait', async () => {
    const local = '0413000001';
    const from = '198.51.100.30';
    expect((await harness.startOtp(local, from)).status).toBe(202);
    const first = await initiateVisitorAuth(harness, intlOf(local));
    const code = harness.outbox.latestCode(intlOf(local))!;
    await harness.cognito.call('RespondToAuthChallenge', {
      ClientId: harness.cognito.pools.visitor.clientId,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: first.Session,
      ChallengeResponses: {
        USERNAME: (first.ChallengeParameters as Record<string, string>).USERNAME,
        ANSWER: code,
      },
    });
    const again = await harness.startOtp(local, from);
    // Either the minute or (across a minute's edge) nothing: only a refusal is checked here.
    if (again.status === 429) {
      expect(again.json).toMatchObject({ code: 'SMS_PER_MINUTE' });
      expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
      const insights = await harness.send({ method: 'GET', url: '/api/insights', token: admin });
      expect((insights.json as { data: Insights }).data.refused.number).toBe(1);
    }
  });
});
