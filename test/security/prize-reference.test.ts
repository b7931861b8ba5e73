/**
 * Scan to redeem on the local stack (Cognito stand-in with the real triggers, the HTTP API
 * emulation over the real handlers): the win popup's prize reference carries no number, cannot be
 * forged, redeems its one customer once however often it is replayed, needs a staff token, and
 * expires. The figures go to the `npm test` security summary.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COUNTER_TEXT } from '@shared/messages-counter';
import { PRIZE_REFERENCE_TTL_S, type IssuedPrizeReference } from '@shared/prize-reference';
import type { Customer } from '@shared/types';
import { intlOf, startHarness, STAFF_PASSWORDS, writeSummary, type Harness } from './support';

let harness: Harness;
let operator: string;
let attacks = 0;
let breaches = 0;

beforeAll(async () => {
  harness = await startHarness();
  await harness.createStaffUser('admin', STAFF_PASSWORDS.admin, 'admin');
  await harness.createStaffUser('operator', STAFF_PASSWORDS.operator, 'operator');
  operator = (await harness.staffTokens('operator', STAFF_PASSWORDS.operator)).idToken;
  // A prize to win.
  const admin = (await harness.staffTokens('admin', STAFF_PASSWORDS.admin)).idToken;
  const created = await harness.send({
    method: 'POST',
    url: '/api/slices',
    token: admin,
    body: { name: 'Counter prize' },
  });
  expect(created.status).toBe(201);
}, 60_000);

afterAll(async () => {
  writeSummary('prize-reference', {
    label: 'attacks tried',
    count: attacks,
    dataChanges: breaches,
  });
  await harness?.stop();
});

/** A visitor who verified `local` and spun: their token. */
async function winner(local: string): Promise<string> {
  const token = await harness.visitorToken(local);
  const spun = await harness.send({ method: 'POST', url: '/api/spins', token, body: {} });
  expect(spun.status).toBe(200);
  return token;
}

async function issue(token: string): Promise<IssuedPrizeReference> {
  const issued = await harness.send({ method: 'POST', url: '/api/spins/mine/reference', token });
  expect(issued.status).toBe(200);
  return issued.json as IssuedPrizeReference;
}

/** A staff route with the operator's token, another token, or (null) none. */
const scan = (reference: unknown, token: string | null = operator) =>
  harness.send({
    method: 'POST',
    url: '/api/users/scan',
    token: token ?? undefined,
    body: { reference },
  });
const redeem = (reference: unknown, token: string | null = operator) =>
  harness.send({
    method: 'POST',
    url: '/api/users/scan/redeem',
    token: token ?? undefined,
    body: { reference },
  });
const codeOf = (json: unknown) => (json as { code?: string }).code;

