/**
 * POST /api/users/scan and POST /api/users/scan/redeem: a win popup's prize reference (from its QR
 * code) -> the customer as now stored; and its one-tap redeem. Throws ApiError (400 for a forged or
 * expired code, 409 when already redeemed or expired, ...).
 */
import type { PrizeReferenceRequest } from '@shared/prize-reference';
import type { Customer } from '@shared/types';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';
import type { RedeemResponse } from './redeem-user';

export async function scanPrize(reference: string): Promise<Customer> {
  const body: PrizeReferenceRequest = { reference };
  return (await callRoute<{ data: Customer }>(routeOf('scan-prize'), { body })).data;
}

export function redeemScanned(reference: string): Promise<RedeemResponse> {
  const body: PrizeReferenceRequest = { reference };
  return callRoute<RedeemResponse>(routeOf('redeem-scanned'), { body });
}
