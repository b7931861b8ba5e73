/** The Cognito user pools client, created once per container. */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { endpoint, localCredentials, MAX_ATTEMPTS } from './client-options';

let cognitoClient: CognitoIdentityProviderClient | undefined;
export function cognito(): CognitoIdentityProviderClient {
  // Not counted here: the local Cognito stand-in counts every call it receives, the browser's too.
  cognitoClient ??= new CognitoIdentityProviderClient({
    ...endpoint('COGNITO_ENDPOINT'),
    ...localCredentials('COGNITO'),
    maxAttempts: MAX_ATTEMPTS,
  });
  return cognitoClient;
}
