/**
 * DELETE /api/trusted-connections/{id} (admin): stops trusting a connection -> {data:
 * TrustedConnections}; 404 when it is not trusted.
 */
import { untrust } from '../domain/trusted-connections';
import { activeStaff } from '../domain/active-user';
import { http, ok } from '../lib/http';
import { viewerAddress } from '../lib/viewer';

export const handler = http(async (event) => {
  await activeStaff(event, ['admin']);
  return ok({ data: await untrust(event.pathParameters?.id, viewerAddress(event)) });
});
