/**
 * A table's change stream fed to a function as Lambda's DynamoDB event source does in AWS: the
 * stream of DynamoDB Local is read through the DynamoDB Streams API on the same endpoint, each
 * shard from its oldest record, and the records are handed over in order, in batches. A batch the
 * function fails is given again at the next turn (the iterator stays where it was), as Lambda
 * retries; the function is the deployed one (lambdas/triggers/stats-stream.ts), unchanged.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { LOCAL_AWS_ENV } from './dynamodb';

/** Records per call of the function: the deployed event source's batch size. */
const STREAM_BATCH_SIZE = 100;

export interface StreamFeed {
  /** Reads every shard until none has a record left, handing each batch to the function. */
  drain(): Promise<void>;
  /** Stops the timer (if any) after the turn under way. */
  stop(): Promise<void>;
}

const clientOptions = (endpoint: string) => ({
  endpoint,
  region: LOCAL_AWS_ENV.AWS_REGION,
  credentials: {
    accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID,
    secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY,
  },
});

/** A stream record in the shape Lambda's event gives the function. */
const asLambdaRecord = (record: _Record): DynamoDBRecord =>
  ({
    eventID: record.eventID,
    eventName: record.eventName,
    eventSource: 'aws:dynamodb',
    eventVersion: record.eventVersion,
    awsRegion: record.awsRegion ?? LOCAL_AWS_ENV.AWS_REGION,
    dynamodb: {
      ...record.dynamodb,
      ApproximateCreationDateTime: record.dynamodb?.ApproximateCreationDateTime
        ? record.dynamodb.ApproximateCreationDateTime.getTime() / 1000
        : undefined,
    },
  }) as DynamoDBRecord;

/**
 * One GetRecords. DynamoDB Local refuses an iterator taken while its shard was still empty once
 * records arrive (TrimmedDataAccessException), and any iterator expires after 15 minutes: the
 * shard is then read again from its oldest record (`trimHorizon`), which the consumer's marks make
 * harmless.
 */
async function readRecords(
  streams: DynamoDBStreamsClient,
  iterator: string,
  trimHorizon: () => Promise<string | null>,
) {
  const read = (from: string) =>
    streams.send(new GetRecordsCommand({ ShardIterator: from, Limit: STREAM_BATCH_SIZE }));
  try {
    return await read(iterator);
  } catch (error) {
    const name = (error as Error).name;
    if (name !== 'TrimmedDataAccessException' && name !== 'ExpiredIteratorException') throw error;
    const fresh = await trimHorizon();
    return fresh ? read(fresh) : { Records: [], NextShardIterator: undefined };
  }
}

/**
 * Feeds `table`'s stream to `handler`; with `everyMs`, on a timer (the local stack), else only
 * when drained (tests). A failing batch is logged through `onError` and tried again.
 */
export function feedStream(options: {
  endpoint: string;
  table: string;
  handler: (event: DynamoDBStreamEvent) => Promise<void>;
  everyMs?: number;
  onError?: (error: unknown) => void;
}): StreamFeed {
  const dynamo = new DynamoDBClient(clientOptions(options.endpoint));
  const streams = new DynamoDBStreamsClient(clientOptions(options.endpoint));
  /** Each known shard's next iterator; null once the shard is closed and read to its end. */
  const iterators = new Map<string, string | null>();
  let streamArn: string | undefined;
  let running: Promise<boolean> | undefined;
  let stopped = false;

  async function discoverShards(): Promise<void> {
    if (!streamArn) {
      const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: options.table }));
      streamArn = Table?.LatestStreamArn;
      if (!streamArn) throw new Error(`${options.table} has no stream`);
    }
    const { StreamDescription } = await streams.send(
      new DescribeStreamCommand({ StreamArn: streamArn }),
    );
    for (const shard of StreamDescription?.Shards ?? []) {
      if (!shard.ShardId || iterators.has(shard.ShardId)) continue;
      iterators.set(shard.ShardId, await trimHorizon(shard.ShardId));
    }
  }

  const trimHorizon = async (shardId: string): Promise<string | null> => {
    const { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shardId,
        ShardIteratorType: 'TRIM_HORIZON',
      }),
    );
    return ShardIterator ?? null;
  };

  const readShard = (shardId: string, iterator: string) =>
    readRecords(streams, iterator, () => trimHorizon(shardId));

  /** One turn over every shard; true when some record was handed over. */
  async function turn(): Promise<boolean> {
    await discoverShards();
    let handed = false;
    for (const [shardId, iterator] of iterators) {
      if (!iterator) continue;
      const { Records = [], NextShardIterator } = await readShard(shardId, iterator);
      if (Records.length > 0) {
        // Not moved on when the function fails: the same records come again next turn.
        await options.handler({ Records: Records.map(asLambdaRecord) });
        handed = true;
      }
      iterators.set(shardId, NextShardIterator ?? null);
    }
    return handed;
  }

  const once = (): Promise<boolean> => {
    running ??= turn().finally(() => (running = undefined));
    return running;
  };

  const loop = async () => {
    while (!stopped) {
      await once().catch((error: unknown) => options.onError?.(error));
      await sleep(options.everyMs);
    }
  };
  const looping = options.everyMs === undefined ? Promise.resolve() : loop();

  return {
    async drain() {
      // A turn already under way may have read before the latest writes: wait for it first.
      await running?.catch(() => undefined);
      while (await once()) {
        // more records may follow in the same shard
      }
    },
    async stop() {
      stopped = true;
      await looping;
      dynamo.destroy();
      streams.destroy();
    },
  };
}
