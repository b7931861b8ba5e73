/**
 * The admin's "Get ready" list (shared/get-ready.ts) from what is stored: the business settings,
 * the slices, the recorded setup facts (passwords set, a piece printed) and the trusted
 * connections. Read in parallel; the rule is the shared one.
 */
import { getReadyState, type GetReadyState } from '@shared/get-ready';
import * as z from '@shared/zod';
import { getBusinessSettings, getSetupFacts } from '../repositories/settings';
import { listSlices } from '../repositories/slices';
import { listTrustedClients } from '../repositories/trusted-clients';

/** POST /api/setup/printed takes no fields: what it records is that a print dialog opened. */
export const recordPrintedRequestSchema = z.strictObject({});

export async function getReady(): Promise<GetReadyState> {
  const [business, slices, setup, trusted] = await Promise.all([
    getBusinessSettings(),
    listSlices(),
    getSetupFacts(),
    listTrustedClients(),
  ]);
  return getReadyState({ business, slices, setup, trustedConnections: trusted.length });
}
