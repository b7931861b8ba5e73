/**
 * GET /api/trusted-connections (admin): {data: TrustedConnections}, the connection the admin is on
 * (as CloudFront saw it) and the trusted ones.
 */
import { trustedConnections } from '../domain/trusted-connections';
import { activeStaff } from '../domain/active-user';
import { http, ok } from '../lib/http';
import { viewerAddress } from '../lib/viewer';

export const handler = http(async (event) => {
  await activeStaff(event, ['admin']);
  return ok({ data: await trustedConnections(viewerAddress(event)) });
});
