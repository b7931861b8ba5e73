/**
 * A trusted connection (the shop's own Wi-Fi, trusted by the admin) as stored and as the admin API
 * sends it: each record's one schema (docs/architecture.md, "One schema per record"), its type read
 * from it. The trusted clients repository reads its item through the stored one.
 */
import * as z from './zod';

/** One trusted client as stored: an address as lambdas/lib/viewer.ts keys it, and since when. */
const trustedClientSchema = z.object({
  client: z.string().min(1),
  /** ISO time it was trusted. */
  trustedAt: z.string().min(1),
});
export type TrustedClient = z.infer<typeof trustedClientSchema>;

/** The one stored item listing them (limits table, key `trusted-clients`). */
export const trustedClientsItemSchema = z.object({
  clients: z.array(trustedClientSchema),
  /** Raised on every change; a write is made only over the version it read. */
  version: z.number().int().min(0),
});

/** GET /api/trusted-connections: the connection the admin is on, and those trusted. */
export const trustedConnectionsSchema = z.strictObject({
  /** The admin's own connection, as the server sees it (an IPv4 address or an IPv6 /56). */
  current: z.strictObject({ address: z.string().min(1), trusted: z.boolean() }),
  trusted: z.array(
    z.strictObject({
      /** What DELETE /api/trusted-connections/{id} names: the client key, base64url. */
      id: z.string().min(1),
      address: z.string().min(1),
      trustedAt: z.string().min(1),
    }),
  ),
});
export type TrustedConnections = z.infer<typeof trustedConnectionsSchema>;
