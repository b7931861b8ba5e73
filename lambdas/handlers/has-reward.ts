/**
 * POST /api/users/exists (public): {phoneNumber, altcha: a solved GET /api/otp/challenge} ->
 * {doesExist}: whether the number has a reward (the spec's "does user exist" call and answer
 * field; the route id says what it answers). Each lookup costs the proof of work of an otp/start
 * and one of the client's hourly lookups, pooled per IPv6 /48 (400 a bad or used challenge, 429
 * past the budget): numbers cannot be swept.
 */
import { rewardLookupRequestSchema } from '@shared/phone';
import { lookUpReward } from '../domain/otp-start';
import { SmsCostGuard, smsLimitsFromEnv } from '../domain/sms-cost-guard';
import { http, ok, parseBody } from '../lib/http';
import { viewerAddress } from '../lib/viewer';

export const handler = http(async (event) => {
  const { phoneNumber, altcha } = parseBody(rewardLookupRequestSchema, event);
  const doesExist = await lookUpReward(phoneNumber, altcha, {
    guard: new SmsCostGuard(smsLimitsFromEnv()),
    nowMs: Date.now,
    client: viewerAddress(event),
  });
  return ok({ doesExist });
});
