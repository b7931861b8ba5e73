/**
 * POST /api/trusted-connections (admin): trusts the connection the admin is on, its address as
 * CloudFront saw it (never one the caller names) -> {data: TrustedConnections}; 409 when full.
 */
import { trustCurrent } from '../domain/trusted-connections';
import { activeStaffClaims } from '../domain/active-user';
import { http, ok } from '../lib/http';
import { viewerAddress } from '../lib/viewer';

export const handler = http(async (event) => {
  await activeStaffClaims(event, ['admin']);
  return ok({ data: await trustCurrent(viewerAddress(event), new Date()) });
});
