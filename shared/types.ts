/** Domain types shared by the handlers and the web app. Dates are ISO 8601 strings. */

export const STAFF_ROLES = ['admin', 'operator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

export interface Customer {
  /** International form, +614XXXXXXXX: the key. */
  phoneNumber: string;
  /** Local form, 04XXXXXXXX. */
  localNumber: string;
  /** The prize name won. */
  offer: string;
  sliceId: string;
  isOfferClaimed: boolean;
  createdAt: string;
  redeemedAt?: string;
  /** Username of the staff member who redeemed it. */
  redeemedBy?: string;
}

export interface Slice {
  id: string;
  name: string;
  imageSrc: string;
  comment: string;
  bgColor: string;
  /** Odds as a whole-number relative weight (default 1). */
  weight: number;
  /** How many may still be won; null is unlimited. */
  stock: number | null;
  createdAt: string;
  updatedAt: string;
}

/** What anyone may see of a slice on the wheel page: no stock figure, only whether it is gone. */
export interface PublicSlice {
  id: string;
  name: string;
  imageSrc: string;
  comment: string;
  bgColor: string;
  weight: number;
  soldOut: boolean;
}

export interface BusinessSettings {
  businessName: string;
  logoUrl: string;
  website: string;
  email: string;
  phoneNumber: string;
  mapsUrl: string;
  instagramUrl: string;
  facebookUrl: string;
  tiktokUrl: string;
  uberEatsUrl: string;
  updatedAt?: string;
}

/** How a visitor reaches the prize: verify the number first, or spin first and verify to claim. */
export const SPIN_MODES = ['verify-first', 'spin-first'] as const;
export type SpinMode = (typeof SPIN_MODES)[number];

export interface GameSettings {
  itemBackgroundColors: string[];
  spinMode: SpinMode;
  updatedAt?: string;
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
}

export interface UsersPage {
  users: Customer[];
  nextCursor: string | null;
}
