/**
 * Per test file: fresh tables and a fresh logo bucket under a random prefix, and the env the
 * handlers read. Runs before the file's own imports are evaluated.
 */
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { tableEnvName, type TableDef } from '../../shared/definitions';
import { createTables, LOCAL_AWS_ENV } from '../../local/dynamodb';
import { setUserLookupForTest } from '../../lambdas/domain/active-user';
import { TEST_ORIGIN_SECRET } from '../support/http-event';

const prefix = `t${randomBytes(4).toString('hex')}-`;
const dynamoEndpoint = inject('dynamoEndpoint');
const s3Endpoint = inject('s3Endpoint');

Object.assign(process.env, LOCAL_AWS_ENV, {
  DYNAMODB_ENDPOINT: dynamoEndpoint,
  S3_ENDPOINT: s3Endpoint,
  LOGO_BUCKET: `${prefix}logos`,
  POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'SILENT',
  TEST_PREFIX: prefix,
  // What CloudFront adds to each API request (lib/viewer.ts); httpEvent sends it by default.
  ORIGIN_SECRET: TEST_ORIGIN_SECRET,
  // The key of erased numbers' hashes (repositories/customers.ts).
  ERASURE_KEY: 'test-erasure-key',
});

// No TTL sweep in the unit tests' tables: a test compares the whole data before and after a
// request, and DynamoDB Local deleting a minute counter that expired meanwhile (on a busy machine)
// would look like a change. The code never relies on the sweep: reads treat an expired item as
// gone, as they must, since DynamoDB's own TTL deletion can lag by days.
const names = await createTables(dynamoEndpoint, prefix, false);
for (const [name, physical] of Object.entries(names)) {
  process.env[tableEnvName(name as TableDef['name'])] = physical;
}

const s3 = new S3Client({
  endpoint: s3Endpoint,
  forcePathStyle: true,
  region: LOCAL_AWS_ENV.AWS_REGION,
  credentials: {
    accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID,
    secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY,
  },
});
await s3.send(new CreateBucketCommand({ Bucket: `${prefix}logos` }));
s3.destroy();

// Handler tests make their claims up, with no Cognito pool behind them: their users count as
// active. test/security restores the real AdminGetUser check and proves it on the stand-in.
setUserLookupForTest(async () => ({ sub: undefined, enabled: true }));
