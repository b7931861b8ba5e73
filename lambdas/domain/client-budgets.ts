/**
 * Per-client budgets: what one client (an IPv4 address or an IPv6 /56, as CloudFront saw it; see
 * lib/viewer.ts) may do in an hour, whatever numbers it tries. A shop's Wi-Fi or a carrier's NAT
 * puts many visitors behind one address, so the code budget is configurable at deploy. The /56s
 * of one IPv6 /48 also share one aggregate code budget (IPV6_NETWORK_CODES_FACTOR times a
 * client's), so a holder of a /48 cannot spend 256 clients' budgets.
 */
import {
  CLIENT_CODES_PER_HOUR_DEFAULT,
  CLIENT_CODES_PER_NUMBER_PER_HOUR,
  CLIENT_LOOKUPS_PER_HOUR,
  CLIENT_PREVIEWS_PER_HOUR,
  IPV6_NETWORK_CODES_FACTOR,
  PREVIEW_HOURLY_CAP_DEFAULT,
  TRUSTED_CLIENT_CODES_PER_HOUR,
  TRUSTED_CLIENT_PREVIEWS_PER_HOUR,
} from '@shared/constants';
import { tooManyRequests, type AppError } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import { intEnv } from '../lib/env';
import { ipv6NetworkOf } from '../lib/viewer';
import { reserveCounters, releaseCounters, type CounterSpec } from '../repositories/limits';
import { isTrustedClient } from '../repositories/trusted-clients';
import { budgetCounter, HOUR_S, secondsLeftInWindow, type WindowedBudget } from './windowed-budget';

export type ClientBudgetKind = 'codes' | 'lookups' | 'previews';

/**
 * The trust exception: a connection the admin trusts (the shop's own Wi-Fi, where every visitor
 * shares one address) gets these limits instead, by budget: its codes and its spin-first previews
 * are raised (its lookups follow its codes below); the number's and the deployment's SMS budgets
 * (sms-cost-guard.ts) still apply to every code, and the deployment's preview cap to every
 * preview. Only the trusted address's own budget is raised: it spends none of its IPv6 /48's
 * aggregate budgets, and the other /56s of that /48 keep the aggregates as they are.
 */
const TRUSTED_LIMITS: Partial<Record<ClientBudgetKind, (limit: number) => number>> = {
  codes: (limit) => Math.max(limit, TRUSTED_CLIENT_CODES_PER_HOUR),
  previews: (limit) => Math.max(limit, TRUSTED_CLIENT_PREVIEWS_PER_HOUR),
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
        budget: {
          name: 'spin-preview',
          windowSeconds: HOUR_S,
          limit: trusted
            ? (TRUSTED_LIMITS.previews?.(CLIENT_PREVIEWS_PER_HOUR) ?? CLIENT_PREVIEWS_PER_HOUR)
            : CLIENT_PREVIEWS_PER_HOUR,
        },
        code: 'SPIN_PREVIEW_LIMIT',
        message: API_MESSAGES.spinPreviewLimit,
      };
  }
}

/**
 * The /48 pool of a lookup or a preview: the /56s of one IPv6 /48 share IPV6_NETWORK_CODES_FACTOR
 * times a client's budget, as they do for codes (codeCounters). Undefined for IPv4, and for a
 * trusted connection, which spends its own raised budget only.
 */
function networkPool(
  kind: 'lookups' | 'previews',
  client: string,
  trusted: boolean,
): { budget: WindowedBudget; network: string } | undefined {
  const network = trusted ? undefined : ipv6NetworkOf(client);
  if (network === undefined) return undefined;
  const { budget } = budgetOf(kind);
  return {
    budget: {
      name: `network-${budget.name}`,
      windowSeconds: HOUR_S,
      limit: Math.ceil(budget.limit * IPV6_NETWORK_CODES_FACTOR),
    },
    network,
  };
}

/**
 * Spends one use of `client`'s budget of `kind` (and of its IPv6 /48's pool, for a lookup or a
 * preview); 429 with a clear message and the seconds until the window ends (Retry-After) when it
 * is used up: the /48's is CLIENT_NETWORK_LIMIT.
 */
export async function spendClientBudget(
  kind: ClientBudgetKind,
  client: string,
  nowMs: number,
): Promise<void> {
  const trusted = trustMatters(kind) && (await isTrustedClient(client));
  const { budget, code, message } = budgetOf(kind, trusted);
  const pooled = kind === 'codes' ? undefined : networkPool(kind, client, trusted);
  const result = await reserveCounters([
    budgetCounter(budget, client, nowMs),
    ...(pooled ? [budgetCounter(pooled.budget, pooled.network, nowMs)] : []),
  ]);
  if (result.ok) return;
  if (pooled && result.failedIndex === 1)
    throw tooManyRequests(
      'CLIENT_NETWORK_LIMIT',
      message,
      secondsLeftInWindow(pooled.budget, nowMs),
    );
  throw tooManyRequests(code, message, secondsLeftInWindow(budget, nowMs));
}

