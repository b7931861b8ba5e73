/**
 * Helpers of the staff browser and API tests, on top of the stack helpers: a visitor who wins
 * through the real API (otp/start -> Cognito CUSTOM_AUTH with the SMS code from the outbox ->
 * POST /api/spins), and a staff sign-in over Cognito's JSON protocol.
 */
import { randomInt } from 'node:crypto';
import { baseUrl, latestSmsCode } from './support/stack';

/** A fresh local mobile per test run, so runs against a kept local stack never collide. */
export function randomLocalMobile(): string {
  return `04${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

interface RuntimeConfig {
  cognitoEndpoint: string;
  visitorClientId: string;
  staffClientId: string;
}

export async function runtimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(new URL('/config.json', baseUrl()));
  if (!response.ok) throw new Error(`config.json: ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}

async function cognito<T>(operation: string, body: unknown): Promise<T> {
  const config = await runtimeConfig();
  const response = await fetch(new URL(config.cognitoEndpoint, baseUrl()), {
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

interface AuthResponse {
  Session?: string;
  ChallengeParameters?: Record<string, string>;
  AuthenticationResult?: { IdToken: string };
}

/** Signs a staff user in; returns the ID token. */
export async function staffIdToken(username: string, password: string): Promise<string> {
  const { staffClientId } = await runtimeConfig();
  const result = await cognito<AuthResponse>('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: staffClientId,
    AuthParameters: { USERNAME: username, PASSWORD: password },
  });
  if (!result.AuthenticationResult) throw new Error('no tokens');
  return result.AuthenticationResult.IdToken;
}

/** Verifies `localPhone` by SMS code, as the wheel page does; returns the visitor's ID token. */
export async function visitorIdToken(localPhone: string): Promise<string> {
  const start = await fetch(new URL('/api/otp/start', baseUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber: localPhone }),
  });
  if (start.status !== 202) throw new Error(`otp/start: ${start.status} ${await start.text()}`);
  const { visitorClientId } = await runtimeConfig();
  const challenge = await cognito<AuthResponse>('InitiateAuth', {
    AuthFlow: 'CUSTOM_AUTH',
    ClientId: visitorClientId,
    AuthParameters: { USERNAME: `+61${localPhone.slice(1)}` },
  });
  const code = await latestSmsCode(localPhone);
  const answer = await cognito<AuthResponse>('RespondToAuthChallenge', {
    ClientId: visitorClientId,
    ChallengeName: 'CUSTOM_CHALLENGE',
    Session: challenge.Session,
    ChallengeResponses: {
      USERNAME: challenge.ChallengeParameters?.USERNAME ?? `+61${localPhone.slice(1)}`,
      ANSWER: code,
    },
  });
  if (!answer.AuthenticationResult) throw new Error('code not accepted');
  return answer.AuthenticationResult.IdToken;
}

/** A visitor verifies `localPhone` and spins; returns the prize name the server drew. */
export async function visitorWins(localPhone: string): Promise<string> {
  const token = await visitorIdToken(localPhone);
  const spin = await fetch(new URL('/api/spins', baseUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  if (!spin.ok) throw new Error(`spin: ${spin.status} ${await spin.text()}`);
  return ((await spin.json()) as { offer: string }).offer;
}
