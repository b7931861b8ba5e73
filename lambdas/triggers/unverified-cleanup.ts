/**
 * Scheduled (EventBridge Scheduler, hourly; the local stack's timer): deletes the visitor users
 * that never verified their number within a day (domain/unverified-users.ts).
 */
import { deleteUnverifiedUsers } from '../domain/unverified-users';
import { requireEnv } from '../lib/env';
import { logger, withLambdaContext } from '../lib/logger';

export const handler = withLambdaContext(async (): Promise<void> => {
  const result = await deleteUnverifiedUsers(requireEnv('VISITOR_USER_POOL_ID'), Date.now());
  logger.info('unverified visitor users cleaned up', { ...result });
});
