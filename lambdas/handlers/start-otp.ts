/**
 * POST /api/otp/start (public): {phoneNumber, altcha: a solved GET /api/otp/challenge, recover?,
 * source?: the placement's tag, counted with the code sent} -> 202 {signInKey} and one code
 * granted; 400 a bad, used or outdated challenge; 409 already has a reward (never with recover);
 * 429 SMS or client limits; 403 when not through the site.
 */
import { otpStartRequestSchema, type OtpStartResponse } from '@shared/phone';
import { startOtp } from '../domain/otp-start';
import { SmsCostGuard, smsLimitsFromEnv } from '../domain/sms-cost-guard';
import { requireEnv } from '../lib/env';
import { http, ok, parseBody } from '../lib/http';
import { viewerAddress } from '../lib/viewer';

export const handler = http(async (event) => {
  const { phoneNumber, altcha, recover, source } = parseBody(otpStartRequestSchema, event);
  const signInKey = await startOtp(phoneNumber, altcha, {
    guard: new SmsCostGuard(smsLimitsFromEnv()),
    nowMs: Date.now,
    client: viewerAddress(event),
    visitorUserPoolId: requireEnv('VISITOR_USER_POOL_ID'),
    recover: recover === true,
    ...(source ? { source } : {}),
  });
  return ok({ signInKey } satisfies OtpStartResponse, 202);
});
