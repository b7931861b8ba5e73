/** POST /api/customers/erase (admin): erases a customer's number on request. */
import { callRoute } from '../../../lib/api-client';

export const eraseCustomer = (phoneNumber: string): Promise<{ message: string }> =>
  callRoute<{ message: string }>('erase-customer', { body: { phoneNumber } });
