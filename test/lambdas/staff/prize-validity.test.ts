import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawAndRecord } from '../../../lambdas/domain/spin';
import { handler as createSliceHandler } from '../../../lambdas/handlers/create-slice';
import { handler as redeemUser } from '../../../lambdas/handlers/redeem-user';
import { getCustomer, putCustomerOnce } from '../../../lambdas/repositories/customers';
import { createSlice, deleteSlice, getSlice } from '../../../lambdas/repositories/slices';
import { addSlice } from '../../../lambdas/domain/slices-admin';
import { API_MESSAGES } from '@shared/messages-api';
import { STAFF_TEXT } from '@shared/messages-staff';
import { SLICE_FIELD_MESSAGES } from '@shared/messages-fields';
import { formatBusinessTime } from '@shared/prize-validity';
import { ADMIN_TOKEN, bodyOf, httpEvent, OPERATOR_TOKEN } from '../../support/http-event';
import { customerFixture } from './seed';
import { sliceInput } from '../../support/records';

const DAY_MS = 24 * 60 * 60 * 1000;

const redeem = (phoneNumber: string) =>
  redeemUser(
    httpEvent({ tokenFields: OPERATOR_TOKEN, path: '/api/users/redeem', body: { phoneNumber } }),
  );

const validFor = (validDays: number | null) => sliceInput({ name: 'Valid week', validDays });

afterEach(() => vi.useRealTimers());

describe('prize validity', () => {
  it('a win of a slice valid 7 days records its expiry; a slice without validity records none', async () => {
    const week = await addSlice(validFor(7), new Date());
    const wonAt = new Date('2026-05-01T02:30:00.000Z');
    // The clock at the win; each draw is certain, its slice the only one on the wheel.
    vi.useFakeTimers({ now: wonAt, toFake: ['Date'] });
    await drawAndRecord('+61400000901');
    await deleteSlice(week.id);
    const forever = await addSlice(validFor(null), new Date());
    await drawAndRecord('+61400000902');
    await deleteSlice(forever.id);
    vi.useRealTimers();

    expect((await getCustomer('+61400000901'))?.expiresAt).toBe(
      new Date(wonAt.getTime() + 7 * DAY_MS).toISOString(),
    );
    expect(await getCustomer('+61400000902')).not.toHaveProperty('expiresAt');
  });

  it('refuses a validity that is not a whole number of days from 1 to 365, and stores a valid one', async () => {
    for (const validDays of [0, -1, 1.5, 366, '7', true]) {
      const result = await createSliceHandler(
        httpEvent({
          tokenFields: ADMIN_TOKEN,
          path: '/api/slices',
          body: { name: 'Bad days', validDays },
        }),
      );
      expect(result.statusCode, String(validDays)).toBe(400);
      expect(JSON.stringify(bodyOf(result))).toContain(SLICE_FIELD_MESSAGES.validDaysInvalid);
    }
    const created = await createSliceHandler(
      httpEvent({
        tokenFields: ADMIN_TOKEN,
        path: '/api/slices',
        body: { name: 'Two weeks', validDays: 14 },
      }),
    );
    expect(created.statusCode).toBe(201);
    const data = bodyOf(created) as { id: string; validDays: number };
    expect(data.validDays).toBe(14);
    expect((await getSlice(data.id))?.validDays).toBe(14);
    await deleteSlice(data.id);
  });

  it('redeems before the expiry and refuses after it with 409, changing nothing', async () => {
    const slice = { id: 'validity-slice', stock: null };
    await createSlice(validFor(null), new Date().toISOString(), slice.id);
    const expiresAt = '2026-06-08T02:30:00.000Z';
    const early = { ...customerFixture(903, slice.id, '2026-06-01T02:30:00.000Z'), expiresAt };
    const late = { ...customerFixture(904, slice.id, '2026-06-01T02:30:00.000Z'), expiresAt };
    expect(await putCustomerOnce(early, slice)).toBe('recorded');
    expect(await putCustomerOnce(late, slice)).toBe('recorded');
    vi.useFakeTimers({ toFake: ['Date'] });

    vi.setSystemTime(new Date(Date.parse(expiresAt) - 60_000));
    const before = await redeem('0400000903');
    vi.setSystemTime(new Date(Date.parse(expiresAt)));
    const after = await redeem('0400000904');

    expect(before.statusCode).toBe(200);
    expect(bodyOf(before)).toMatchObject({ message: STAFF_TEXT.redeemSucceeded('0400000903') });
    expect(after.statusCode).toBe(409);
    expect(bodyOf(after)).toEqual({
      code: 'PRIZE_EXPIRED',
      message: API_MESSAGES.prizeExpired(formatBusinessTime(expiresAt)),
    });
    expect(await getCustomer(late.phoneNumber)).toEqual(late);
  });
});
