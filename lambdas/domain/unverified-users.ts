/**
 * The clean-up of visitor users that never verified: POST /api/otp/start creates a number's user
 * before any code is sent (Cognito's CUSTOM_AUTH needs the user to exist first), so a number asked
 * for and never signed in with would otherwise leave a user and its record for good. Run on a
 * schedule (infra: EventBridge Scheduler; the local stack: a timer), it deletes every such user
 * whose last otp/start is more than UNVERIFIED_USER_DAYS old. A user who verified (the record's
 * `verifiedAt`) or whose number has a customer record is never deleted.
 */
import { getCustomer } from '../repositories/customers';
import { deleteVisitorUser } from '../repositories/visitor-pool';
import { forgetUnverifiedRecord, unverifiedUsers } from '../repositories/visitor-users';

/** Days a user that never verified is kept after its last otp/start. */
const UNVERIFIED_USER_DAYS = 1;
const MS_PER_DAY = 86_400_000;

export interface CleanupResult {
  /** Users deleted (and their records). */
  deleted: number;
  /** Candidates left alone: a customer record, or the visitor verified or started again meanwhile. */
  kept: number;
}

/**
 * Deletes the users that never verified, one at a time (Cognito's admin calls have a small quota,
 * and a day's leftovers are few). The record goes first, on the condition that it is still
 * unverified and untouched since the cut-off; only then the Cognito user.
 */
export async function deleteUnverifiedUsers(
  visitorUserPoolId: string,
  nowMs: number,
): Promise<CleanupResult> {
  const before = nowMs - UNVERIFIED_USER_DAYS * MS_PER_DAY;
  const result: CleanupResult = { deleted: 0, kept: 0 };
  for await (const user of unverifiedUsers(before)) {
    if ((await getCustomer(user.phoneNumber)) !== undefined) {
      result.kept++;
      continue;
    }
    if (!(await forgetUnverifiedRecord(user, before))) {
      result.kept++;
      continue;
    }
    await deleteVisitorUser(visitorUserPoolId, user.phoneNumber);
    result.deleted++;
  }
  return result;
}
