/**
 * The day and the month (docs/security.md, "The day and the month"), on the local stack: an
 * attacker with many addresses spends the deployment's day's cap and no more; the /56s of one
 * IPv6 /48 share one code budget, while another /48 still gets codes and a trusted /56 of the
 * spent /48 keeps its own raised budget. The figures go to the `npm test` security summary.
 */
process.env.SMS_HOURLY_CAP = '200';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_CODES_PER_HOUR_DEFAULT, IPV6_NETWORK_CODES_FACTOR } from '@shared/constants';
import {
  clientAddress,
  initiateVisitorAuth,
  intlOf,
  startHarness,
  STAFF_PASSWORDS,
  writeSummary,
  type Harness,
  type Sent,
} from './support';

let harness: Harness;
let admin: string;
let attacks = 0;
let breaches = 0;
const figures: string[] = [];

beforeAll(async () => {
  harness = await startHarness();
  await harness.createStaffUser('admin', STAFF_PASSWORDS.admin, 'admin');
  admin = (await harness.staffTokens('admin', STAFF_PASSWORDS.admin)).idToken;
}, 60_000);

afterAll(async () => {
  delete process.env.SMS_DAILY_CAP;
  writeSummary('caps', {
    label: 'attacks tried',
    count: attacks,
    dataChanges: breaches,
    detail: figures.join('; '),
  });
  await harness?.stop();
});

/** A local mobile of its own for request n of a block. */
const numberOf = (block: number, n: number): string =>
  `04${String(block).padStart(2, '0')}${String(n).padStart(6, '0')}`;

/** otp/start from `from`, then the sign-in that sends the code when one was granted. */
async function askForCode(local: string, from: string): Promise<{ answer: Sent; sent: boolean }> {
  const answer = await harness.startOtp(local, from);
  if (answer.status === 202) await initiateVisitorAuth(harness, intlOf(local));
  return { answer, sent: harness.outbox.latestCode(intlOf(local)) !== undefined };
}

/** Whole seconds from now until the window of `windowSeconds` ends (as Retry-After says it). */
const secondsToWindowEnd = (windowSeconds: number): number =>
  windowSeconds - (Math.floor(Date.now() / 1000) % windowSeconds);

describe("the deployment's day's cap", () => {
  it("sends no code past the day's cap, from any number of addresses, until 00:00 UTC", async () => {
    const cap = 12;
    const tries = cap + 4;
    vi.stubEnv('SMS_DAILY_CAP', String(cap));
    const results = [];
    // One address per number: only the deployment's caps can stop them.
    for (let n = 0; n < tries; n++)
      results.push(await askForCode(numberOf(70, n), clientAddress(7000 + n)));
    attacks += tries;
    const sent = results.filter((r) => r.sent).length;
    if (sent > cap) breaches++;
    expect(sent).toBe(cap);
    const refused = results.slice(cap).map((r) => r.answer);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.json).toMatchObject({ code: 'SMS_DAILY_CAP' });
      const retryAfter = Number(answer.headers['retry-after']);
      expect(Math.abs(retryAfter - secondsToWindowEnd(24 * 60 * 60))).toBeLessThanOrEqual(30);
    }
    // The owner sees them as the cap's refusals.
    const insights = await harness.send({ method: 'GET', url: '/api/insights', token: admin });
    expect((insights.json as { data: { refused: { cap: number } } }).data.refused.cap).toBe(
      tries - cap,
    );
    figures.push(`day's cap of ${cap}, ${tries} addresses: ${sent} of ${tries} codes sent`);
  });
});

describe('the /56s of one IPv6 /48 share one code budget', () => {
  const budget = Math.ceil(CLIENT_CODES_PER_HOUR_DEFAULT * IPV6_NETWORK_CODES_FACTOR);
  /** An address in /56 number `n` of the /48 2001:db8:<network>::/48. */
  const in56 = (network: number, n: number): string =>
    `2001:db8:${network.toString(16)}:${(n << 8).toString(16)}::1`;

  it('refuses many /56s of one /48 past its budget, while another /48 still gets codes', async () => {
    const clients = 40;
    expect(budget).toBeLessThan(clients);
    const results = [];
    for (let n = 0; n < clients; n++)
      results.push(await askForCode(numberOf(71, n), in56(0x48, n)));
    attacks += clients;
    const sent = results.filter((r) => r.sent).length;
    if (sent > budget) breaches++;
    expect(sent).toBe(budget);
    for (const { answer } of results.slice(budget)) {
      expect(answer.status).toBe(429);
      expect(answer.json).toMatchObject({ code: 'CLIENT_NETWORK_LIMIT' });
      const retryAfter = Number(answer.headers['retry-after']);
      expect(Math.abs(retryAfter - secondsToWindowEnd(60 * 60))).toBeLessThanOrEqual(30);
    }
    // Another /48 is its own.
    const elsewhere = await askForCode(numberOf(72, 0), in56(0x49, 0));
    expect(elsewhere.answer.status).toBe(202);
    expect(elsewhere.sent).toBe(true);
    figures.push(
      `one /48 of ${clients} /56s: ${sent} of ${clients} codes sent; another /48: ${elsewhere.sent ? 1 : 0} of 1`,
    );
  });

  it('a trusted /56 of the spent /48 keeps its own raised budget; the rest of the /48 stays refused', async () => {
    const shop = in56(0x48, 0xff);
    const trust = await harness.send({
      method: 'POST',
      url: '/api/trusted-connections',
      token: admin,
      from: shop,
    });
    expect(trust.status).toBeLessThan(300);
    const atShop = [];
    for (let n = 0; n < 3; n++) atShop.push(await askForCode(numberOf(73, n), shop));
    expect(atShop.map((r) => r.sent)).toEqual([true, true, true]);
    const neighbour = await askForCode(numberOf(73, 10), in56(0x48, 0xfe));
    attacks++;
    if (neighbour.sent) breaches++;
    expect(neighbour.answer.json).toMatchObject({ code: 'CLIENT_NETWORK_LIMIT' });
    figures.push(`trusted /56 of the spent /48: 3 of 3 sent, its neighbour 0 of 1`);
  });
});
