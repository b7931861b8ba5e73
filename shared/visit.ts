/**
 * How the wheel page's visits are counted (lambdas/domain/visits.ts): per device, by an anonymous
 * id the browser makes once and keeps (a random value in its own storage: no personal data), sent
 * with GET /api/wheel beside the placement's source tag. The address still bounds what one
 * network can add, so made-up ids cannot inflate the figure.
 */

/** The request header carrying the browser's visit id. */
export const VISIT_DEVICE_HEADER = 'x-visit-device';
/** The request header carrying the placement's source tag (shared/source-tag.ts). */
export const VISIT_SOURCE_HEADER = 'x-visit-source';

/** A visit id: 22 base64url characters (16 random bytes). */
const VISIT_DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/** The visit id a request carries, or null when it has none or a malformed one. */
export const parseVisitDevice = (raw: unknown): string | null =>
  typeof raw === 'string' && VISIT_DEVICE_ID.test(raw) ? raw : null;

/**
 * Visits one address (an IPv4 address, an IPv6 /56) may add in a business day: a shop's Wi-Fi
 * or a carrier's NAT puts many visitors behind one address, and a script making up ids from one
 * address adds at most this many.
 */
export const VISITS_PER_ADDRESS_A_DAY = 100;
