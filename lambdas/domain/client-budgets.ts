/**
 * Per-client budgets: what one client (an IPv4 address or an IPv6 /56, as CloudFront saw it; see
 * lib/viewer.ts) may do in an hour, whatever numbers it tries. A shop's Wi-Fi or a carrier's NAT
 * puts many visitors behind one address, so the code budget is configurable at deploy.
 */
import {
  CLIENT_CODES_PER_HOUR_DEFAULT,
  CLIENT_LOOKUPS_PER_HOUR,
  CLIENT_PREVIEWS_PER_HOUR,
} from '@shared/constants';
import { tooManyRequests } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages';
import { intEnv } from '../lib/env';
import { reserveCounters, releaseCounters } from '../repositories/limits';
import { budgetCounter, HOUR_S, type WindowedBudget } from './windowed-budget';

export type ClientBudgetKind = 'codes' | 'lookups' | 'previews';

function budgetOf(kind: ClientBudgetKind): {
  budget: WindowedBudget;
  code: string;
  message: string;
} {
  switch (kind) {
    case 'codes': {
      const limit = intEnv('CLIENT_CODES_PER_HOUR', CLIENT_CODES_PER_HOUR_DEFAULT, 1);
      return {
        budget: { name: 'client-codes', windowSeconds: HOUR_S, limit },
        code: 'CLIENT_CODE_LIMIT',
        message: API_MESSAGES.clientCodeLimit,
      };
    }
    case 'lookups':
      // Every otp/start is a lookup too (it tells whether the number has a reward), so a network
      // allowed more codes is allowed as many lookups.
      return {
        budget: {
          name: 'client-lookups',
          windowSeconds: HOUR_S,
          limit: Math.max(CLIENT_LOOKUPS_PER_HOUR, budgetOf('codes').budget.limit),
        },
        code: 'CLIENT_LOOKUP_LIMIT',
        message: API_MESSAGES.clientLookupLimit,
      };
    case 'previews':
      return {
        budget: { name: 'spin-preview', windowSeconds: HOUR_S, limit: CLIENT_PREVIEWS_PER_HOUR },
        code: 'SPIN_PREVIEW_LIMIT',
        message: API_MESSAGES.spinPreviewLimit,
      };
  }
}

/** Spends one use of `client`'s budget of `kind`; 429 with a clear message when it is used up. */
export async function spendClientBudget(
  kind: ClientBudgetKind,
  client: string,
  nowMs: number,
): Promise<void> {
  const { budget, code, message } = budgetOf(kind);
  const result = await reserveCounters([budgetCounter(budget, client, nowMs)]);
  if (!result.ok) throw tooManyRequests(code, message);
}

/** Gives back a use spent with spendClientBudget at `nowMs` (the work it paid for failed). */
export async function refundClientBudget(
  kind: ClientBudgetKind,
  client: string,
  nowMs: number,
): Promise<void> {
  await releaseCounters([budgetCounter(budgetOf(kind).budget, client, nowMs)]);
}
