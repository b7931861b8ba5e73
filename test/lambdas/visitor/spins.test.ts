import { createHash } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler as createSpin } from '../../../lambdas/handlers/create-spin';
import { handler as getMySpin } from '../../../lambdas/handlers/get-my-spin';
import { handler as previewSpin } from '../../../lambdas/handlers/preview-spin';
import { handler as spinChallenge } from '../../../lambdas/handlers/spin-challenge';
import { mergeGameSettings } from '../../../lambdas/repositories/settings';
import { handler as updateSliceHandler } from '../../../lambdas/handlers/update-slice';
import { handler as hasRewardRoute } from '../../../lambdas/handlers/has-reward';
import { CLIENT_PREVIEWS_PER_HOUR } from '@shared/constants';
import {
  getCustomer,
  listCustomers,
  redeemCustomer,
} from '../../../lambdas/repositories/customers';
import { addSlice as addSliceAsAdmin } from '../../../lambdas/domain/slices-admin';
import { DAY_MS } from '@shared/business-day';
import {
  deleteSlice,
  getSlice,
  listSlices,
  updateSlice,
} from '../../../lambdas/repositories/slices';
import { API_MESSAGES } from '@shared/messages-api';
import { bodyOf, httpEvent, statusAndBody, visitorTokenFor } from '../../support/http-event';
import { addSlice, solvedOtpAltcha, testPhone } from './support';
import { sliceInput } from '../../support/records';

/** The secret a previewing browser keeps beside its tickets, and its SHA-256 the preview names. */
const SECRET = 'S'.repeat(43);
const HOLDER = createHash('sha256').update(SECRET).digest('hex');
/** The address previews come from unless a test says otherwise. */
const PREVIEW_IP = '198.51.100.1';

/** POST /api/spins as `phone`; a ticket goes with the browser's secret, from `sourceIp`. */
const spinAs = async (phone: string, body: unknown = {}, sourceIp = PREVIEW_IP) =>
  statusAndBody(
    await createSpin(
      httpEvent({
        body:
          body && typeof body === 'object' && 'ticket' in body ? { ...body, secret: SECRET } : body,
        tokenFields: visitorTokenFor(phone),
        sourceIp,
      }),
    ),
  );

const allCustomers = async () => (await listCustomers(undefined, 1000)).users;

// Slices live in one table per test file: each test makes its own set, and they are gone after
// it, pass or fail (tests in a file run one after another).
afterEach(async () => {
  for (const slice of await listSlices()) await deleteSlice(slice.id);
});

