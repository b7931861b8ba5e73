/** GET /api/spins/mine (visitor): the saved prize of the signed-in number, or 404 NO_SPIN. */
import { notFound } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import { findSavedSpin } from '../domain/spin';
import { activeVisitor } from '../domain/active-user';
import { http, ok } from '../lib/http';

export const handler = http(async (event) => {
  const visitor = await activeVisitor(event);
  const saved = await findSavedSpin(visitor.phoneNumber);
  if (!saved) throw notFound('NO_SPIN', API_MESSAGES.noSpin);
  return ok(saved);
});
