/**
 * The connections the admin trusts (GET/POST/DELETE /api/trusted-connections): the shop's own
 * Wi-Fi, where every visitor shares one public address, gets a larger code budget
 * (client-budgets.ts). The admin can trust only the connection they are on: the address is the
 * one CloudFront saw for the admin's own request (lib/viewer.ts), never one sent in a body or a
 * header the caller sets, so nobody can name an address for trust.
 */
import { TRUSTED_CONNECTIONS_MAX } from '@shared/constants';
import { conflict, notFound } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import type { TrustedConnections } from '@shared/types';
import * as z from '@shared/zod';
import {
  listTrustedClients,
  trustClient,
  untrustClient,
  type TrustChange,
} from '../repositories/trusted-clients';

/** POST /api/trusted-connections takes no fields: the address is never the caller's to name. */
export const trustRequestSchema = z.strictObject({});

/** Attempts when another admin tab changed the list at the same moment. */
const CHANGE_ATTEMPTS = 3;

/** A connection's id in a route path: its client key, base64url (an IPv6 key holds ':' and '/'). */
const idOf = (client: string) => Buffer.from(client, 'utf8').toString('base64url');

/** What the admin sees: the connection they are on, and the trusted ones. */
export async function trustedConnections(current: string): Promise<TrustedConnections> {
  const clients = await listTrustedClients();
  return {
    current: { address: current, trusted: clients.some((c) => c.client === current) },
    trusted: clients.map((c) => ({
      id: idOf(c.client),
      address: c.client,
      trustedAt: c.trustedAt,
    })),
  };
}

async function changing(change: () => Promise<TrustChange>): Promise<TrustChange> {
  let outcome: TrustChange = 'conflict';
  for (let attempt = 0; attempt < CHANGE_ATTEMPTS && outcome === 'conflict'; attempt += 1)
    outcome = await change();
  return outcome;
}

/** Trusts the caller's own connection; 409 when the list is full (or keeps changing under us). */
export async function trustCurrent(current: string, now: Date): Promise<TrustedConnections> {
  const outcome = await changing(() =>
    trustClient(current, now.toISOString(), TRUSTED_CONNECTIONS_MAX),
  );
  if (outcome === 'full') throw conflict('TRUSTED_FULL', API_MESSAGES.trustedFull);
  if (outcome === 'conflict') throw conflict('TRUSTED_BUSY', API_MESSAGES.trustedBusy);
  return trustedConnections(current);
}

/** Stops trusting the connection with `id`; 404 when it is not trusted. */
export async function untrust(
  id: string | undefined,
  current: string,
): Promise<TrustedConnections> {
  const clients = await listTrustedClients();
  const found = clients.find((c) => idOf(c.client) === id);
  if (!found) throw notFound('TRUSTED_NOT_FOUND', API_MESSAGES.trustedNotFound);
  const outcome = await changing(() => untrustClient(found.client));
  if (outcome === 'conflict') throw conflict('TRUSTED_BUSY', API_MESSAGES.trustedBusy);
  return trustedConnections(current);
}