describe('POST /api/spins', () => {
  it('answers 401 without a token or with one that is not a verified visitor ID token', async () => {
    const { intl } = testPhone(4001);
    const cases: (Record<string, string> | undefined)[] = [
      undefined,
      { ...visitorTokenFor(intl), token_use: 'access' },
      { ...visitorTokenFor(intl), phone_number_verified: 'false' },
      { ...visitorTokenFor(intl), phone_number: '+447700900123' },
      { sub: 'x', token_use: 'id' },
    ];
    for (const tokenFields of cases) {
      const result = statusAndBody(
        await createSpin(httpEvent({ body: {}, ...(tokenFields ? { tokenFields } : {}) })),
      );
      expect(result).toEqual({
        status: 401,
        body: { code: 'UNAUTHORIZED', message: API_MESSAGES.unauthorized },
      });
      const mine = statusAndBody(
        await getMySpin(httpEvent({ ...(tokenFields ? { tokenFields } : {}) })),
      );
      expect(mine.status).toBe(401);
    }
    expect(await getCustomer(intl)).toBeUndefined();
  });

  it('lets the server draw: a slice id or any other field in the body is refused and changes nothing', async () => {
    const gone = await addSlice('Sold out', 1, 0);
    const open = await addSlice('Free chips', 1, null);
    const { intl } = testPhone(4002);
    for (const body of [
      { sliceId: gone.id },
      { offer: 'Sold out' },
      { ticket: 'not-a-ticket' },
      '{bad json',
      [1],
    ]) {
      const result = await spinAs(intl, body);
      expect(result.status).toBe(400);
    }
    expect(await getCustomer(intl)).toBeUndefined();
    // Only the in-stock slice can be drawn, whatever the client wanted.
    for (let n = 0; n < 10; n++) {
      const result = await spinAs(testPhone(4100 + n).intl);
      expect(result).toEqual({
        status: 200,
        body: {
          sliceId: open.id,
          offer: 'Free chips',
          comment: 'Free chips comment',
          localNumber: testPhone(4100 + n).local,
          wonAt: expect.any(String),
        },
      });
    }
  });

  it('draws by weight over many numbers', async () => {
    const heavy = await addSlice('Heavy', 9, null);
    await addSlice('Light', 1, null);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, n) => spinAs(testPhone(4200 + n).intl)),
    );
    const heavyWins = results.filter((r) => r.body.sliceId === heavy.id).length;
    expect(results.every((r) => r.status === 200)).toBe(true);
    // Expected 54 of 60; fewer than 40 would be a p < 1e-6 event under 9:1 odds.
    expect(heavyWins).toBeGreaterThanOrEqual(40);
  });

  it('records exactly one customer for 50 concurrent spins of one number, all getting the same prize', async () => {
    await Promise.all(['A', 'B', 'C', 'D'].map((name) => addSlice(name, 1, null)));
    const { intl, local } = testPhone(4300);
    const results = await Promise.all(Array.from({ length: 50 }, () => spinAs(intl)));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    const saved = await getCustomer(intl);
    expect(saved).toMatchObject({
      localNumber: local,
      sliceId: results[0]!.body.sliceId,
      isOfferClaimed: false,
    });
    expect((await allCustomers()).filter((c) => c.phoneNumber === intl)).toHaveLength(1);
    // A later spin gets the saved prize back, never a new draw.
    expect((await spinAs(intl)).body).toEqual(results[0]!.body);
  });

  it('never gives out more than a stock of 3 under 50 concurrent spins from different numbers', async () => {
    const limited = await addSlice('Burger', 1000, 3);
    await addSlice('Drink', 1, null);
    const phones = Array.from({ length: 50 }, (_, n) => testPhone(4400 + n).intl);
    const results = await Promise.all(phones.map((phone) => spinAs(phone)));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const burgers = results.filter((r) => r.body.sliceId === limited.id).length;
    const mine = (await allCustomers()).filter((c) => phones.includes(c.phoneNumber));
    expect(mine).toHaveLength(50);
    expect(mine.filter((c) => c.sliceId === limited.id)).toHaveLength(burgers);
    expect(burgers).toBe(3);
    expect((await getSlice(limited.id))?.stock).toBe(0);
  });

  it('answers 409 with a clear message when no prize can be won', async () => {
    await addSlice('Gone', 1, 0);
    const result = await spinAs(testPhone(4500).intl);
    expect(result).toEqual({
      status: 409,
      body: { code: 'NO_PRIZES', message: API_MESSAGES.noPrizes },
    });
  });
});

describe('GET /api/spins/mine and POST /api/users/exists', () => {
  it('report nothing before the spin and the saved prize after', async () => {
    await addSlice('Side', 1, null);
    const { intl, local } = testPhone(4600);
    /** GET /api/spins/mine as the number's visitor. */
    const mine = async () =>
      statusAndBody(await getMySpin(httpEvent({ tokenFields: visitorTokenFor(intl) })));
    /** POST /api/users/exists for the number, with a solved proof of work. */
    const lookedUp = async () =>
      statusAndBody(
        await hasRewardRoute(
          httpEvent({ body: { phoneNumber: local, altcha: await solvedOtpAltcha() } }),
        ),
      ).body;
    expect(await mine()).toEqual({
      status: 404,
      body: { code: 'NO_SPIN', message: API_MESSAGES.noSpin },
    });
    expect(await lookedUp()).toEqual({
      doesExist: false,
    });
    const spun = await spinAs(intl);
    expect(await mine()).toEqual({
      status: 200,
      body: spun.body,
    });
    expect(await lookedUp()).toEqual({
      doesExist: true,
    });
  });

  it('tell the winner until when the prize is valid, and when staff redeemed it', async () => {
    await addSliceAsAdmin(sliceInput({ name: 'Week', validDays: 7 }), new Date());
    const { intl } = testPhone(4601);
    const spun = await spinAs(intl);
    const won = spun.body as { wonAt: string; expiresAt?: string; redeemedAt?: string };
    expect(Date.parse(won.expiresAt ?? '') - Date.parse(won.wonAt)).toBe(7 * DAY_MS);
    expect(won.redeemedAt).toBeUndefined();
    const mine = async () =>
      bodyOf(await getMySpin(httpEvent({ tokenFields: visitorTokenFor(intl) }))) as typeof won;
    expect((await mine()).expiresAt).toBe(won.expiresAt);
    expect((await redeemCustomer(intl, 'operator', '2026-11-28T08:02:00.000Z')).status).toBe(
      'redeemed',
    );
    const after = await mine();
    expect(after.redeemedAt).toBe('2026-11-28T08:02:00.000Z');
    // Who redeemed it is the staff's business, not the page's.
    expect(JSON.stringify(after)).not.toContain('operator');
  });

  it('users/exists refuses anything but a 10-digit 04 number, and a lookup without its work', async () => {
    const altcha = await solvedOtpAltcha();
    for (const body of [
      {},
      { phoneNumber: '0412345678' },
      { phoneNumber: '0312345678', altcha },
      { phoneNumber: '+61412345678', altcha },
      { phoneNumber: 412345678, altcha },
    ]) {
      expect(statusAndBody(await hasRewardRoute(httpEvent({ body }))).status).toBe(400);
    }
  });
});

