/** POST /api/spins/mine/reference (visitor): a fresh reference for the counter's QR code. */
import type { IssuedPrizeReference } from '@shared/prize-reference';
import { wheelRouteOf } from '@shared/routes-wheel';
import { callRoute } from '../../../lib/api-client';

export const issuePrizeReference = (): Promise<IssuedPrizeReference> =>
  callRoute<IssuedPrizeReference>(wheelRouteOf('issue-prize-reference'));
