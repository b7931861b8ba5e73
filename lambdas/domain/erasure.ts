/**
 * Erasing a customer's number on request (POST /api/customers/erase, admin): the customer record
 * and the visitor user go; only a keyed hash of the number stays (repositories/customers.ts), so
 * the number still cannot win a second time. The day counters keep their figures (they hold no
 * number). Logged with who asked and the number masked.
 */
import { notFound } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { isLocalMobile, maskPhone, toInternational } from '@shared/phone-format';

export interface ErasureDeps {
  eraseCustomerRecord: (phoneNumber: string, at: string) => Promise<'erased' | 'not-found'>;
  deleteVisitorUser: (phoneNumber: string) => Promise<'deleted' | 'not-found'>;
  log: (message: string, fields: Record<string, unknown>) => void;
}

/**
 * Erases the number `localNumber` (10 digits, already validated). 404 when the deployment holds
 * nothing of it (no customer record and no visitor user).
 */
export async function eraseNumber(
  localNumber: string,
  by: string,
  at: Date,
  deps: ErasureDeps,
): Promise<{ message: string }> {
  if (!isLocalMobile(localNumber))
    throw notFound('CUSTOMER_NOT_FOUND', API_MESSAGES.customerNotFound);
  const phoneNumber = toInternational(localNumber);
  // The record first: once it is gone no sign-in can lead to a spin for it.
  const record = await deps.eraseCustomerRecord(phoneNumber, at.toISOString());
  const user = await deps.deleteVisitorUser(phoneNumber);
  if (record === 'not-found' && user === 'not-found')
    throw notFound('CUSTOMER_NOT_FOUND', API_MESSAGES.customerNotFound);
  deps.log('customer erased', {
    phone: maskPhone(phoneNumber),
    by,
    hadReward: record === 'erased',
  });
  return { message: ADMIN_TEXT.erased(localNumber) };
}
