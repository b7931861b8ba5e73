/**
 * What strangers cannot take from a visitor (docs/security.md), on the Cognito stand-in with the
 * real triggers and the HTTP API emulation, each address a client of its own: otp/start calls
 * that send nothing do not use up a number's owner's code; the reward lookup costs the work of a
 * code and is pooled per IPv6 /48 as codes are. The figures go to the `npm test` security summary.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import {
  CLIENT_LOOKUPS_PER_HOUR,
  CLIENT_PREVIEWS_PER_HOUR,
  IPV6_NETWORK_CODES_FACTOR,
  SMS_LIMIT_PER_DAY,
  SMS_LIMIT_PER_HOUR,
  SMS_LIMIT_PER_MINUTE,
} from '@shared/constants';
import {
  answerVisitorChallenge,
  clientAddress,
  initiateVisitorAuth,
  intlOf,
  pool,
  signInKeyOf,
  STAFF_PASSWORDS,
  securityArea,
  type Harness,
} from './support';

let harness: Harness;
const { tally, figures } = securityArea('owners', ['admin'], (started) => (harness = started));

let admin: string;

beforeAll(async () => {
  admin = (await harness.staffTokens('admin', STAFF_PASSWORDS.admin)).idToken;
}, 60_000);

/** A /56 of its own in the IPv6 /48 2001:db8:<network>::/48. */
const in56 = (network: number, n: number): string =>
  `2001:db8:${network.toString(16)}:${(n << 8).toString(16)}::1`;

describe('the owner of a number can always get a code', () => {
  it("25 addresses' otp/starts that send nothing leave the owner a code, within the number's budgets", async () => {
    // Prepare: a number strangers ask codes for from 25 addresses, 3 times each (an address's
    // most for one number), and never start the sign-in that would send one.
    const local = '0455000001';
    const intl = intlOf(local);
    const strangers = Array.from({ length: 25 }, (_, a) => clientAddress(5500 + a));
    const calls = strangers.flatMap((from) =>
      [0, 1, 2].map(() => () => harness.startOtp(local, from)),
    );

    // Act
    const answers = await pool(calls, 4);
    const owner = await harness.startOtp(local, clientAddress(5600));
    const ownerChallenge =
      owner.status === 202 ? await initiateVisitorAuth(harness, intl) : undefined;
    const code = harness.outbox.latestCode(intl);
    // A stranger's key from an otp/start that sent nothing, answering the owner's code right.
    const strangerKey = answers.map(signInKeyOf).find((key) => key !== '');
    const strangerSignIn = await initiateVisitorAuth(harness, intl);
    const strangerAnswer =
      code && strangerKey
        ? await answerVisitorChallenge(harness, strangerSignIn, code, strangerKey)
        : {};
    const ownerAnswer =
      ownerChallenge && code
        ? await answerVisitorChallenge(harness, ownerChallenge, code, signInKeyOf(owner))
        : {};

    // Assess
    const accepted = answers.filter((a) => a.status === 202).length;
    const sms = harness.outbox.messages.filter((m) => m.phoneNumber === intl).length;
    const ownerSignedIn = 'AuthenticationResult' in ownerAnswer;
    const strangerSignedIn = 'AuthenticationResult' in strangerAnswer;
    tally.attack(ownerSignedIn);
    tally.attack(!strangerSignedIn);
    tally.attack(sms <= SMS_LIMIT_PER_MINUTE);
    figures.push(
      `${answers.length} otp/starts from 25 addresses that sent nothing (${accepted} accepted, ${sms} SMS): the owner from a fresh address -> ${owner.status}, signed in ${ownerSignedIn ? 1 : 0} of 1; a stranger's key on the owner's code -> ${strangerSignedIn ? 'accepted' : 'refused'}`,
    );
    expect(owner.status).toBe(202);
    expect(ownerSignedIn).toBe(true);
    expect(strangerSignedIn).toBe(false);
    expect(sms).toBe(1);
    expect(sms).toBeLessThanOrEqual(
      Math.min(SMS_LIMIT_PER_MINUTE, SMS_LIMIT_PER_HOUR, SMS_LIMIT_PER_DAY),
    );
  }, 120_000);
});

