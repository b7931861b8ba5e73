/** POST /api/users/redeem: marks a customer's offer redeemed (once; 409 when already). */
import type { SearchRequest } from '@shared/dashboard-search';
import type { Customer } from '@shared/types';
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

export interface RedeemResponse {
  message: string;
  /** The customer as stored after the redeem. */
  data: Customer;
}

/** Redeems the offer of the customer with this local number. Throws ApiError (404, 409, ...). */
export function redeemUser(phoneNumber: string): Promise<RedeemResponse> {
  const body: SearchRequest = { phoneNumber };
  return callRoute<RedeemResponse>(routeOf('redeem-user'), { body });
}
