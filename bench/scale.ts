/**
 * Scale: GET /api/users (first page, and a deep page reached by walking the cursors),
 * POST /api/users/search, GET /api/insights (the last 30 days) and the whole customers CSV
 * (every page of GET /api/customers/export) at 1,000 customers, then again at 100,000, through the
 * HTTP API with the admin's token. Customers are loaded straight into the table (BatchWriteItem, 25
 * per call) in the customers repository's item shape, index attributes included: won over the last
 * 30 days (the newest first), each valid 30 days, some under a source tag. Then the table's stream
 * is drained through the insights' own consumer (lambdas/triggers/stats-stream.ts), untimed, so
 * Insights reads the counters those customers make in production.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { addDays, businessDay } from '@shared/business-day';
import { CUSTOMERS_LIST_PARTITION, tableEnvName } from '@shared/definitions';
import { STANDARD_SOURCES } from '@shared/source-tag';
import type { RunningStack } from '../local/stack';
import { feedStream } from '../local/streams';
import { handler as statsStream } from '../lambdas/triggers/stats-stream';
import type { Customer } from '@shared/types';
import { mapLimit } from './stack-client';
import { median, timed } from './stats';
import { routeOf } from '@shared/routes';

/** DynamoDB's BatchWriteItem limit. */
const BATCH_SIZE = 25;
/** Batches in flight: enough to keep DynamoDB Local busy without starving the rest of the box. */
const LOAD_CONCURRENCY = 8;
/** Timed repeats of each call; the median is reported. */
const TIMED_REPEATS = 7;
const SMALL_CUSTOMERS = 1_000;
const LARGE_CUSTOMERS = 100_000;
/** The deep page at 100,000 customers. */
const DEEP_PAGE = 100;
/** The staff list's pages (1,000 customers have 20 of 50, so the deepest there is the 20th). */
const PAGE_SIZE = routeOf('list-users').pageSize;
/** Target from the issue: each call at 100,000 within 2 times the same call at 1,000. */
export const MAX_SCALE_RATIO = 2;
/** Scale customers' numbers: 048XXXXXXX, apart from every other benchmark's numbers. */
const SCALE_PREFIX = 48;
const SECOND_MS = 1000;
const DAY_MS = 24 * 60 * 60 * SECOND_MS;
/** The wins of 100,000 customers spread over the last 30 days, each prize valid 30 days. */
const WIN_DAYS = 30;
const WIN_EVERY_MS = Math.floor((WIN_DAYS * DAY_MS) / LARGE_CUSTOMERS);
const VALID_DAYS = 30;
/** Insights' range: the last 30 business days. */
const INSIGHTS_DAYS = 30;

export interface ScaleFigures {
  customers: number;
  firstPageMs: number;
  /** Which page was the deep one (100, or the last page when there are fewer). */
  deepPage: number;
  deepPageMs: number;
  searchMs: number;
  insightsMs: number;
  /** The whole CSV export, every page, once. */
  exportMs: number;
  exportRows: number;
}

const localNumber = (i: number): string => `0${SCALE_PREFIX}${String(i).padStart(7, '0')}`;

/**
 * Customers i in [from, to), customer i won i steps before `now` (so the newest-first order is
 * stable), unredeemed; every third came through a placement's source tag.
 */
async function loadCustomers(from: number, to: number, now: number): Promise<void> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT, maxAttempts: 10 }),
  );
  const table = process.env[tableEnvName('customers')];
  if (!table) throw new Error('no customers table in the env: start the stack first');
  const batches: number[] = [];
  for (let i = from; i < to; i += BATCH_SIZE) batches.push(i);
  await mapLimit(batches, LOAD_CONCURRENCY, async (start) => {
    let requests = [];
    for (let i = start; i < Math.min(start + BATCH_SIZE, to); i++) {
      const local = localNumber(i);
      const won = now - i * WIN_EVERY_MS;
      const customer: Customer = {
        phoneNumber: `+61${local.slice(1)}`,
        localNumber: local,
        offer: 'Free Drink',
        sliceId: 'bench-slice',
        isOfferClaimed: false,
        createdAt: new Date(won).toISOString(),
        expiresAt: new Date(won + VALID_DAYS * DAY_MS).toISOString(),
        ...(i % 3 === 0 ? { source: STANDARD_SOURCES[i % STANDARD_SOURCES.length] } : {}),
      };
      requests.push({
        PutRequest: {
          Item: {
            ...customer,
            listPartition: CUSTOMERS_LIST_PARTITION,
            createdSort: `${customer.createdAt}#${customer.phoneNumber}`,
          },
        },
      });
    }
    while (requests.length > 0) {
      const { UnprocessedItems } = await client.send(
        new BatchWriteCommand({ RequestItems: { [table]: requests } }),
      );
      requests = (UnprocessedItems?.[table] ?? []) as typeof requests;
    }
  });
  client.destroy();
}

