/** The Cognito user pools client, created once per container. */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { endpoint, MAX_ATTEMPTS } from './client-options';
import { optionalEnv } from './env';

/**
 * The local stack's own credentials for its Cognito stand-in (local/stack.ts makes them; the
 * stand-in takes admin calls signed with them only). Never set in AWS, where the role's are used.
 */
function localCredentials() {
  const accessKeyId = optionalEnv('COGNITO_ACCESS_KEY_ID');
  const secretAccessKey = optionalEnv('COGNITO_SECRET_ACCESS_KEY');
  return accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {};
}

let cognitoClient: CognitoIdentityProviderClient | undefined;
export function cognito(): CognitoIdentityProviderClient {
  // Not counted here: the local Cognito stand-in counts every call it receives, the browser's too.
  cognitoClient ??= new CognitoIdentityProviderClient({
    ...endpoint('COGNITO_ENDPOINT'),
    ...localCredentials(),
    maxAttempts: MAX_ATTEMPTS,
  });
  return cognitoClient;
}
