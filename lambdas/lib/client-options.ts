/** Options every AWS SDK client of the functions shares. */
import { optionalEnv } from './env';

/** The endpoint override named by an *_ENDPOINT variable (local stack and tests), if set. */
export const endpoint = (name: string): { endpoint?: string } => {
  const value = optionalEnv(name);
  return value ? { endpoint: value } : {};
};

/** Bounded retries: a throttled request fails in well under API Gateway's 30 s. */
export const MAX_ATTEMPTS = 3;

/**
 * The local stack's own credentials for a stand-in of `service` (local/stack.ts makes them and
 * sets <service>_ACCESS_KEY_ID and <service>_SECRET_ACCESS_KEY; its Cognito and Secrets Manager
 * stand-ins take calls signed with them only). Never set in AWS, where the role's are used.
 */
export function localCredentials(service: 'COGNITO' | 'SECRETS_MANAGER') {
  const accessKeyId = optionalEnv(`${service}_ACCESS_KEY_ID`);
  const secretAccessKey = optionalEnv(`${service}_SECRET_ACCESS_KEY`);
  return accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {};
}
