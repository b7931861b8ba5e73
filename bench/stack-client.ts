/**
 * The benchmarks' client of the local stack: staff sign-in over Cognito's JSON protocol, and
 * visitors verified through the real flow (POST /api/otp/start -> CUSTOM_AUTH -> the code from the
 * SMS outbox -> RespondToAuthChallenge), exactly as the wheel page does it.
 */
import type { RunningStack } from '../local/stack';

interface AuthResponse {
  Session?: string;
  ChallengeParameters?: Record<string, string>;
  AuthenticationResult?: { IdToken: string };
}

async function cognito<T>(stack: RunningStack, operation: string, body: unknown): Promise<T> {
  const response = await fetch(stack.cognitoEndpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  const data = (await response.json()) as T & { __type?: string; message?: string };
  if (!response.ok) throw new Error(`${operation}: ${data.__type} ${data.message}`);
  return data;
}

/** The ID token of a staff user signed in with USER_PASSWORD_AUTH. */
export async function staffIdToken(
  stack: RunningStack,
  username: string,
  password: string,
): Promise<string> {
  const result = await cognito<AuthResponse>(stack, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: stack.pools.staff.clientId,
    AuthParameters: { USERNAME: username, PASSWORD: password },
  });
  if (!result.AuthenticationResult) throw new Error('staff sign-in gave no tokens');
  return result.AuthenticationResult.IdToken;
}

/** 04XXXXXXXX -> +614XXXXXXXX */
export const international = (local: string): string => `+61${local.slice(1)}`;

/** Verifies a local number by SMS code through the stack; returns the visitor's ID token. */
export async function visitorIdToken(stack: RunningStack, localPhone: string): Promise<string> {
  const start = await fetch(`${stack.url}/api/otp/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber: localPhone }),
  });
  if (start.status !== 202) throw new Error(`otp/start: ${start.status} ${await start.text()}`);
  const challenge = await cognito<AuthResponse>(stack, 'InitiateAuth', {
    AuthFlow: 'CUSTOM_AUTH',
    ClientId: stack.pools.visitor.clientId,
    AuthParameters: { USERNAME: international(localPhone) },
  });
  // CreateAuthChallenge has sent the code by the time InitiateAuth answers.
  const sms = await fetch(
    `${stack.url}/local/sms/latest?phoneNumber=${encodeURIComponent(international(localPhone))}`,
  );
  const { code } = (await sms.json()) as { code: string | null };
  if (!code) throw new Error(`no SMS code for ${localPhone}`);
  const answer = await cognito<AuthResponse>(stack, 'RespondToAuthChallenge', {
    ClientId: stack.pools.visitor.clientId,
    ChallengeName: 'CUSTOM_CHALLENGE',
    Session: challenge.Session,
    ChallengeResponses: {
      USERNAME: challenge.ChallengeParameters?.USERNAME ?? international(localPhone),
      ANSWER: code,
    },
  });
  if (!answer.AuthenticationResult) throw new Error('code not accepted');
  return answer.AuthenticationResult.IdToken;
}

/** Runs `work` over `items` with at most `limit` in flight; results in input order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  });
  await Promise.all(lanes);
  return results;
}
