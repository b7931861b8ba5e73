/**
 * The insights' visits are visitors: a device (the anonymous id the wheel page keeps,
 * shared/visit.ts) loading the wheel page any number of times in a business day counts once, and
 * one address (lib/viewer.ts) adds at most VISITS_PER_ADDRESS_A_DAY a day however many ids it
 * sends. A request without an id counts once for its address, as a device of its own. What is kept
 * to know a device or an address was counted is a marker keyed by an HMAC of the day and the id or
 * address under a key derived from the deployment's origin secret: it names no one, cannot be
 * reversed without the secret, and expires two days later. The visits counter itself holds nothing
 * about anyone.
 */
import { createHmac } from 'node:crypto';
import { businessDay } from '@shared/business-day';
import { VISITS_PER_ADDRESS_A_DAY } from '@shared/visit';
import { businessTimeZone } from '../lib/env';
import { originDerivedKey } from '../lib/secrets';
import { markOnce, reserveCounters } from '../repositories/limits';
import { addVisit } from '../repositories/stats';

/** A marker outlives its business day (whatever the time zone) and then expires. */
const MARKER_LIFETIME_S = 2 * 24 * 60 * 60;

/**
 * Counts the visit of `device` (null: none sent) from `client` at `at`, once per device and
 * business day, under the placement's `source` tag when it has one.
 */
export async function countVisit(
  client: string,
  at: Date,
  device: string | null = null,
  source: string | null = null,
): Promise<void> {
  const day = businessDay(at, businessTimeZone());
  const key = await originDerivedKey('visits');
  const digest = (value: string) => createHmac('sha256', key).update(value).digest('base64url');
  const expiresAt = Math.floor(at.getTime() / 1000) + MARKER_LIFETIME_S;
  const deviceKey = device === null ? `${day}#${client}` : `${day}#device#${device}`;
  if (!(await markOnce(`visit#${digest(deviceKey)}`, expiresAt))) return;
  // A new device: counted while its address has visits left today.
  if (device !== null) {
    const address = `visit-address#${digest(`${day}#${client}`)}`;
    const spent = await reserveCounters([
      { key: address, limit: VISITS_PER_ADDRESS_A_DAY, expiresAt },
    ]);
    if (!spent.ok) return;
  }
  await addVisit(at, source ?? undefined);
}
