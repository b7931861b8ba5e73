/**
 * Erasing a number on request, against the handlers, DynamoDB Local and the Cognito stand-in: the
 * record and the visitor user go, nothing in the customers table or the user pool still holds the
 * number, and the number still cannot win again or be texted a code.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '../../lambdas/lib/logger';
import { API_MESSAGES } from '@shared/messages-api';
import { MESSAGES } from '@shared/messages';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { startHarness, STAFF_PASSWORDS, type Harness } from './support';

let harness: Harness;
let admin: string;
let operator: string;

beforeAll(async () => {
  harness = await startHarness();
  await harness.createStaffUser('admin', STAFF_PASSWORDS.admin, 'admin');
  await harness.createStaffUser('operator', STAFF_PASSWORDS.operator, 'operator');
  admin = (await harness.staffTokens('admin', STAFF_PASSWORDS.admin)).idToken;
  operator = (await harness.staffTokens('operator', STAFF_PASSWORDS.operator)).idToken;
  const slice = await harness.send({
    method: 'POST',
    url: '/api/slices',
    token: admin,
    body: { name: 'Chips' },
  });
  expect(slice.status).toBe(201);
}, 60_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await harness?.stop();
});

const erase = (phoneNumber: unknown, token = admin) =>
  harness.send({ method: 'POST', url: '/api/customers/erase', token, body: { phoneNumber } });

/** The customers table and the user pools, as JSON (the limits table's short-lived counters aside). */
async function customersAndUsers(): Promise<string> {
  const snapshot = JSON.parse(await harness.snapshot()) as {
    tables: Record<string, unknown>;
    users: unknown;
  };
  // The SMS limits' counters name the number for at most a day (docs/privacy.md).
  const { limits: _limits, ...tables } = snapshot.tables;
  return JSON.stringify({ tables, users: snapshot.users });
}

describe('POST /api/customers/erase', () => {
  it('removes the customer and the visitor user, keeps only a keyed hash, and the number cannot win again', async () => {
    const local = '0400000301';
    const intl = '+61400000301';
    const token = await harness.visitorToken(local);
    const spin = await harness.send({ method: 'POST', url: '/api/spins', token, body: {} });
    expect(spin.status).toBe(200);
    expect(await customersAndUsers()).toContain(intl);
    const info = vi.spyOn(logger, 'info');

    const erased = await erase(local);

    expect(erased.status).toBe(200);
    expect(erased.json).toEqual({ message: ADMIN_TEXT.erased(local) });
    const after = await customersAndUsers();
    expect(after).not.toContain(intl);
    expect(after).not.toContain(local);
    expect(after).not.toContain('400000301');
    expect(info).toHaveBeenCalledWith('customer erased', {
      phone: '+614*****301',
      by: 'admin',
      hadReward: true,
    });
    // The old session is refused; the number gets no code and no second prize.
    const again = await harness.send({ method: 'POST', url: '/api/spins', token, body: {} });
    expect(again.status).toBe(401);
    const start = await harness.startOtp(local);
    expect([start.status, (start.json as { message: string }).message]).toEqual([
      409,
      MESSAGES.alreadyHasReward,
    ]);
    const exists = await harness.send({
      method: 'POST',
      url: '/api/users/exists',
      body: { phoneNumber: local, altcha: await harness.otpAltcha() },
    });
    expect(exists.json).toEqual({ doesExist: true });
    expect(harness.outbox.messages.filter((m) => m.phoneNumber === intl)).toHaveLength(1);
  });

  it('answers 404 for a number it holds nothing of, 400 for bad input, 403 to the operator, changing nothing', async () => {
    const before = await harness.snapshot();
    const unknown = await erase('0400000399');
    expect([unknown.status, unknown.json]).toEqual([
      404,
      { code: 'CUSTOMER_NOT_FOUND', message: API_MESSAGES.customerNotFound },
    ]);
    // A number typed with +61 is taken as staff type it (shared/dashboard-search.ts); another
    // country's is bad input.
    for (const bad of ['04000003', 'abc', 400000301, '+447700900123']) {
      expect((await erase(bad)).status, String(bad)).toBe(400);
    }
    expect((await erase('0400000301', operator)).status).toBe(403);
    expect(await harness.snapshot()).toBe(before);
  });
});