describe('spin-first: POST /api/spins/preview then POST /api/spins {ticket}', () => {
  beforeAll(async () => {
    await mergeGameSettings({ spinMode: 'spin-first' }, new Date().toISOString());
  });
  afterAll(async () => {
    await mergeGameSettings({ spinMode: 'verify-first' }, new Date().toISOString());
  });

  /** A challenge from GET /api/spins/challenge, solved as the browser solves it. */
  const solved = async () => {
    const challenge = bodyOf(
      await spinChallenge(httpEvent({ method: 'GET' })),
    ) as unknown as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return { challenge, solution: solution! };
  };
  const preview = async (sourceIp = PREVIEW_IP, altcha?: unknown) =>
    statusAndBody(
      await previewSpin(
        httpEvent({ body: { altcha: altcha ?? (await solved()), holder: HOLDER }, sourceIp }),
      ),
    );

  it('refuses previews in a verify-first game, and reused, altered or missing challenges', async () => {
    await addSlice('Any', 1, null);
    const once = await solved();
    expect((await preview('198.51.100.40', once)).status).toBe(200);
    const invalid = {
      status: 400,
      body: { code: 'CHALLENGE_INVALID', message: API_MESSAGES.challengeInvalid },
    };
    expect(await preview('198.51.100.41', once)).toEqual(invalid);
    const other = await solved();
    const altered = {
      ...other,
      challenge: {
        ...other.challenge,
        parameters: { ...other.challenge.parameters, expiresAt: 4_000_000_000 },
      },
    };
    expect(await preview('198.51.100.42', altered)).toEqual(invalid);
    const wrongAnswer = {
      ...other,
      solution: { ...other.solution, derivedKey: '0'.repeat(other.solution.derivedKey.length) },
    };
    expect(await preview('198.51.100.43', wrongAnswer)).toEqual(invalid);
    expect(
      statusAndBody(await previewSpin(httpEvent({ body: {}, sourceIp: '198.51.100.44' }))).status,
    ).toBe(400);

    await mergeGameSettings({ spinMode: 'verify-first' }, new Date().toISOString());
    expect(await preview('198.51.100.45')).toEqual({
      status: 409,
      body: { code: 'PREVIEW_NOT_OFFERED', message: API_MESSAGES.previewNotOffered },
    });
    await mergeGameSettings({ spinMode: 'spin-first' }, new Date().toISOString());
  });

  it('records the previewed prize once the number is verified, and takes each ticket once', async () => {
    await addSlice('Alpha', 1, null);
    await addSlice('Beta', 1, null);
    const first = await preview();
    expect(first.status).toBe(200);
    expect(first.body.ticket).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const { intl } = testPhone(4700);
    const spun = await spinAs(intl, { ticket: first.body.ticket });
    expect(spun.body).toEqual({
      sliceId: first.body.sliceId,
      offer: first.body.offer,
      comment: first.body.comment,
      localNumber: testPhone(4700).local,
      wonAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // The saved prize comes back for the same number, even with another ticket.
    const second = await preview();
    expect((await spinAs(intl, { ticket: second.body.ticket })).body).toEqual(spun.body);
    // A used ticket is refused for another number.
    expect(await spinAs(testPhone(4701).intl, { ticket: first.body.ticket })).toEqual({
      status: 400,
      body: { code: 'SPIN_TICKET_INVALID', message: API_MESSAGES.spinTicketInvalid },
    });
    // A forged ticket likewise.
    expect((await spinAs(testPhone(4702).intl, { ticket: 'A'.repeat(24) })).status).toBe(400);
    // A ticket stays with the address and the browser that drew it: from another address, or
    // without its secret, it is refused and kept for its holder.
    const third = await preview();
    const elsewhere = await spinAs(
      testPhone(4703).intl,
      { ticket: third.body.ticket },
      '192.0.2.9',
    );
    const noSecret = statusAndBody(
      await createSpin(
        httpEvent({
          body: { ticket: third.body.ticket },
          tokenFields: visitorTokenFor(testPhone(4703).intl),
          sourceIp: PREVIEW_IP,
        }),
      ),
    );
    expect([elsewhere.status, noSecret.status]).toEqual([400, 400]);
    expect((await spinAs(testPhone(4703).intl, { ticket: third.body.ticket })).body).toMatchObject({
      sliceId: third.body.sliceId,
    });
    expect(await getCustomer(testPhone(4701).intl)).toBeUndefined();
  });

  it('refuses a stale admin edit that would give back stock wins have used', async () => {
    const scarce = await addSlice('Scarce', 1000, 3);
    const other = await addSlice('Other', 1, null);
    const loaded = (await getSlice(scarce.id))!; // the admin opens the dialog: stock 3
    const winners: string[] = [];
    for (let n = 0; winners.length < 3 && n < 200; n++) {
      const spun = await spinAs(testPhone(4900 + n).intl);
      if (spun.body.sliceId === scarce.id) winners.push(testPhone(4900 + n).intl);
    }
    expect(winners).toHaveLength(3);
    expect((await getSlice(scarce.id))?.stock).toBe(0);

    // The admin saves a comment fix from the form loaded at stock 3.
    const edit = (version: { updatedAt: string; stock: number | null }, stock: number | null) =>
      updateSliceHandler(
        httpEvent({
          caller: 'admin',
          method: 'PUT',
          path: `/api/slices/${scarce.id}`,
          pathParameters: { id: scarce.id },
          body: {
            name: 'Scarce',
            comment: 'Fixed typo',
            weight: 1000,
            stock,
            expectedUpdatedAt: version.updatedAt,
            expectedStock: version.stock,
          },
        }),
      );
    expect(statusAndBody(await edit(loaded, 3))).toEqual({
      status: 409,
      body: { code: 'SLICE_CHANGED', message: API_MESSAGES.sliceChanged },
    });
    expect(await getSlice(scarce.id)).toMatchObject({ stock: 0, comment: 'Scarce comment' });
    const fourth = await spinAs(testPhone(4999).intl);
    expect(fourth.body.sliceId).toBe(other.id);

    // From the version as it now is, the fix goes through and keeps the stock the wins left...
    const fresh = (await getSlice(scarce.id))!;
    expect(statusAndBody(await edit(fresh, 0)).status).toBe(200);
    expect(await getSlice(scarce.id)).toMatchObject({ stock: 0, comment: 'Fixed typo' });
    // ...and restocking is an explicit choice.
    expect(statusAndBody(await edit((await getSlice(scarce.id))!, 5)).status).toBe(200);
    expect((await getSlice(scarce.id))?.stock).toBe(5);
  });

  it('draws again when the ticket slice can no longer be won', async () => {
    const scarce = await addSlice('Scarce', 1, 1);
    const other = await addSlice('Other', 1, null);
    let drawn;
    let from;
    do {
      from = `198.51.100.${Math.floor(Math.random() * 250)}`;
      drawn = await preview(from);
    } while (drawn.body.sliceId !== scarce.id);
    await updateSlice(
      scarce.id,
      sliceInput({ name: 'Scarce', stock: 0 }),
      { updatedAt: scarce.updatedAt, stock: 1 },
      new Date().toISOString(),
    );
    const spun = await spinAs(testPhone(4800).intl, { ticket: drawn.body.ticket }, from);
    expect(spun.body).toMatchObject({ sliceId: other.id, offer: 'Other' });
  });

  it('limits previews per client address and refuses a body', async () => {
    const slice = await addSlice('Any', 1, null);
    for (let i = 0; i < CLIENT_PREVIEWS_PER_HOUR; i++) {
      expect((await preview('192.0.2.77')).status).toBe(200);
    }
    expect(await preview('192.0.2.77')).toEqual({
      status: 429,
      body: { code: 'SPIN_PREVIEW_LIMIT', message: API_MESSAGES.spinPreviewLimit },
    });
    expect(
      statusAndBody(
        await previewSpin(
          httpEvent({
            body: { altcha: await solved(), holder: HOLDER, sliceId: slice.id },
            sourceIp: '192.0.2.78',
          }),
        ),
      ).status,
    ).toBe(400);
  });
});

describe('viewerAddress', () => {
  it('takes the address CloudFront set, only on requests carrying the origin secret', async () => {
    const { viewerAddress } = await import('../../../lambdas/lib/viewer');
    const edge = '130.176.1.1';
    const viaSite = (viewer: string, extra: Record<string, string> = {}) =>
      httpEvent({ sourceIp: edge, headers: { 'x-viewer-address': viewer, ...extra } });
    expect(viewerAddress(viaSite('198.51.100.4'))).toBe('198.51.100.4');
    // IPv6: the /56, whatever the rest of the address (one household's allocation).
    expect(viewerAddress(viaSite('2001:db8:0:7::1'))).toBe('2001:db8:0:0::/56');
    expect(viewerAddress(viaSite('2001:DB8:0:1ff:ffff:1:2:3'))).toBe('2001:db8:0:100::/56');
    expect(viewerAddress(viaSite('::1'))).toBe('0:0:0:0::/56');
    // IPv4-mapped IPv6 is the IPv4 client, however it is written.
    expect(viewerAddress(viaSite('::ffff:198.51.100.4'))).toBe('198.51.100.4');
    expect(viewerAddress(viaSite('::FFFF:c633:6404'))).toBe('198.51.100.4');
    // X-Forwarded-For and CloudFront-Viewer-Address are never read.
    expect(
      viewerAddress(
        viaSite('198.51.100.4', {
          'x-forwarded-for': '203.0.113.5, 1.2.3.4',
          'cloudfront-viewer-address': '203.0.113.6:1',
        }),
      ),
    ).toBe('198.51.100.4');
    // Not through CloudFront: no secret, or a wrong one; or no address at all.
    const refused = { status: 403, code: 'NOT_VIA_SITE' };
    const direct = httpEvent({
      viaSite: false,
      headers: { 'x-viewer-address': '203.0.113.5' },
    });
    expect(() => viewerAddress(direct)).toThrow(expect.objectContaining(refused));
    expect(() =>
      viewerAddress(
        httpEvent({
          viaSite: false,
          headers: { 'x-origin-verify': 'guess', 'x-viewer-address': '203.0.113.5' },
        }),
      ),
    ).toThrow(expect.objectContaining(refused));
    expect(() => viewerAddress(viaSite('203.0.113.5:80'))).toThrow(
      expect.objectContaining(refused),
    );
    expect(() => viewerAddress(viaSite('not-an-address'))).toThrow(
      expect.objectContaining(refused),
    );
  });
});

describe('GET /api/wheel', () => {
  it('returns settings and the public fields of each slice, never the odds or the stock figure', async () => {
    const { handler: getWheel } = await import('../../../lambdas/handlers/get-wheel');
    const a = await addSlice('Shown', 2, 5);
    const b = await addSlice('Gone', 1, 0);
    const result = statusAndBody(await getWheel(httpEvent()));
    expect(result.status).toBe(200);
    expect(result.body.game).toMatchObject({ spinMode: 'verify-first' });
    expect(result.body.business).toMatchObject({ businessName: '' });
    const slices = result.body.slices as Record<string, unknown>[];
    expect(slices.find((s) => s.id === a.id)).toEqual({
      id: a.id,
      name: 'Shown',
      imageSrc: '',
      comment: 'Shown comment',
      bgColor: '#ffffff',
      soldOut: false,
    });
    expect(slices.find((s) => s.id === b.id)).toMatchObject({ soldOut: true });
  });
});
