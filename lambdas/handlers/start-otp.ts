/** POST /api/otp/start (public): {phoneNumber} -> 202; 409 already has a reward; 429 SMS limits. */
import { phoneRequestSchema } from '../../shared/phone';
import { startOtp } from '../domain/otp-start';
import { SmsCostGuard, smsLimitsFromEnv } from '../domain/sms-cost-guard';
import { requireEnv } from '../lib/env';
import { http, ok, parseBody } from '../lib/http';

export const handler = http(async (event) => {
  const { phoneNumber } = parseBody(phoneRequestSchema, event);
  await startOtp(phoneNumber, {
    guard: new SmsCostGuard(smsLimitsFromEnv()),
    nowMs: Date.now,
    visitorUserPoolId: requireEnv('VISITOR_USER_POOL_ID'),
  });
  return ok({}, 202);
});
