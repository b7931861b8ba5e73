/**
 * GET/POST/DELETE /api/trusted-connections (admin): the connection the admin is on and those
 * trusted. Trusting takes no address: the server trusts the one it sees the request come from.
 */
import type { TrustedConnections } from '@shared/types';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

export const listTrusted = (signal?: AbortSignal): Promise<TrustedConnections> =>
  callRoute<{ data: TrustedConnections }>(routeOf('list-trusted'), { signal }).then((r) => r.data);

export const trustThisConnection = (): Promise<TrustedConnections> =>
  callRoute<{ data: TrustedConnections }>(routeOf('trust-connection'), { body: {} }).then(
    (r) => r.data,
  );

export const untrustConnection = (id: string): Promise<TrustedConnections> =>
  callRoute<{ data: TrustedConnections }>(routeOf('untrust-connection'), { params: { id } }).then(
    (r) => r.data,
  );
