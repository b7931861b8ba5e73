/**
 * A trusted connection (the shop's own Wi-Fi, trusted by the admin) as stored: the record's one
 * schema (docs/architecture.md, "One schema per record"), its type read from it. The trusted
 * clients repository reads its item through it.
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
