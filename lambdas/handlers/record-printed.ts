/**
 * POST /api/setup/printed (admin): records that the owner printed the poster or the counter card
 * (the Share page calls it as the print dialog opens), ticking "Print the poster" on the "Get
 * ready" list. No body (any field is a 400 that records nothing); answers {data: GetReadyState}.
 */
import { activeStaff } from '../domain/active-user';
import { getReady, recordPrintedRequestSchema } from '../domain/get-ready';
import { http, ok, parseBody } from '../lib/http';
import { recordSetupFact } from '../repositories/settings';

export const handler = http(async (event) => {
  await activeStaff(event, ['admin']);
  parseBody(recordPrintedRequestSchema, event);
  await recordSetupFact('printedAt', new Date().toISOString());
  return ok({ data: await getReady() });
});
