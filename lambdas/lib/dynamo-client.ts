/**
 * The DynamoDB document client, created once per container. One module per client: a function
 * imports only the SDK packages it calls, which is most of its cold start (see clients.ts).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { countingCalls } from './aws-calls';
import { endpoint, MAX_ATTEMPTS } from './client-options';

let documentClient: DynamoDBDocumentClient | undefined;
export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(
    countingCalls(
      new DynamoDBClient({ ...endpoint('DYNAMODB_ENDPOINT'), maxAttempts: MAX_ATTEMPTS }),
      'dynamodb',
    ),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return documentClient;
}

/** For tests that swap the client (fault injection). */
export function setDynamoForTest(client: DynamoDBDocumentClient): void {
  documentClient = client;
}
