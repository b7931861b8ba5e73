/**
 * AWS SDK v3 clients, one per service, created once per container. Locally the endpoints point at
 * DynamoDB Local, s3rver and the Cognito stand-in through the *_ENDPOINT variables.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SNSClient } from '@aws-sdk/client-sns';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

const endpoint = (name: string): { endpoint?: string } => {
  const value = process.env[name];
  return value ? { endpoint: value } : {};
};

/** Bounded retries: a throttled request fails in well under API Gateway's 30 s. */
const MAX_ATTEMPTS = 3;

let documentClient: DynamoDBDocumentClient | undefined;
export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({ ...endpoint('DYNAMODB_ENDPOINT'), maxAttempts: MAX_ATTEMPTS }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return documentClient;
}

let s3Client: S3Client | undefined;
export function s3(): S3Client {
  s3Client ??= new S3Client({
    ...endpoint('S3_ENDPOINT'),
    forcePathStyle: Boolean(process.env.S3_ENDPOINT),
    // s3rver stores aws-chunked framing in objects unless checksums are only sent when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    maxAttempts: MAX_ATTEMPTS,
  });
  return s3Client;
}

let snsClient: SNSClient | undefined;
export function sns(): SNSClient {
  snsClient ??= new SNSClient({ maxAttempts: MAX_ATTEMPTS });
  return snsClient;
}

let cognitoClient: CognitoIdentityProviderClient | undefined;
export function cognito(): CognitoIdentityProviderClient {
  cognitoClient ??= new CognitoIdentityProviderClient({
    ...endpoint('COGNITO_ENDPOINT'),
    maxAttempts: MAX_ATTEMPTS,
  });
  return cognitoClient;
}

/** For tests that swap a client (fault injection): replaces the cached instances. */
export function setClientsForTest(clients: {
  dynamo?: DynamoDBDocumentClient;
  s3?: S3Client;
  sns?: SNSClient;
  cognito?: CognitoIdentityProviderClient;
}): void {
  if (clients.dynamo) documentClient = clients.dynamo;
  if (clients.s3) s3Client = clients.s3;
  if (clients.sns) snsClient = clients.sns;
  if (clients.cognito) cognitoClient = clients.cognito;
}