/** Hands every record of the customers table's stream to the insights' consumer, as Lambda would. */
async function countFromStream(): Promise<void> {
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  const table = process.env[tableEnvName('customers')];
  if (!endpoint || !table) throw new Error('no DynamoDB Local in the env: start the stack first');
  const feed = feedStream({ endpoint, table, handler: (event) => statsStream(event) });
  try {
    await feed.drain();
  } finally {
    await feed.stop();
  }
}

async function call(stack: RunningStack, token: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as {
    data: { users?: unknown[]; nextCursor?: string | null; rows?: number } | null;
  };
}

const medianMs = async (work: () => Promise<unknown>): Promise<number> => {
  const samples: number[] = [];
  for (let i = 0; i < TIMED_REPEATS; i++) samples.push((await timed(work)).ms);
  return median(samples);
};

async function measureAt(
  stack: RunningStack,
  token: string,
  customers: number,
  log: (line: string) => void,
): Promise<ScaleFigures> {
  const firstPageMs = await medianMs(() => call(stack, token, '/api/users'));
  // Walk the cursors (untimed) to the deep page, then time only that request.
  const lastPage = Math.ceil(customers / PAGE_SIZE);
  const deepPage = Math.min(DEEP_PAGE, lastPage);
  let cursor: string | null | undefined;
  for (let page = 1; page < deepPage; page++) {
    const path = cursor ? `/api/users?cursor=${encodeURIComponent(cursor)}` : '/api/users';
    cursor = (await call(stack, token, path)).data?.nextCursor;
    if (!cursor) throw new Error(`no page after ${page} at ${customers} customers`);
  }
  const deepPath = `/api/users?cursor=${encodeURIComponent(cursor ?? '')}`;
  const deepPageMs = await medianMs(() => call(stack, token, deepPath));
  // A number from the middle of what is loaded.
  const searchMs = await medianMs(() =>
    call(stack, token, '/api/users/search', { phoneNumber: localNumber(customers >> 1) }),
  );
  // A failed Insights load (the function's 10 s timeout, say) is a figure too: NaN, shown as FAIL.
  const today = businessDay(new Date());
  const range = `from=${addDays(today, 1 - INSIGHTS_DAYS)}&to=${today}`;
  const insightsMs = await medianMs(() => call(stack, token, `/api/insights?${range}`)).catch(
    (error: unknown) => {
      log(`scale: GET /api/insights failed at ${customers} customers: ${String(error)}`);
      return Number.NaN;
    },
  );
  let exportRows = 0;
  const { ms: exportMs } = await timed(async () => {
    let next: string | null | undefined;
    do {
      const path = next
        ? `/api/customers/export?cursor=${encodeURIComponent(next)}`
        : '/api/customers/export';
      const page = (await call(stack, token, path)).data;
      exportRows += page?.rows ?? 0;
      next = page?.nextCursor;
    } while (next);
  });
  if (exportRows < customers) throw new Error(`the CSV had ${exportRows} of ${customers} rows`);
  return {
    customers,
    firstPageMs,
    deepPage,
    deepPageMs,
    searchMs,
    insightsMs,
    exportMs,
    exportRows,
  };
}

/** Loads 1,000 customers, measures, loads up to 100,000, measures again. */
export async function measureScale(
  stack: RunningStack,
  staffToken: string,
  log: (line: string) => void,
): Promise<{
  small: ScaleFigures;
  large: ScaleFigures;
  loadSeconds: number;
  streamSeconds: number;
}> {
  const now = Date.now();
  await loadCustomers(0, SMALL_CUSTOMERS, now);
  await countFromStream();
  const small = await measureAt(stack, staffToken, SMALL_CUSTOMERS, log);
  log(`scale: ${SMALL_CUSTOMERS} customers measured; loading ${LARGE_CUSTOMERS}...`);
  const load = await timed(() => loadCustomers(SMALL_CUSTOMERS, LARGE_CUSTOMERS, now));
  log(`scale: loaded in ${(load.ms / SECOND_MS).toFixed(0)} s; counting them from the stream...`);
  const stream = await timed(countFromStream);
  const large = await measureAt(stack, staffToken, LARGE_CUSTOMERS, log);
  return {
    small,
    large,
    loadSeconds: load.ms / SECOND_MS,
    streamSeconds: stream.ms / SECOND_MS,
  };
}