describe('lookups pooled like codes', () => {
  const lookup = async (phoneNumber: string, from: string, withWork: boolean) =>
    harness.send({
      method: 'POST',
      url: '/api/users/exists',
      body: withWork ? { phoneNumber, altcha: await harness.otpAltcha(from) } : { phoneNumber },
      from,
    });

  it('refuses a lookup without the proof of work otp/start costs', async () => {
    const answer = await lookup('0456000001', clientAddress(5700), false);
    tally.attack(answer.status === 400);
    figures.push(`a lookup without proof of work -> ${answer.status}`);
    expect(answer.status).toBe(400);
  });

  it("answers one IPv6 /48's /56s no more lookups together than its pool", async () => {
    const pooled = Math.ceil(CLIENT_LOOKUPS_PER_HOUR * IPV6_NETWORK_CODES_FACTOR);
    const clients = pooled + 15;
    const answers = await pool(
      Array.from(
        { length: clients },
        (_, n) => () => lookup(`04560${String(n).padStart(5, '0')}`, in56(0x56, n), true),
      ),
      4,
    );
    const answered = answers.filter((a) => a.status === 200).length;
    tally.attack(answered <= pooled);
    // Another /48 is its own.
    const elsewhere = await lookup('0456100000', in56(0x57, 0), true);
    figures.push(
      `lookups from ${clients} /56s of one /48 -> ${answered} answered; another /48 -> ${elsewhere.status}`,
    );
    expect(answered).toBe(pooled);
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused.json).toMatchObject({ code: 'CLIENT_NETWORK_LIMIT' });
    expect(elsewhere.status).toBe(200);
  }, 120_000);
});