/**
 * Spends one of the deployment's spin-first previews this hour (the `previewHourlyCap` deploy
 * option, PREVIEW_HOURLY_CAP); 429 SPIN_PREVIEW_CAP, with the seconds to the hour's end, past it.
 */
export async function spendDeploymentPreview(nowMs: number): Promise<void> {
  const budget: WindowedBudget = {
    name: 'spin-preview-all',
    windowSeconds: HOUR_S,
    limit: intEnv('PREVIEW_HOURLY_CAP', PREVIEW_HOURLY_CAP_DEFAULT, 1),
  };
  const result = await reserveCounters([budgetCounter(budget, 'all', nowMs)]);
  if (!result.ok)
    throw tooManyRequests(
      'SPIN_PREVIEW_CAP',
      API_MESSAGES.spinPreviewCap,
      secondsLeftInWindow(budget, nowMs),
    );
}

/** Gives back a use spent with spendClientBudget at `nowMs` (the work it paid for failed). */
export async function refundClientBudget(
  kind: ClientBudgetKind,
  client: string,
  nowMs: number,
): Promise<void> {
  const trusted = ipv6NetworkOf(client) !== undefined && (await isTrustedClient(client));
  const pooled = kind === 'codes' ? undefined : networkPool(kind, client, trusted);
  await releaseCounters([
    budgetCounter(budgetOf(kind, trusted).budget, client, nowMs),
    ...(pooled ? [budgetCounter(pooled.budget, pooled.network, nowMs)] : []),
  ]);
}

/**
 * Why a code request was refused by the budgets below: the address's hourly codes, its IPv6 /48's
 * hourly codes, or this address's codes for this one number. Nothing here is the number's own:
 * strangers' requests that send nothing cannot use up what its owner needs (the number's SMS
 * budgets are spent only by a code sent, sms-cost-guard.ts, and its sign-in keys only by the code
 * they answer, sign-in-key.ts).
 */
export type CodeRefusalReason = 'address' | 'network' | 'number';

interface CodeBudget {
  reason: CodeRefusalReason;
  counter: CounterSpec;
  refusal: () => AppError;
}

/**
 * The counters one code request spends, in the order of CodeRefusalReason's checks; a trusted
 * connection's address budget is the raised one (TRUSTED_LIMITS), and it spends no /48 aggregate.
 * Each refusal says when its window ends (Retry-After).
 */
function codeCounters(
  client: string,
  phoneNumber: string,
  nowMs: number,
  trusted = false,
): CodeBudget[] {
  const address = budgetOf('codes', trusted);
  const perNumber: WindowedBudget = {
    name: 'client-number-codes',
    windowSeconds: HOUR_S,
    limit: CLIENT_CODES_PER_NUMBER_PER_HOUR,
  };
  const network = trusted ? undefined : ipv6NetworkOf(client);
  const aggregate: WindowedBudget = {
    name: 'network-codes',
    windowSeconds: HOUR_S,
    limit: Math.ceil(budgetOf('codes').budget.limit * IPV6_NETWORK_CODES_FACTOR),
  };
  return [
    {
      reason: 'address',
      counter: budgetCounter(address.budget, client, nowMs),
      refusal: () =>
        tooManyRequests(address.code, address.message, secondsLeftInWindow(address.budget, nowMs)),
    },
    ...(network === undefined
      ? []
      : [
          {
            reason: 'network' as const,
            counter: budgetCounter(aggregate, network, nowMs),
            refusal: () =>
              tooManyRequests(
                'CLIENT_NETWORK_LIMIT',
                API_MESSAGES.clientCodeLimit,
                secondsLeftInWindow(aggregate, nowMs),
              ),
          },
        ]),
    {
      reason: 'number',
      counter: budgetCounter(perNumber, `${client}#${phoneNumber}`, nowMs),
      refusal: () =>
        tooManyRequests(
          'CLIENT_NUMBER_LIMIT',
          API_MESSAGES.smsPerHour,
          secondsLeftInWindow(perNumber, nowMs),
        ),
    },
  ];
}

/**
 * Spends what one code request for `phoneNumber` costs `client`, all or nothing: one of its hourly
 * codes, one of its IPv6 /48's (unless the address is trusted), and one of its codes for this number (fewer than the number's hourly SMS, so one address
 * cannot spend them all). A 429 names the budget.
 */
export async function spendCodeBudgets(
  client: string,
  phoneNumber: string,
  nowMs: number,
): Promise<void> {
  const counters = codeCounters(client, phoneNumber, nowMs, await isTrustedClient(client));
  const result = await reserveCounters(counters.map((c) => c.counter));
  if (!result.ok) throw (counters[result.failedIndex] ?? counters[0]!).refusal();
}

/**
 * Gives back what spendCodeBudgets spent at `nowMs` (the request failed on our side); a trusted
 * address spent no /48 aggregate, so none is given back for it.
 */
export async function refundCodeBudgets(
  client: string,
  phoneNumber: string,
  nowMs: number,
): Promise<void> {
  const trusted = ipv6NetworkOf(client) !== undefined && (await isTrustedClient(client));
  await releaseCounters(codeCounters(client, phoneNumber, nowMs, trusted).map((c) => c.counter));
}
