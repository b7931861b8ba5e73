/**
 * Domain types shared by the handlers and the web app. Dates are ISO 8601 strings. A stored or
 * sent record's type is read from its schema (docs/architecture.md, "One schema per record") and
 * named here too, so callers find every type in one place.
 */
import type { SpinMode } from './constants';
import type { Customer } from './customer';
import type { BusinessSettings, GameSettings } from './settings';
import type { PublicSlice, Slice } from './slice';
import type { TrustedConnections } from './trusted-connection';

export type {
  BusinessSettings,
  Customer,
  GameSettings,
  PublicSlice,
  Slice,
  SpinMode,
  TrustedConnections,
};

export const STAFF_ROLES = ['admin', 'operator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/**
 * The staff roles in a token's `cognito:groups` field. A raw ID token holds a JSON array; behind
 * the HTTP API JWT authorizer the field reaches handlers as a string like "[admin operator]"
 * (arrays are stringified), or a JSON array string. Unknown groups are dropped.
 */
export function staffRolesOf(groups: unknown): StaffRole[] {
  return groupNames(groups).filter(isStaffRole);
}

function groupNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value.trim() === '') return [];
  const text = value.trim();
  if (text.startsWith('["')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // fall through to the bracketed, space-separated form
    }
  }
  return text
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

export interface StaffAccount {
  username: string;
  role: StaffRole;
  email: string;
}

/** GET /api/wheel: everything the wheel page needs in one round trip. */
export interface WheelResponse {
  business: BusinessSettings;
  game: GameSettings;
  slices: PublicSlice[];
}

/** POST /api/spins. */
export interface SpinResult {
  sliceId: string;
  offer: string;
  comment: string;
  /** Once recorded: the number it was won with, local form (04XXXXXXXX), shown at the counter. */
  localNumber?: string;
  /** Once recorded: when it was won, ISO 8601. */
  wonAt?: string;
  /** Once recorded, for a prize that expires: when it can no longer be redeemed, ISO 8601. */
  expiresAt?: string;
  /** Once staff redeemed it: when, ISO 8601 (who did is the staff's own business). */
  redeemedAt?: string;
}

/** POST /api/spins/preview (spin-first): a draw not yet recorded. */
export interface SpinPreview extends SpinResult {
  /** Single-use proof of this draw, exchanged for the prize after verification. */
  ticket: string;
}

export interface UsersPage {
  users: Customer[];
  nextCursor: string | null;
}

/** The funnel's steps, in a visitor's order. */
export const FUNNEL_STEPS = ['visits', 'codesSent', 'verified', 'spins', 'redeemed'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/**
 * GET /api/setup: the facts of the admin's "Get ready" list that only the server can know, each the
 * time it last happened (ISO) or null: each staff password set through the admin area (the printed
 * first ones replaced; the password itself is never stored) and a poster or card printed.
 */
export interface SetupFacts {
  passwordSetAt: Record<StaffRole, string | null>;
  printedAt: string | null;
}

/**
 * Why a code was refused: the visitor's connection used up its budget (a shop's Wi-Fi shares one
 * address), the number used up its own, or the deployment reached its cap.
 */
export const REFUSAL_REASONS = ['connection', 'number', 'cap'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** GET /api/insights: how the promotion did over a range of business days. */
export interface Insights {
  /** First and last business day of the range, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  timeZone: string;
  spinMode: SpinMode;
  /** The price of one SMS the cost estimate uses, in USD as AWS bills it (deploy option). */
  smsPriceUsd: number;
  totals: {
    /**
     * Visitors: devices that loaded the wheel page, each counted once a business day
     * (lambdas/domain/visits.ts).
     */
    visits: number;
    /** Numbers verified by SMS code, each counted once. */
    verified: number;
    spins: number;
    redeemed: number;
    /** Redeemed / spins in the range; null without spins. */
    redemptionRate: number | null;
    codesSent: number;
    smsCostUsd: number;
    previews: number;
    /** Spin-first tickets exchanged for their win after the number was verified. */
    ticketSpins: number;
    /** Previews / ticket spins (spin-first); null without ticket spins. */
    previewsPerTicketSpin: number | null;
    /** Spin-first previews refused (the address's, its /48's or the deployment's hourly cap). */
    previewsRefused: number;
  };
  /**
   * Where visitors drop off: visits, codes sent, verified, spins, redeemed, in that order, each
   * with its share of the step before it (null for the first step, or when the step before is 0).
   */
  funnel: { step: FunnelStep; count: number; kept: number | null }[];
  /** Code requests refused in the range, by reason. */
  refused: Record<RefusalReason, number>;
  /** Money shown to the owner: their currency and what one USD is worth in it, as of `date`. */
  money: { currency: string; usdRate: number; rateDate: string; smsCost: number };
  /**
   * Prizes the shop still owes now (won, not redeemed, not expired), whatever the range, and how
   * many of them expire within the next 7 days.
   */
  owed: { total: number; expiringThisWeek: number };
  /**
   * The median time from a win to its redemption, over the prizes redeemed in the range, in
   * seconds (read from a histogram: within about 2 % of the exact median); null without any.
   */
  medianRedeemSeconds: number | null;
  /**
   * Per placement's source tag (shared/source-tag.ts), the range's visits, codes sent, wins and
   * redemptions that came through it, most visits first.
   */
  sources: { source: string; visits: number; codesSent: number; wins: number; redeemed: number }[];
  /** One entry per day of the range, oldest first. */
  days: ({ date: string } & Record<FunnelStep, number>)[];
  /** Each prize won in the range or on the wheel now, most won first. */
  prizes: {
    sliceId: string;
    name: string;
    wins: number;
    /** Share of the range's wins, 0-1; null without wins. */
    winShare: number | null;
    /** Share of the wheel's current odds, 0-1; null once the prize is deleted. */
    oddsShare: number | null;
    deleted: boolean;
  }[];
}

/** GET /api/customers/export: one page of the customers CSV. */
export interface CustomersCsvPage {
  /** CSV lines (the header line on the first page only), CRLF-terminated. */
  csv: string;
  rows: number;
  /** The next page's cursor; null after the last. */
  nextCursor: string | null;
}

/** GET /api/users/changes: customers won or redeemed since the previous poll. */
export interface UsersChanges {
  /** Changed customers, oldest change first; a customer may come again in a later answer. */
  users: Customer[];
  /** The `since` of the next poll. */
  cursor: string;
  /** True when more changes wait: poll again at once with `cursor`. */
  more: boolean;
}

/** POST /api/staff/sign-in's answer: the staff pool's tokens, as the browser keeps them. */
export interface StaffSignInResponse {
  idToken: string;
  accessToken: string;
  refreshToken: string;
  /** Seconds the ID and access tokens live. */
  expiresIn: number;
}
