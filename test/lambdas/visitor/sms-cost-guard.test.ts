import { describe, expect, it } from 'vitest';
import { SmsCostGuard } from '../../../lambdas/domain/sms-cost-guard';
import { API_MESSAGES } from '@shared/messages-api';
import { testPhone } from './support';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * A fixed start at a day boundary so windows are predictable, in the future: DynamoDB Local
 * deletes items whose TTL (expiresAt) has passed.
 */
const DAY_START = Date.UTC(2099, 0, 5);

const guard = new SmsCostGuard({
  perMinute: 1,
  perHour: 5,
  perDay: 10,
  globalHourlyCap: 1000,
  globalDailyCap: 10_000,
});

describe('SmsCostGuard', () => {
  it('allows 1 code a minute per number, with the per-minute message for the second', async () => {
    const { intl } = testPhone(1001);
    await guard.reserve(intl, DAY_START);
    await expect(guard.reserve(intl, DAY_START + 30_000)).rejects.toMatchObject({
      status: 429,
      code: 'SMS_PER_MINUTE',
      message: API_MESSAGES.smsPerMinute,
    });
    // Another number is not affected.
    await guard.reserve(testPhone(1002).intl, DAY_START + 30_000);
    // The next minute has room again.
    await guard.reserve(intl, DAY_START + MINUTE);
  });

  it('allows 5 an hour per number, then refuses with the per-hour message', async () => {
    const { intl } = testPhone(1003);
    for (let i = 0; i < 5; i++) await guard.reserve(intl, DAY_START + i * MINUTE);
    await expect(guard.reserve(intl, DAY_START + 5 * MINUTE)).rejects.toMatchObject({
      status: 429,
      code: 'SMS_PER_HOUR',
      message: API_MESSAGES.smsPerHour,
    });
    await guard.reserve(intl, DAY_START + HOUR);
  });

  it('allows 10 a day per number, then refuses with the per-day message', async () => {
    const { intl } = testPhone(1004);
    for (let i = 0; i < 10; i++)
      await guard.reserve(intl, DAY_START + Math.floor(i / 5) * HOUR + (i % 5) * MINUTE);
    await expect(guard.reserve(intl, DAY_START + 3 * HOUR)).rejects.toMatchObject({
      code: 'SMS_PER_DAY',
      message: API_MESSAGES.smsPerDay,
    });
    await guard.reserve(intl, DAY_START + 24 * HOUR);
  });

  it('stops all sending at the deployment-wide hourly cap', async () => {
    const capped = new SmsCostGuard({
      perMinute: 1,
      perHour: 5,
      perDay: 10,
      globalHourlyCap: 3,
      globalDailyCap: 10_000,
    });
    const at = Date.UTC(2099, 0, 6, 9);
    for (let n = 0; n < 3; n++) await capped.reserve(testPhone(2000 + n).intl, at);
    await expect(capped.reserve(testPhone(2003).intl, at + MINUTE)).rejects.toMatchObject({
      status: 429,
      code: 'SMS_GLOBAL_CAP',
      message: API_MESSAGES.smsGlobalCap,
    });
    await expect(capped.check(testPhone(2004).intl, at)).rejects.toMatchObject({
      code: 'SMS_GLOBAL_CAP',
    });
    await capped.reserve(testPhone(2003).intl, at + HOUR);
  });

  it('spends nothing when a budget is full (all or nothing)', async () => {
    const { intl } = testPhone(1005);
    const at = Date.UTC(2099, 0, 7, 9);
    await guard.reserve(intl, at);
    await expect(guard.reserve(intl, at + 1000)).rejects.toMatchObject({ code: 'SMS_PER_MINUTE' });
    // The refused attempt did not use hour budget: 4 more fit this hour.
    for (let i = 1; i <= 4; i++) await guard.reserve(intl, at + i * MINUTE);
    await expect(guard.reserve(intl, at + 5 * MINUTE)).rejects.toMatchObject({
      code: 'SMS_PER_HOUR',
    });
  });

  it('checks without spending', async () => {
    const { intl } = testPhone(1006);
    const at = Date.UTC(2099, 0, 8, 9);
    await guard.check(intl, at);
    await guard.check(intl, at);
    await guard.reserve(intl, at);
    await expect(guard.check(intl, at)).rejects.toMatchObject({ code: 'SMS_PER_MINUTE' });
  });

  it('refuses numbers that are not Australian mobiles', async () => {
    for (const phone of ['+447700900123', '+61298765432', '0412345678', '+6141234567']) {
      await expect(guard.reserve(phone, DAY_START)).rejects.toMatchObject({
        status: 400,
        code: 'NOT_AU_MOBILE',
        message: API_MESSAGES.notAustralianMobile,
      });
    }
  });
});
