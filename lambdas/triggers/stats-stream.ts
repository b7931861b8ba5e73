/**
 * The customers table's change stream (a DynamoDB Streams event source in AWS; the local stack's
 * poller of DynamoDB Local's stream, local/streams.ts): the insights' wins, redemptions, prizes
 * owed and redeem times, counted from the records (domain/stats-stream.ts), each once.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { applyRecords } from '../domain/stats-stream';
import { logger, withLambdaContext } from '../lib/logger';

export const handler = withLambdaContext(async (event: DynamoDBStreamEvent): Promise<void> => {
  const { applied, repeated } = await applyRecords(event.Records);
  if (repeated > 0) logger.info('stream records already counted', { applied, repeated });
});
