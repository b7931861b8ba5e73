/**
 * The insights' stream consumer for handler tests: the customers table's stream of this test
 * file (DynamoDB Local) fed to the deployed function (lambdas/triggers/stats-stream.ts) by the
 * local stack's own feed (local/streams.ts), drained when a test wants the figures up to date.
 */
import { tableEnvName } from '@shared/definitions';
import { feedStream, type StreamFeed } from '../../local/streams';
import { handler } from '../../lambdas/triggers/stats-stream';

let feed: StreamFeed | undefined;

/** Counts every customer change made so far (each once), as the deployed consumer would. */
export async function drainStatsStream(): Promise<void> {
  feed ??= feedStream({
    endpoint: process.env.DYNAMODB_ENDPOINT!,
    table: process.env[tableEnvName('customers')]!,
    handler,
  });
  await feed.drain();
}
