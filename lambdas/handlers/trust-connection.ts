/**
 * POST /api/trusted-connections (admin): trusts the connection the admin is on, its address as
 * CloudFront saw it (never one the caller names: a body with any field is a 400) -> {data:
 * TrustedConnections}; 409 when full.
 */
import { trustCurrent, trustRequestSchema } from '../domain/trusted-connections';
import { activeStaff } from '../domain/active-user';
import { http, ok, parseBody } from '../lib/http';
import { viewerAddress } from '../lib/viewer';

export const handler = http(async (event) => {
  await activeStaff(event, ['admin']);
  parseBody(trustRequestSchema, event);
  return ok({ data: await trustCurrent(viewerAddress(event), new Date()) });
});
