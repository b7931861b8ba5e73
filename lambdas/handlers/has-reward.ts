/**
 * POST /api/users/exists (public): {phoneNumber} -> {doesExist}: whether the number has a reward
 * (the spec's "does user exist" call and answer field; the route id says what it answers).
 * Each lookup spends the client's hourly lookup budget (429 past it): numbers cannot be swept.
 */
import { phoneRequestSchema } from '@shared/phone';
import { toInternational } from '@shared/phone-format';
import { spendClientBudget } from '../domain/client-budgets';
import { http, ok, parseBody } from '../lib/http';
import { viewerAddress } from '../lib/viewer';
import { hasReward } from '../repositories/customers';

export const handler = http(async (event) => {
  const { phoneNumber } = parseBody(phoneRequestSchema, event);
  await spendClientBudget('lookups', viewerAddress(event), Date.now());
  // An erased number had its reward: it still counts as having one.
  return ok({ doesExist: await hasReward(toInternational(phoneNumber)) });
});
