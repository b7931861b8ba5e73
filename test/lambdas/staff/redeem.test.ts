import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler as redeemUser } from '../../../lambdas/handlers/redeem-user';
import { logger } from '../../../lambdas/lib/logger';
import { getCustomer } from '../../../lambdas/repositories/customers';
import { API_MESSAGES } from '@shared/messages-api';
import { STAFF_TEXT } from '@shared/messages-staff';
import { ADMIN_TOKEN, bodyOf, httpEvent, OPERATOR_TOKEN } from '../../support/http-event';
import { customerFixture, seedCustomers, seedSlice } from './seed';

const redeem = (phoneNumber: unknown, tokenFields = OPERATOR_TOKEN) =>
  redeemUser(httpEvent({ tokenFields, path: '/api/users/redeem', body: { phoneNumber } }));

afterEach(() => vi.restoreAllMocks());

describe('POST /api/users/redeem', () => {
  it('marks the offer redeemed and records who and when', async () => {
    // Prepare
    const slice = await seedSlice();
    const customer = customerFixture(1, slice.id, '2026-03-01T10:00:00.000Z');
    await seedCustomers([customer], slice);
    const before = Date.now();
    // Act
    const result = await redeem('0400000001');
    // Assess
    expect(result.statusCode).toBe(200);
    const body = bodyOf(result) as { message: string; data: { redeemedAt: string } };
    expect(body).toEqual({
      message: STAFF_TEXT.redeemSucceeded('0400000001'),
      data: {
        ...customer,
        isOfferClaimed: true,
        redeemedBy: 'operator',
        redeemedAt: expect.any(String),
      },
    });
    expect(Date.parse(body.data.redeemedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await getCustomer(customer.phoneNumber)).toEqual(body.data);
  });

  it('answers a second redeem with 409 and changes nothing', async () => {
    const slice = await seedSlice();
    const customer = customerFixture(2, slice.id, '2026-03-01T10:00:00.000Z');
    await seedCustomers([customer], slice);
    await redeem('0400000002', ADMIN_TOKEN);
    const stored = await getCustomer(customer.phoneNumber);

    const again = await redeem('0400000002', OPERATOR_TOKEN);

    expect(again.statusCode).toBe(409);
    expect(bodyOf(again)).toEqual({
      code: 'ALREADY_REDEEMED',
      message: API_MESSAGES.alreadyRedeemed,
    });
    expect(await getCustomer(customer.phoneNumber)).toEqual(stored);
    expect(stored?.redeemedBy).toBe('admin');
  });

  it('gives exactly one success among 50 concurrent redeems of one customer', async () => {
    const CONCURRENT = 50;
    const slice = await seedSlice();
    const customer = customerFixture(3, slice.id, '2026-03-01T10:00:00.000Z');
    await seedCustomers([customer], slice);

    const results = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        redeem('0400000003', { ...OPERATOR_TOKEN, 'cognito:username': `operator-${i}` }),
      ),
    );

    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(CONCURRENT - 1);
    const winner = results.findIndex((r) => r.statusCode === 200);
    expect((await getCustomer(customer.phoneNumber))?.redeemedBy).toBe(`operator-${winner}`);
  });

  it.each([
    ['an unknown 04 number', '0499999999'],
    ['ten digits that are not a mobile', '0212345678'],
  ])('answers 404 for %s', async (_label, phoneNumber) => {
    const result = await redeem(phoneNumber);
    expect(result.statusCode).toBe(404);
    expect(bodyOf(result)).toEqual({
      code: 'CUSTOMER_NOT_FOUND',
      message: API_MESSAGES.customerNotFound,
    });
  });

  it.each([
    ['9 digits', '040000000'],
    ['letters', '04000000ab'],
    ['a number', 400000001],
    // The +61 form is taken as staff type it (test/lambdas/staff/counter.test.ts); another country's is not.
    ['another country’s number', '+447700900123'],
  ])('refuses %s with a 400 and the required message', async (_label, phoneNumber) => {
    const result = await redeem(phoneNumber);
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toMatchObject({ message: 'Please enter a valid 10-digit phone number' });
  });

  it('refuses bad JSON and unknown fields with a 400', async () => {
    const bad = await redeemUser(
      httpEvent({ tokenFields: OPERATOR_TOKEN, path: '/api/users/redeem', body: '{"phone' }),
    );
    expect(bad.statusCode).toBe(400);
    const extra = await redeemUser(
      httpEvent({
        tokenFields: OPERATOR_TOKEN,
        path: '/api/users/redeem',
        body: { phoneNumber: '0400000001', isOfferClaimed: false },
      }),
    );
    expect(extra.statusCode).toBe(400);
  });

  it('logs the redeem with the phone number masked', async () => {
    const info = vi.spyOn(logger, 'info');
    const slice = await seedSlice();
    await seedCustomers([customerFixture(4, slice.id, '2026-03-01T10:00:00.000Z')], slice);
    await redeem('0400000004');
    await redeem('0400000004');
    const logged = JSON.stringify(info.mock.calls);
    expect(info).toHaveBeenCalledWith('offer redeemed', { phone: '+614*****004', by: 'operator' });
    expect(logged).not.toContain('400000004');
  });
});
