/**
 * Signing in against a running stack the way the browser does: staff by password through POST
 * /api/staff/sign-in, visitors by SMS code over Cognito's JSON protocol (POST /api/otp/start -> CUSTOM_AUTH -> the code ->
 * RespondToAuthChallenge). Used by the e2e helpers and the benchmarks.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { SIGN_IN_KEY_METADATA } from '@shared/definitions';
import type { OtpStartResponse } from '@shared/phone';
import { toInternational } from '@shared/phone-format';
import type { StaffSignInResponse } from '@shared/types';

/** Where to sign in: the API origin, the Cognito endpoint and the two app clients. */
export interface SignInTarget {
  apiBase: string;
  cognitoEndpoint: string;
  staffClientId: string;
  visitorClientId: string;
}

interface AuthResponse {
  Session?: string;
  ChallengeParameters?: Record<string, string>;
  AuthenticationResult?: { IdToken: string };
}

/** One Cognito JSON 1.1 call; throws with Cognito's error type and message. */
async function cognitoJson<T>(endpoint: string, operation: string, body: unknown): Promise<T> {
  const response = await fetch(endpoint, {
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

/** The ID token of a staff user signed in through POST /api/staff/sign-in, as the login page does. */
export async function staffSignIn(
  target: SignInTarget,
  username: string,
  password: string,
): Promise<string> {
  const response = await fetch(new URL('/api/staff/sign-in', target.apiBase), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const data = (await response.json()) as Partial<StaffSignInResponse> & { message?: string };
  if (!response.ok || !data.idToken)
    throw new Error(`staff sign-in: ${response.status} ${data.message}`);
  return data.idToken;
}

/**
 * A challenge from GET /api/otp/challenge at `apiBase`, solved as the browser solves it: the
 * `altcha` of a POST /api/otp/start. `headers` go with the request (e.g. the client's address).
 */
export async function solvedOtpChallenge(
  apiBase: string,
  headers: Record<string, string> = {},
): Promise<{ challenge: Challenge; solution: unknown }> {
  const issued = await fetch(new URL('/api/otp/challenge', apiBase), { headers });
  if (issued.status !== 200) throw new Error(`otp/challenge: ${issued.status}`);
  const challenge = (await issued.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('otp challenge not solved');
  return { challenge, solution };
}

/** Verifies `localPhone` by the SMS code `readCode` finds; returns the visitor's ID token. */
export async function visitorSignIn(
  target: SignInTarget,
  localPhone: string,
  readCode: (localPhone: string) => Promise<string>,
): Promise<string> {
  const start = await fetch(new URL('/api/otp/start', target.apiBase), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      phoneNumber: localPhone,
      altcha: await solvedOtpChallenge(target.apiBase),
    }),
  });
  if (start.status !== 202) throw new Error(`otp/start: ${start.status} ${await start.text()}`);
  const { signInKey } = (await start.json()) as OtpStartResponse;
  const username = toInternational(localPhone);
  const challenge = await cognitoJson<AuthResponse>(target.cognitoEndpoint, 'InitiateAuth', {
    AuthFlow: 'CUSTOM_AUTH',
    ClientId: target.visitorClientId,
    AuthParameters: { USERNAME: username },
  });
  const answer = await cognitoJson<AuthResponse>(target.cognitoEndpoint, 'RespondToAuthChallenge', {
    ClientId: target.visitorClientId,
    ChallengeName: 'CUSTOM_CHALLENGE',
    Session: challenge.Session,
    ChallengeResponses: {
      USERNAME: challenge.ChallengeParameters?.USERNAME ?? username,
      ANSWER: await readCode(localPhone),
    },
    ClientMetadata: { [SIGN_IN_KEY_METADATA]: signInKey },
  });
  if (!answer.AuthenticationResult) throw new Error('code not accepted');
  return answer.AuthenticationResult.IdToken;
}