describe('spin-first tickets stay with the visitor who drew them', () => {
  /** A browser: its ticket secret, and the SHA-256 its previews name. */
  const browser = () => {
    const secret = randomBytes(32).toString('base64url');
    return { secret, holder: createHash('sha256').update(secret).digest('hex') };
  };
  const preview = async (from: string, holder: string) => {
    const challenge = (await harness.send({ method: 'GET', url: '/api/spins/challenge', from }))
      .json as Challenge;
    const altcha = { challenge, solution: (await solveChallenge({ challenge, deriveKey }))! };
    return harness.send({
      method: 'POST',
      url: '/api/spins/preview',
      body: { altcha, holder },
      from,
    });
  };
  const ticketOf = (answer: { json: unknown }) => (answer.json as { ticket?: string }).ticket ?? '';
  const exchange = async (local: string, body: Record<string, unknown>, from: string) =>
    harness.send({
      method: 'POST',
      url: '/api/spins',
      token: await harness.visitorToken(local),
      body,
      from,
    });
  const insightsRefused = async () =>
    (
      (await harness.send({ method: 'GET', url: '/api/insights', token: admin })).json as {
        data: { totals: { previewsRefused?: number } };
      }
    ).data.totals.previewsRefused ?? 0;

  beforeAll(async () => {
    await harness.send({
      method: 'POST',
      url: '/api/slices',
      token: admin,
      body: { name: 'Owners prize' },
    });
    const mode = await harness.send({
      method: 'PUT',
      url: '/api/settings/game',
      token: admin,
      body: { itemBackgroundColors: [], spinMode: 'spin-first' },
    });
    expect(mode.status).toBe(200);
  }, 60_000);

  it('a ticket drawn at one address is exchanged by nobody else, with or without its secret', async () => {
    const drawers = Array.from({ length: 20 }, (_, n) => ({
      from: clientAddress(5800 + n),
      ...browser(),
    }));
    const tickets = await pool(
      drawers.map((d) => async () => ticketOf(await preview(d.from, d.holder))),
      4,
    );
    // A third address with numbers of its own tries every ticket, once with the secret it stole.
    const thief = clientAddress(5850);
    let stolen = 0;
    for (const [n, ticket] of tickets.entries()) {
      const bare = await exchange(`04580000${String(n).padStart(2, '0')}`, { ticket }, thief);
      const withSecret = await exchange(
        `04580001${String(n).padStart(2, '0')}`,
        { ticket, secret: drawers[n]!.secret },
        thief,
      );
      if (bare.status === 200) stolen++;
      if (withSecret.status === 200) stolen++;
    }
    // The drawer's own browser, at its own address, still exchanges its ticket.
    const own = await exchange(
      '0458000200',
      { ticket: tickets[0], secret: drawers[0]!.secret },
      drawers[0]!.from,
    );
    for (let n = 0; n < tickets.length * 2; n++) tally.attack(n >= stolen);
    tally.attack(own.status === 200);
    figures.push(
      `${tickets.length} tickets from ${tickets.length} addresses exchanged from a third address: ${stolen} of ${tickets.length * 2} tries won; the drawer's own exchange -> ${own.status}`,
    );
    expect(stolen).toBe(0);
    expect(own.status).toBe(200);
  }, 120_000);

  it("draws one IPv6 /48's previews from one pool", async () => {
    const pooled = Math.ceil(CLIENT_PREVIEWS_PER_HOUR * IPV6_NETWORK_CODES_FACTOR);
    const clients = pooled + 5;
    const before = await insightsRefused();
    const answers = await pool(
      Array.from({ length: clients }, (_, n) => () => preview(in56(0x58, n), browser().holder)),
      4,
    );
    const drawn = answers.filter((a) => a.status === 200).length;
    const refusedCounted = (await insightsRefused()) - before;
    tally.attack(drawn <= pooled);
    figures.push(
      `previews from ${clients} /56s of one /48 -> ${drawn} drawn, ${refusedCounted} refusals on Insights`,
    );
    expect(drawn).toBe(pooled);
    expect(refusedCounted).toBe(clients - pooled);
  }, 120_000);

  it('a trusted connection draws as a shop full of visitors does, each browser keeping its ticket', async () => {
    const shop = clientAddress(5900);
    const trust = await harness.send({
      method: 'POST',
      url: '/api/trusted-connections',
      token: admin,
      from: shop,
    });
    expect(trust.status).toBeLessThan(300);
    const visitors = Array.from({ length: 14 }, () => browser());
    const answers = [];
    for (const v of visitors) answers.push(await preview(shop, v.holder));
    const drawn = answers.filter((a) => a.status === 200).length;
    // The first visitor's ticket was not voided by the 13 after it.
    const first = await exchange(
      '0459000001',
      { ticket: ticketOf(answers[0]!), secret: visitors[0]!.secret },
      shop,
    );
    tally.attack(drawn === visitors.length);
    tally.attack(first.status === 200);
    figures.push(
      `${visitors.length} visitors on a trusted connection: ${drawn} previews drawn, the first one's ticket exchanged -> ${first.status}`,
    );
    expect(drawn).toBe(visitors.length);
    expect(first.status).toBe(200);
  }, 120_000);

  it("stops previews at the deployment's hourly cap, from any address, and counts the refusals", async () => {
    vi.stubEnv('PREVIEW_HOURLY_CAP', '1');
    const before = await insightsRefused();
    const answers = await pool(
      Array.from({ length: 5 }, (_, n) => () => preview(clientAddress(5950 + n), browser().holder)),
      4,
    );
    const drawn = answers.filter((a) => a.status === 200).length;
    const refusedCounted = (await insightsRefused()) - before;
    tally.attack(drawn === 0);
    figures.push(
      `5 addresses past the deployment's preview cap -> ${drawn} drawn, ${refusedCounted} refusals on Insights`,
    );
    expect(drawn).toBe(0);
    for (const a of answers) expect(a.json).toMatchObject({ code: 'SPIN_PREVIEW_CAP' });
    expect(refusedCounted).toBe(5);
  }, 120_000);
});
