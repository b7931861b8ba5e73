/**
 * The insights' visits are visitors: a client (an address as CloudFront saw it, lib/viewer.ts)
 * loading the wheel page any number of times in a business day counts once. What is kept to know
 * it was counted is a marker keyed by an HMAC of the day and the address under a key derived from
 * the deployment's origin secret: it names no address, cannot be reversed without the secret, and
 * expires two days later. The visits counter itself holds nothing about anyone.
 */
import { createHmac } from 'node:crypto';
import { businessDay } from '@shared/business-day';
import { businessTimeZone, requireEnv } from '../lib/env';
import { markOnce } from '../repositories/limits';
import { addVisit } from '../repositories/stats';

/** A marker outlives its business day (whatever the time zone) and then expires. */
const MARKER_LIFETIME_S = 2 * 24 * 60 * 60;

/** Counts `client`'s visit at `at`, once per business day. */
export async function countVisit(client: string, at: Date): Promise<void> {
  const day = businessDay(at, businessTimeZone());
  const key = createHmac('sha256', requireEnv('ORIGIN_SECRET')).update('visits').digest();
  const marker = createHmac('sha256', key).update(`${day}#${client}`).digest('base64url');
  if (await markOnce(`visit#${marker}`, Math.floor(at.getTime() / 1000) + MARKER_LIFETIME_S))
    await addVisit(at);
}
