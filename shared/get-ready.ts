/**
 * The admin's "Get ready" list: what a new shop does in its first hour, each step ticked from what
 * is stored, never from a click on the list. The business details are saved (a name of the shop's
 * own, not the placeholder), a logo of its own is saved, the prizes make sense (prizesMakeSense),
 * both staff passwords were set in the admin area (the printed first ones replaced; only the time
 * is stored, SetupFacts), a poster or card was printed (recorded as the print dialog opens), and a
 * connection is trusted as the shop's Wi-Fi.
 */
import { PLACEHOLDER_BUSINESS } from './business-fields';
import type { BusinessSettings, SetupFacts, StaffRole } from './types';

/** A stored field that is the shop's own: set, and not the placeholder a fresh stack seeds. */
const ownValue = (value: string, placeholder: string) =>
  value.trim() !== '' && value.trim() !== placeholder;

export const GET_READY_STEPS = [
  'details',
  'logo',
  'prizes',
  'passwords',
  'poster',
  'wifi',
] as const;
export type GetReadyStep = (typeof GET_READY_STEPS)[number];

/**
 * Prizes with stock and odds that make sense: at least two can be won, at least one has a stock
 * limit (a prize that costs the shop is counted out), and the odds are not all the same (the top
 * prize is rarer than the everyday one).
 */
function prizesMakeSense(slices: readonly { weight: number; stock: number | null }[]): boolean {
  const winnable = slices.filter((slice) => slice.stock !== 0);
  if (winnable.length < 2) return false;
  const weights = winnable.map((slice) => slice.weight);
  return (
    winnable.some((slice) => slice.stock !== null) && Math.min(...weights) < Math.max(...weights)
  );
}

export interface GetReadyFacts {
  business: Pick<BusinessSettings, 'businessName' | 'logoUrl'>;
  slices: readonly { weight: number; stock: number | null }[];
  setup: SetupFacts;
  trustedConnections: number;
}

/** Which steps are done, from the stored facts. */
function getReadyDone(facts: GetReadyFacts): Record<GetReadyStep, boolean> {
  return {
    details: ownValue(facts.business.businessName, PLACEHOLDER_BUSINESS.businessName),
    logo: ownValue(facts.business.logoUrl, PLACEHOLDER_BUSINESS.logoUrl),
    prizes: prizesMakeSense(facts.slices),
    passwords:
      facts.setup.passwordSetAt.admin !== null && facts.setup.passwordSetAt.operator !== null,
    poster: facts.setup.printedAt !== null,
    wifi: facts.trustedConnections > 0,
  };
}

/**
 * GET /api/setup: each step done or not, and whose password to change next (the admin's first;
 * null once both are set).
 */
export interface GetReadyState {
  done: Record<GetReadyStep, boolean>;
  passwordToChange: StaffRole | null;
}

/** The list's state from the stored facts. */
export function getReadyState(facts: GetReadyFacts): GetReadyState {
  const { admin, operator } = facts.setup.passwordSetAt;
  return {
    done: getReadyDone(facts),
    passwordToChange: admin === null ? 'admin' : operator === null ? 'operator' : null,
  };
}
