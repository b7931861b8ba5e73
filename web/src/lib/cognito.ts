/**
 * A small Cognito user-pool client over fetch: the JSON 1.1 protocol for the calls the app makes
 * (a visitor's sign-in, token refresh, revoking at logout; staff passwords go to our API instead,
 * web/src/lib/staff-auth.ts). No Amplify and no AWS SDK in the browser bundle.
 */
import { CUSTOM_CHALLENGE } from '@shared/definitions';
import { loadRuntimeConfig } from '../config/runtime';

export interface Tokens {
  idToken: string;
  accessToken: string;
  /** Absent on a refresh response. */
  refreshToken?: string;
  /** Seconds the ID and access tokens live. */
  expiresIn: number;
}

/** A Cognito error: `type` is the exception name, e.g. NotAuthorizedException. */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'CognitoError';
  }
}

interface AuthenticationResult {
  IdToken: string;
  AccessToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
}

interface AuthResponse {
  ChallengeName?: string;
  Session?: string;
  ChallengeParameters?: Record<string, string>;
  AuthenticationResult?: AuthenticationResult;
}

async function call<T>(
  operation: string,
  body: unknown,
  options: { keepalive?: boolean } = {},
): Promise<T> {
  const { cognitoEndpoint } = await loadRuntimeConfig();
  let response: Response;
  try {
    response = await fetch(cognitoEndpoint, {
      method: 'POST',
      ...(options.keepalive ? { keepalive: true } : {}),
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new CognitoError('NetworkError', 'network request failed');
  }
  const text = await response.text();
  let data: Record<string, unknown> = {};
  try {
    data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // a non-JSON body is reported below by status
  }
  if (!response.ok) {
    const raw = String(
      data.__type ?? data.code ?? response.headers.get('x-amzn-errortype') ?? 'UnknownError',
    );
    const type = raw.split(':')[0]!.split('#').pop()!;
    throw new CognitoError(type, String(data.message ?? data.Message ?? response.statusText));
  }
  return data as T;
}

const toTokens = (result: AuthenticationResult): Tokens => ({
  idToken: result.IdToken,
  accessToken: result.AccessToken,
  refreshToken: result.RefreshToken,
  expiresIn: result.ExpiresIn,
});

export interface CustomChallenge {
  session: string;
  /** The canonical username Cognito returns; sent back with the answer. */
  username: string;
  /** Sent with every answer as ClientMetadata (the sign-in key; docs/cognito.md). */
  clientMetadata?: Record<string, string>;
}

/** Starts a CUSTOM_AUTH sign-in: Cognito's triggers send the SMS code. */
export async function startCustomAuth(
  clientId: string,
  phoneNumber: string,
  clientMetadata?: Record<string, string>,
): Promise<CustomChallenge> {
  const response = await call<AuthResponse>('InitiateAuth', {
    AuthFlow: 'CUSTOM_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: phoneNumber },
  });
  if (response.ChallengeName !== CUSTOM_CHALLENGE || !response.Session) {
    throw new CognitoError('UnexpectedResponse', 'expected a custom challenge');
  }
  return {
    session: response.Session,
    username: response.ChallengeParameters?.USERNAME ?? phoneNumber,
    ...(clientMetadata ? { clientMetadata } : {}),
  };
}

/**
 * Answers the code challenge. Returns tokens, or a new challenge when the code was wrong and the
 * session allows another try. A session that is used up throws NotAuthorizedException.
 */
export async function answerCustomChallenge(
  clientId: string,
  challenge: CustomChallenge,
  answer: string,
): Promise<{ tokens: Tokens } | { retry: CustomChallenge }> {
  const response = await call<AuthResponse>('RespondToAuthChallenge', {
    ClientId: clientId,
    ChallengeName: CUSTOM_CHALLENGE,
    Session: challenge.session,
    ChallengeResponses: { USERNAME: challenge.username, ANSWER: answer },
    ...(challenge.clientMetadata ? { ClientMetadata: challenge.clientMetadata } : {}),
  });
  if (response.AuthenticationResult) return { tokens: toTokens(response.AuthenticationResult) };
  if (response.ChallengeName === CUSTOM_CHALLENGE && response.Session) {
    return {
      retry: {
        session: response.Session,
        username: response.ChallengeParameters?.USERNAME ?? challenge.username,
        ...(challenge.clientMetadata ? { clientMetadata: challenge.clientMetadata } : {}),
      },
    };
  }
  throw new CognitoError('UnexpectedResponse', 'expected tokens or a challenge');
}

/** New ID and access tokens from a refresh token. */
export async function refreshTokens(clientId: string, refreshToken: string): Promise<Tokens> {
  const response = await call<AuthResponse>('InitiateAuth', {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: clientId,
    AuthParameters: { REFRESH_TOKEN: refreshToken },
  });
  if (!response.AuthenticationResult)
    throw new CognitoError('UnexpectedResponse', 'expected tokens');
  return { ...toTokens(response.AuthenticationResult), refreshToken };
}

/**
 * Revokes a refresh token (Logout): it gets no new tokens any more. Sent with keepalive, so it
 * completes even when the page navigates away at once.
 */
export async function revokeToken(clientId: string, refreshToken: string): Promise<void> {
  await call('RevokeToken', { ClientId: clientId, Token: refreshToken }, { keepalive: true });
}

/** The payload of a JWT, without verifying it (display only: the server verifies). */
export function decodeJwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) return {};
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = decodeURIComponent(
      Array.from(atob(base64), (c) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0')).join(''),
    );
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return {};
  }
}
