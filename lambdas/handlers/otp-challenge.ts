/**
 * GET /api/otp/challenge (public): a fresh proof-of-work challenge for one POST /api/otp/start,
 * harder as the deployment's hourly SMS sends near their cap. Signed and stateless: nothing is
 * stored until it is used.
 */
import { newOtpChallenge } from '../domain/otp-start';
import { SmsCostGuard, smsLimitsFromEnv } from '../domain/sms-cost-guard';
import { http, ok } from '../lib/http';

export const handler = http(async () =>
  ok(await newOtpChallenge(new SmsCostGuard(smsLimitsFromEnv()), Date.now())),
);
