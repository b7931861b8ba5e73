/**
 * The DynamoDB document client, created once per container. One module per client: a function
 * imports only the SDK packages it calls, and loading SDK code is most of a cold start (measured:
 * 250-500 ms when every function loaded all four clients). Locally the *_ENDPOINT variables point
 * the clients at DynamoDB Local, s3rver, the Cognito stand-in and the local SNS endpoint.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { endpoint, MAX_ATTEMPTS } from './client-options';

let documentClient: DynamoDBDocumentClient | undefined;
export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({ ...endpoint('DYNAMODB_ENDPOINT'), maxAttempts: MAX_ATTEMPTS }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return documentClient;
}
