/**
 * AWS SDK v3 clients, one module per service, each created once per container. Locally the
 * endpoints point at DynamoDB Local, s3rver and the Cognito stand-in through the *_ENDPOINT
 * variables.
 *
 * Function code imports the one module it needs (dynamo-client, s3-client, sns-client,
 * cognito-client), never this file: a bundle then holds only the SDK clients its function calls,
 * and loading SDK code is most of a cold start (measured: 250-500 ms when every function loaded all
 * four clients). This file gathers them for tests.
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { S3Client } from '@aws-sdk/client-s3';
import type { SNSClient } from '@aws-sdk/client-sns';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { setCognitoForTest } from './cognito-client';
import { setDynamoForTest } from './dynamo-client';
import { setS3ForTest } from './s3-client';
import { setSnsForTest } from './sns-client';

export { dynamo } from './dynamo-client';
export { s3 } from './s3-client';
export { sns } from './sns-client';

/** For tests that swap a client (fault injection): replaces the cached instances. */
export function setClientsForTest(clients: {
  dynamo?: DynamoDBDocumentClient;
  s3?: S3Client;
  sns?: SNSClient;
  cognito?: CognitoIdentityProviderClient;
}): void {
  if (clients.dynamo) setDynamoForTest(clients.dynamo);
  if (clients.s3) setS3ForTest(clients.s3);
  if (clients.sns) setSnsForTest(clients.sns);
  if (clients.cognito) setCognitoForTest(clients.cognito);
}
