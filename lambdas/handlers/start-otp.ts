/** POST /api/otp/start (public): {phoneNumber} -> 202; 409 already has a reward; 429 SMS limits. */
import { phoneRequestSchema } from '../../shared/phone';
import { startOtp } from '../domain/otp-start';
import { SmsCostGuard, smsLimitsFromEnv } from '../domain/sms-cost-guard';
import { requireEnv } from '../lib/env';
import { http, ok, parseBody } from '../lib/http';

const visitorUserPoolId = requireEnv('VISITOR_USER_POOL_ID');
const guard = new SmsCostGuard(smsLimitsFromEnv());

export const handler = http(async (event) => {
  const { phoneNumber } = parseBody(phoneRequestSchema, event);
  await startOtp(phoneNumber, { guard, nowMs: Date.now, visitorUserPoolId });
  return ok({}, 202);
});