describe('the prize reference of the counter QR code', () => {
  it('carries no number: decoded, it is 32 bytes of id and signature, none of them the digits', async () => {
    // Prepare
    const local = '0400000101';
    const token = await winner(local);
    // Act
    const { reference, expiresAt } = await issue(token);
    const again = await issue(token);
    // Assert
    const bytes = Buffer.from(reference, 'base64url');
    expect(bytes.length).toBe(32);
    const readings = [
      reference,
      bytes.toString('hex'),
      bytes.toString('latin1'),
      bytes.toString('utf8'),
      bytes.toString('base64'),
    ];
    for (const number of [local, intlOf(local), local.slice(1), local.slice(-6)])
      for (const reading of readings) expect(reading).not.toContain(number);
    expect(/\d{6}/.test(bytes.toString('latin1'))).toBe(false);
    expect(again.reference).not.toBe(reference);
    const lifeS = (Date.parse(expiresAt) - Date.now()) / 1000;
    expect(lifeS).toBeGreaterThan(PRIZE_REFERENCE_TTL_S - 10);
    expect(lifeS).toBeLessThanOrEqual(PRIZE_REFERENCE_TTL_S);
  });

  it('resolves for staff only: a visitor token (even the winner own) or none is refused', async () => {
    // Prepare
    const token = await winner('0400000102');
    const { reference } = await issue(token);
    const before = await harness.snapshot();
    // Act
    const tries = [
      await scan(reference, token),
      await scan(reference, null),
      await redeem(reference, token),
      await redeem(reference, null),
      await redeem(reference, 'not-a-token'),
    ];
    attacks += tries.length;
    // Assert
    expect(tries.map((t) => t.status)).toEqual([401, 401, 401, 401, 401]);
    const after = await harness.snapshot();
    if (after !== before) breaches += 1;
    expect(after).toBe(before);
    const scanned = await scan(reference);
    expect(scanned.status).toBe(200);
    expect((scanned.json as { data: Customer }).data.phoneNumber).toBe(intlOf('0400000102'));
  });

  it('cannot be forged: altered, made up, or stitched from two references, each is refused unread', async () => {
    // Prepare
    const a = await issue(await winner('0400000103'));
    const b = await issue(await winner('0400000104'));
    const bytesA = Buffer.from(a.reference, 'base64url');
    const bytesB = Buffer.from(b.reference, 'base64url');
    const flipped = Buffer.from(bytesA);
    flipped[31] = (flipped[31] ?? 0) ^ 1;
    const idFlipped = Buffer.from(bytesA);
    idFlipped[0] = (idFlipped[0] ?? 0) ^ 1;
    const forgeries = [
      flipped.toString('base64url'),
      idFlipped.toString('base64url'),
      Buffer.concat([bytesA.subarray(0, 16), bytesB.subarray(16)]).toString('base64url'),
      randomBytes(32).toString('base64url'),
      // The same bytes spelt otherwise (base64url's spare bits in the last character).
      a.reference.slice(0, -1) + String.fromCharCode(a.reference.charCodeAt(42) + 1),
    ];
    const before = await harness.snapshot();
    // Act
    const answers = [];
    for (const forged of forgeries) answers.push(await scan(forged), await redeem(forged));
    attacks += answers.length;
    // Assert
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(codeOf(answer.json)).toBe('PRIZE_REFERENCE_INVALID');
      expect((answer.json as { message: string }).message).toBe(COUNTER_TEXT.referenceInvalid);
    }
    // Another kind of QR code (a web address) gets the same words.
    const other = await scan('https://example.com/prize?n=0400000103');
    attacks += 1;
    expect(other.status).toBe(400);
    expect((other.json as { message: string }).message).toBe(COUNTER_TEXT.referenceInvalid);
    const after = await harness.snapshot();
    if (after !== before) breaches += 1;
    expect(after).toBe(before);
  });

  it('cannot be replayed into a second redemption, at once or later, nor redeem anyone else', async () => {
    // Prepare
    const local = '0400000105';
    const { reference } = await issue(await winner(local));
    const bystander = '0400000106';
    await winner(bystander);
    // Act: five counters redeem the same scan at once, then a replay
    const racing = await Promise.all(Array.from({ length: 5 }, () => redeem(reference)));
    const replay = await redeem(reference);
    attacks += racing.length + 1;
    // Assert
    const statuses = racing.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    expect(replay.status).toBe(409);
    expect(codeOf(replay.json)).toBe('ALREADY_REDEEMED');
    const rescanned = (await scan(reference)).json as { data: Customer };
    expect(rescanned.data.isOfferClaimed).toBe(true);
    expect(rescanned.data.redeemedBy).toBe('operator');
    const other = await harness.send({
      method: 'POST',
      url: '/api/users/search',
      token: operator,
      body: { phoneNumber: bystander },
    });
    const bystanderRedeemed = (other.json as { data: Customer }).data.isOfferClaimed;
    if (bystanderRedeemed || statuses.filter((s) => s === 200).length !== 1) breaches += 1;
    expect(bystanderRedeemed).toBe(false);
  });

  it('expires: past its life it neither shows the prize nor redeems it', async () => {
    // Prepare
    const { reference } = await issue(await winner('0400000107'));
    const fresh = await scan(reference);
    expect(fresh.status).toBe(200);
    // The clock runs on past the reference's life and stays there (test/setup/plain.ts puts it
    // back after the test); the operator's sign-in lasts longer than that.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (PRIZE_REFERENCE_TTL_S + 1) * 1000 });

    // Act
    const stale = [await scan(reference), await redeem(reference)];
    attacks += stale.length;

    // Assert
    for (const answer of stale) {
      expect(answer.status).toBe(400);
      expect(codeOf(answer.json)).toBe('PRIZE_REFERENCE_EXPIRED');
      expect((answer.json as { message: string }).message).toBe(COUNTER_TEXT.referenceExpired);
    }
    const search = await harness.send({
      method: 'POST',
      url: '/api/users/search',
      token: operator,
      body: { phoneNumber: '0400000107' },
    });
    const redeemed = (search.json as { data: Customer }).data.isOfferClaimed;
    if (redeemed) breaches += 1;
    expect(redeemed).toBe(false);
  });
});
