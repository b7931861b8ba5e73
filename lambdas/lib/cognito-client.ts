/** The Cognito user pools client, created once per container. */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { endpoint, MAX_ATTEMPTS } from './client-options';

let cognitoClient: CognitoIdentityProviderClient | undefined;
export function cognito(): CognitoIdentityProviderClient {
  cognitoClient ??= new CognitoIdentityProviderClient({
    ...endpoint('COGNITO_ENDPOINT'),
    maxAttempts: MAX_ATTEMPTS,
  });
  return cognitoClient;
}

/** For tests that swap the client (fault injection). */
export function setCognitoForTest(client: CognitoIdentityProviderClient): void {
  cognitoClient = client;
}
