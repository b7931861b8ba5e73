/**
 * The insights' statistics from the customers table's change stream: a function
 * (lambdas/triggers/stats-stream.ts) fed by a DynamoDB Streams event source, so the spin and
 * redeem transactions write no counter (docs/architecture.md, "The insights funnel"). Its role may
 * read the stream, add to the stats table and put its once-only marks in the limits table:
 * nothing else.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import { SpinFunction } from '../function-defaults';

/** Records per invocation: a viral minute's wins in a few calls. */
const STREAM_BATCH_SIZE = 100;
/** A batch waits at most this long to fill, so the owner's figures lag by seconds, not minutes. */
const STREAM_BATCHING_WINDOW = Duration.seconds(1);
/** A batch of 100 transactions takes a few seconds; this leaves room for conflicts' retries. */
const STREAM_TIMEOUT = Duration.seconds(60);

export interface StatsStreamProps {
  /** The function's entry (lambdas/triggers/stats-stream.ts). */
  readonly entry: string;
  readonly customers: Table;
  readonly stats: Table;
  readonly limits: Table;
  /** The tables' environment and the business time zone, as the API handlers get them. */
  readonly environment: Record<string, string>;
}

export class StatsStream extends Construct {
  public readonly consumer: SpinFunction;

  constructor(scope: Construct, id: string, props: StatsStreamProps) {
    super(scope, id);
    this.consumer = new SpinFunction(this, 'Consumer', {
      entry: props.entry,
      description:
        "Counts the insights' wins, redemptions and prizes owed from the customers stream",
      timeout: STREAM_TIMEOUT,
      environment: props.environment,
    });
    const role = this.consumer.role;
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:UpdateItem'],
        resources: [props.stats.tableArn],
      }),
    );
    // One mark per record, put only where absent (a record delivered again counts once).
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:PutItem'],
        resources: [props.limits.tableArn],
      }),
    );
    // From the oldest record kept, in order; a failed batch is split and retried until it
    // succeeds or its records leave the stream (24 hours): the marks make retries harmless.
    this.consumer.function.addEventSource(
      new DynamoEventSource(props.customers, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: STREAM_BATCH_SIZE,
        maxBatchingWindow: STREAM_BATCHING_WINDOW,
        bisectBatchOnError: true,
        parallelizationFactor: 1,
      }),
    );
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        "The DynamoDB event source's dynamodb:ListStreams, which AWS defines on no resource (it cannot be scoped); the stream itself is read by its ARN.",
    });
  }
}
