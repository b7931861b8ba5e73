/** Options every AWS SDK client of the functions shares. */
import { optionalEnv } from './env';

/** The endpoint override named by an *_ENDPOINT variable (local stack and tests), if set. */
export const endpoint = (name: string): { endpoint?: string } => {
  const value = optionalEnv(name);
  return value ? { endpoint: value } : {};
};

/** Bounded retries: a throttled request fails in well under API Gateway's 30 s. */
export const MAX_ATTEMPTS = 3;
