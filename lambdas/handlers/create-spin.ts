/**
 * POST /api/spins (visitor): {} or {ticket}, with {source} when the visitor came through a tagged
 * placement -> {sliceId, offer, comment}. The server draws (or
 * honours a spin-first ticket) and records the prize once per number; a repeat gets the saved prize.
 */
import { spinRequestSchema } from '@shared/spin';
import { spinForVisitor } from '../domain/spin-ticket';
import { activeVisitor } from '../domain/active-user';
import { http, ok, parseBody } from '../lib/http';

export const handler = http(async (event) => {
  const visitor = await activeVisitor(event);
  const { ticket, source } = parseBody(spinRequestSchema, event);
  return ok(await spinForVisitor(visitor.phoneNumber, ticket, source));
});
