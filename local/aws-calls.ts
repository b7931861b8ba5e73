/**
 * Counts AWS calls by service and operation, when a run asks for it: the capacity benchmark runs a
 * crowd through the local stack and reads how many calls of each kind a visitor costs. Counted from
 * outside the functions' code: DynamoDB and S3 calls by a middleware this module adds to the
 * functions' own SDK clients when counting starts, Cognito calls at the stand-in, SMS at the local
 * SNS endpoint (local/outbox.ts), Lambda invocations by the API emulation and the trigger runner.
 * Nothing of it is in a function bundle.
 */
import { dynamo } from '../lambdas/lib/dynamo-client';
import { s3 } from '../lambdas/lib/s3-client';

/** The counts live on globalThis so the local Cognito stand-in and the handlers share one map. */
const COUNTS = Symbol.for('spin-and-win.aws-calls');

/** Milliseconds spent in Lambda handlers (API handlers and Cognito triggers) since counting began. */
const LAMBDA_MS = Symbol.for('spin-and-win.lambda-ms');
type Registry = typeof globalThis & {
  [COUNTS]?: Map<string, number>;
  [LAMBDA_MS]?: { total: number };
};

/**
 * Starts (or restarts) counting in this process; returns the live map "service Operation" -> n.
 * The functions' DynamoDB and S3 clients (one per process, as in a Lambda container) are counted
 * from here on.
 */
export function startCountingAwsCalls(): Map<string, number> {
  countingCalls(dynamo(), 'dynamodb');
  countingCalls(s3(), 's3');
  const counts = new Map<string, number>();
  (globalThis as Registry)[COUNTS] = counts;
  (globalThis as Registry)[LAMBDA_MS] = { total: 0 };
  return counts;
}

/**
 * Records one Lambda invocation (counted as "lambda Invoke") that ran for `ms`, if counting is on:
 * the local stack calls it around each API handler and each Cognito trigger it runs.
 */
export function countLambdaInvocation(ms: number): void {
  countAwsCall('lambda', 'Invoke');
  const spent = (globalThis as Registry)[LAMBDA_MS];
  if (spent) spent.total += ms;
}

/** Milliseconds spent in Lambda handlers since counting started (0 when it is off). */
export function countedLambdaMs(): number {
  return (globalThis as Registry)[LAMBDA_MS]?.total ?? 0;
}

/** Records one call, if counting is on. */
export function countAwsCall(service: string, operation: string): void {
  const counts = (globalThis as Registry)[COUNTS];
  if (!counts) return;
  const key = `${service} ${operation}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

type Next = (args: unknown) => Promise<unknown>;
/** What counting needs of an SDK client: its middleware stack (typed loosely: every client's). */
interface CountableClient {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each client's own generics
  middlewareStack: { add: (...args: any[]) => void; identify: () => string[] };
}

const COUNTING_STEP = 'countAwsCalls';

/**
 * Adds the counting step to an SDK client, once: one count per command sent (retries of the same
 * command are not counted again: the quota question is how many calls our code makes).
 */
function countingCalls(client: CountableClient, service: string): void {
  if (client.middlewareStack.identify().some((entry) => entry.startsWith(`${COUNTING_STEP} `)))
    return;
  client.middlewareStack.add(
    (next: Next, context: { commandName?: string }) => async (args: unknown) => {
      const operation = String(context.commandName ?? 'unknown').replace(/Command$/, '');
      countAwsCall(service, operation);
      // A transaction's items each cost capacity: counted too, for the price of a run.
      const items = (args as { input?: { TransactItems?: unknown } }).input?.TransactItems;
      if (Array.isArray(items))
        for (let i = 0; i < items.length; i++) countAwsCall(service, `${operation} (items)`);
      return next(args);
    },
    { step: 'initialize', name: COUNTING_STEP },
  );
}
