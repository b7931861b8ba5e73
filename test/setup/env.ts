/**
 * Per test file: fresh tables and a fresh logo bucket under a random prefix, and the env the
 * handlers read. Runs before the file's own imports are evaluated.
 */
import { randomBytes } from 'node:crypto';
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateSecretCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, inject, vi } from 'vitest';
import { tableEnvName, type TableDef } from '@shared/definitions';
import { createTables, LOCAL_AWS_ENV } from '../../local/dynamodb';
import { TEST_ERASURE_KEY, TEST_ORIGIN_SECRET } from '../support/http-event';

// A worker may run many files (the node project is not isolated, vitest.config.ts): the file's own
// modules (handlers, repositories, test helpers) load afresh, with nothing kept from the file
// before; packages (the AWS SDK, zod, the toolbox) stay loaded, which is most of a file's start.
vi.resetModules();

const prefix = `t${randomBytes(4).toString('hex')}-`;
/** The user pool id of made-up tokens: no pool exists behind it. */
const MADE_UP_POOL = 'ap-southeast-2_madeUpTokens';
const dynamoEndpoint = inject('dynamoEndpoint');
const s3Endpoint = inject('s3Endpoint');
const secretsManagerEndpoint = inject('secretsManagerEndpoint');

// The region, credentials and Powertools settings come first, from test/setup/plain.ts.
Object.assign(process.env, {
  DYNAMODB_ENDPOINT: dynamoEndpoint,
  S3_ENDPOINT: s3Endpoint,
  LOGO_BUCKET: `${prefix}logos`,
  SECRETS_MANAGER_ENDPOINT: secretsManagerEndpoint,
  TEST_PREFIX: prefix,
  // Pools with no Cognito behind them, for handler tests whose tokens are made up (below).
  VISITOR_USER_POOL_ID: MADE_UP_POOL,
  STAFF_USER_POOL_ID: MADE_UP_POOL,
});

// No TTL sweep in the unit tests' tables: a test compares the whole data before and after a
// request, and DynamoDB Local deleting a minute counter that expired meanwhile (on a busy machine)
// would look like a change. The code never relies on the sweep: reads treat an expired item as
// gone, as they must, since DynamoDB's own TTL deletion can lag by days.
const names = await createTables(dynamoEndpoint, prefix, false);
for (const [name, physical] of Object.entries(names)) {
  process.env[tableEnvName(name as TableDef['name'])] = physical;
}

// The functions' secrets, in the Secrets Manager stand-in (lib/secrets.ts reads them): what
// CloudFront adds to each API request (lib/viewer.ts; httpEvent sends it by default), and the key of
// erased numbers' hashes (repositories/customers.ts).
const secretsManager = new SecretsManagerClient({ endpoint: secretsManagerEndpoint });
for (const [variable, name, value] of [
  ['ORIGIN_SECRET_ARN', 'origin-secret', TEST_ORIGIN_SECRET],
  ['ERASURE_KEY_ARN', 'erasure-key', TEST_ERASURE_KEY],
] as const) {
  const { ARN } = await secretsManager.send(
    new CreateSecretCommand({ Name: `${prefix}${name}`, SecretString: value }),
  );
  process.env[variable] = ARN;
}
secretsManager.destroy();

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

// Handler tests make their tokens up, with no Cognito pool behind them: the check that a token's
// user is still active (domain/active-user.ts) asks Cognito's AdminGetUser, and for the made-up
// pool this answers as Cognito would for an enabled user. Every other call, and AdminGetUser for
// a real pool (a test that starts the Cognito stand-in and points the env at it, as test/security
// does), goes through to Cognito unchanged. (aws-sdk-client-mock, sinon underneath: a test's
// vi.restoreAllMocks() leaves it in place.)
const cognitoMock = mockClient(CognitoIdentityProviderClient);
cognitoMock.send.callThrough();
cognitoMock
  .on(AdminGetUserCommand, { UserPoolId: MADE_UP_POOL })
  .callsFake((input: { Username?: string }) => ({ Username: input.Username, Enabled: true }));
// The next file of this worker mocks the client class afresh.
afterAll(() => cognitoMock.restore());
