/**
 * Per-client budgets: what one client (an IPv4 address or an IPv6 /56, as CloudFront saw it; see
 * lib/viewer.ts) may do in an hour, whatever numbers it tries. A shop's Wi-Fi or a carrier's NAT
 * puts many visitors behind one address, so the code budget is configurable at deploy.
 */
import {
  CLIENT_CODES_PER_HOUR_DEFAULT,
  CLIENT_LOOKUPS_PER_HOUR,
  CLIENT_PREVIEWS_PER_HOUR,
  TRUSTED_CLIENT_CODES_PER_HOUR,
} from '@shared/constants';
import { tooManyRequests } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages';
import { intEnv } from '../lib/env';
import { reserveCounters, releaseCounters } from '../repositories/limits';
import { isTrustedClient } from '../repositories/trusted-clients';
import { budgetCounter, HOUR_S, secondsLeftInWindow, type WindowedBudget } from './windowed-budget';

export type ClientBudgetKind = 'codes' | 'lookups' | 'previews';

/**
 * The trust exception: a connection the admin trusts (the shop's own Wi-Fi, where every visitor
 * shares one address) gets these limits instead, by budget. Only the budgets of a code are
 * raised (its lookups follow its codes below); the number's and the deployment's SMS budgets
 * (sms-cost-guard.ts) still apply to every code, and previews stay as they are.
 */
const TRUSTED_LIMITS: Partial<Record<ClientBudgetKind, (limit: number) => number>> = {
  codes: (limit) => Math.max(limit, TRUSTED_CLIENT_CODES_PER_HOUR),
};

/** Whether a budget of `kind` asks if the client is trusted (one read) before spending. */
const trustMatters = (kind: ClientBudgetKind): boolean =>
  kind === 'lookups' || TRUSTED_LIMITS[kind] !== undefined;

function budgetOf(
  kind: ClientBudgetKind,
  trusted = false,
): {
  budget: WindowedBudget;
  code: string;
  message: string;
} {
  switch (kind) {
    case 'codes': {
      const configured = intEnv('CLIENT_CODES_PER_HOUR', CLIENT_CODES_PER_HOUR_DEFAULT, 1);
      const limit = trusted ? (TRUSTED_LIMITS.codes?.(configured) ?? configured) : configured;
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
          limit: Math.max(CLIENT_LOOKUPS_PER_HOUR, budgetOf('codes', trusted).budget.limit),
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

/**
 * Spends one use of `client`'s budget of `kind`; 429 with a clear message and the seconds until
 * the window ends (Retry-After) when it is used up.
 */
export async function spendClientBudget(
  kind: ClientBudgetKind,
  client: string,
  nowMs: number,
): Promise<void> {
  const trusted = trustMatters(kind) && (await isTrustedClient(client));
  const { budget, code, message } = budgetOf(kind, trusted);
  const result = await reserveCounters([budgetCounter(budget, client, nowMs)]);
  if (!result.ok) throw tooManyRequests(code, message, secondsLeftInWindow(budget, nowMs));
}

/** Gives back a use spent with spendClientBudget at `nowMs` (the work it paid for failed). */
export async function refundClientBudget(
  kind: ClientBudgetKind,
  client: string,
  nowMs: number,
): Promise<void> {
  await releaseCounters([budgetCounter(budgetOf(kind).budget, client, nowMs)]);
}
