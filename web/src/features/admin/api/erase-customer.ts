/** POST /api/customers/erase (admin): erases a customer's number on request. */
import { routeOf } from '@shared/routes';
import { callRoute } from '../../../lib/api-client';

export const eraseCustomer = (phoneNumber: string): Promise<{ message: string }> =>
  callRoute<{ message: string }>(routeOf('erase-customer'), { body: { phoneNumber } });
