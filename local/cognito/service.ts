/**
 * The Cognito operations the app uses, over the stand-in's state: the auth flows (CUSTOM_AUTH with
 * the project's triggers, USER_PASSWORD_AUTH, REFRESH_TOKEN_AUTH) and the admin calls. Bodies and
 * answers are Cognito's JSON shapes (docs/cognito.md).
 *
 * Over 400 lines: every operation reads and writes the same pool state and session table, and
 * splitting them by flow would spread one protocol's rules over several files.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { PASSWORD_MAX } from '@shared/constants';
import {
  COGNITO_PASSWORD_LOCKOUT,
  CUSTOM_CHALLENGE,
  POOLS,
  STAFF_PASSWORD_POLICY,
} from '@shared/definitions';
import {
  COGNITO_MESSAGES,
  CognitoServiceError,
  invalidParameter,
  notAuthorized,
  resourceNotFound,
  userNotFound,
} from './errors';
import { hashPassword, verifyPassword } from './passwords';
import {
  findUser,
  newUser,
  POOL_KINDS,
  saveState,
  type PoolKind,
  type StateFile,
  type StoredPool,
  type StoredUser,
} from './state';
import {
  ACCESS_TOKEN_SECONDS,
  hashRefreshToken,
  issueTokens,
  newRefreshToken,
  refreshTokenSeconds,
  verifiedAccessFields,
} from './tokens';
import {
  expectOutput,
  invokeTrigger,
  isRecord,
  isStringMapOrNull,
  type CustomAuthTriggers,
  type TriggerName,
} from './triggers';

/** A trigger's optional output field: absent, null or of `type` (Cognito refuses anything else). */
const optionalOf = (type: 'boolean' | 'string', value: unknown): boolean =>
  value === null || value === undefined || typeof value === type;

/** The answer that asks for a custom challenge: its session and public parameters. */
const customChallenge = (session: string, parameters: unknown, username: string): Json => ({
  ChallengeName: CUSTOM_CHALLENGE,
  Session: session,
  ChallengeParameters: { ...(stringMap(parameters) ?? {}), USERNAME: username },
});

const MS_PER_SECOND = 1000;
const MS_PER_MINUTE = 60_000;
/** Random bytes in an auth session: Cognito's are opaque strings of about 1000 characters. */
const SESSION_BYTES = 48;
/** Expired sessions are kept this long so reuse is reported as expired, then forgotten. */
const SESSION_RETENTION_MS = 30 * MS_PER_MINUTE;
/** Cognito's password policy default, for the visitor pool (which never uses passwords). */
const DEFAULT_PASSWORD_MIN = 8;
/** E.164: + and up to 15 digits. */
const E164 = /^\+[1-9]\d{1,14}$/;

type Json = Record<string, unknown>;

/**
 * Both app clients prevent user existence errors (infra/constructs/auth.ts,
 * preventUserExistenceErrors: true): CUSTOM_AUTH for a user that does not exist runs the triggers
 * with userNotFound true instead of answering UserNotFoundException, and a password sign-in for
 * one answers as a wrong password does (docs/cognito.md).
 */
const PREVENT_USER_EXISTENCE_ERRORS = true;

/** Cognito's lockout after failed passwords (shared/definitions.ts COGNITO_PASSWORD_LOCKOUT). */
const LOCKOUT_FREE_FAILURES = COGNITO_PASSWORD_LOCKOUT.freeFailures;
const LOCKOUT_MAX_MS = COGNITO_PASSWORD_LOCKOUT.maxLockMinutes * 60_000;
const LOCKOUT_RESET_MS = COGNITO_PASSWORD_LOCKOUT.quietMinutes * 60_000;

interface PasswordFailures {
  failures: number;
  lockedUntil: number;
  lastAttempt: number;
}

interface AuthSession {
  pool: PoolKind;
  clientId: string;
  username: string;
  /** Set for a sign-in started for a user that does not exist (userNotFound). */
  notFound?: boolean;
  /** Answered challenges so far, as Define sees them. */
  history: { challengeName: string; challengeResult: boolean; challengeMetadata: string | null }[];
  privateChallengeParameters: Record<string, string>;
  challengeMetadata: string | null;
  expiresAt: number;
  used: boolean;
  /** Set when a trigger failed while this session was being answered. */
  dead: boolean;
}

export interface CognitoServiceOptions {
  state: StateFile;
  dataFile?: string;
  triggers: CustomAuthTriggers;
  /** Per-attempt trigger budget; Cognito's is 5 s (tests pass less). */
  triggerTimeoutMs?: number;
  /** Base URL the issuer is built from: iss = <baseUrl>/<poolId>. */
  baseUrl: () => string;
  /** Clock in ms (tests move it to expire sessions). */
  now?: () => number;
}

/** Milliseconds the app client gives one challenge round. */
const sessionValidityMs = (kind: PoolKind): number =>
  POOLS[kind].authSessionValidityMinutes * MS_PER_MINUTE;
const passwordMin = (kind: PoolKind): number =>
  kind === 'staff' ? STAFF_PASSWORD_POLICY.minLength : DEFAULT_PASSWORD_MIN;
const usesPhoneUsername = (kind: PoolKind): boolean =>
  (POOLS[kind].usernameAttributes as readonly string[]).includes('phone_number');

const str = (body: Json, key: string): string | undefined => {
  const value = body[key];
  return typeof value === 'string' ? value : undefined;
};
const requireStr = (body: Json, key: string): string => {
  const value = str(body, key);
  if (value === undefined || value === '')
    throw invalidParameter(`Missing required parameter ${key}`);
  return value;
};
const stringMap = (value: unknown): Record<string, string> | undefined => {
  if (!isRecord(value)) return undefined;
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
};

/** The Cognito operations; each takes the request body and resolves with the answer body. */
export class CognitoService {
  private readonly sessions = new Map<string, AuthSession>();
  /** Failed passwords by pool and canonical (or, for no user, folded) name; memory only. */
  private readonly passwordFailures = new Map<string, PasswordFailures>();
  private readonly now: () => number;

  constructor(private readonly options: CognitoServiceOptions) {
    this.now = options.now ?? (() => Date.now());
  }

  /** iss of the pool's tokens, which is also where its JWKS lives (+ /.well-known/jwks.json). */
  issuer(kind: PoolKind): string {
    return `${this.options.baseUrl()}/${this.options.state.pools[kind].poolId}`;
  }

  /** Runs an operation by its X-Amz-Target name. */
  async call(operation: string, body: Json): Promise<Json> {
    switch (operation) {
      case 'InitiateAuth':
        return this.initiateAuth(body);
      case 'AdminInitiateAuth':
        return this.adminInitiateAuth(body);
      case 'RespondToAuthChallenge':
        return this.respondToAuthChallenge(body);
      case 'AdminCreateUser':
        return this.adminCreateUser(body);
      case 'AdminSetUserPassword':
        return this.adminSetUserPassword(body);
      case 'AdminGetUser':
        return this.adminGetUser(body);
      case 'AdminAddUserToGroup':
        return this.adminAddUserToGroup(body);
      case 'AdminDeleteUser':
        return this.adminDeleteUser(body);
      case 'AdminDisableUser':
        return this.adminSetEnabled(body, false);
      case 'AdminEnableUser':
        return this.adminSetEnabled(body, true);
      case 'AdminUserGlobalSignOut':
        return this.adminGlobalSignOut(body);
      case 'RevokeToken':
        return this.revokeToken(body);
      case 'DeleteUser':
        return this.deleteOwnUser(body);
      default:
        throw new CognitoServiceError(
          'UnknownOperationException',
          `Unknown operation ${operation}`,
        );
    }
  }

  // ---- auth flows ----

  private async initiateAuth(body: Json): Promise<Json> {
    const flow = requireStr(body, 'AuthFlow');
    const kind = this.poolOfClient(requireStr(body, 'ClientId'));
    const params = stringMap(body.AuthParameters) ?? {};
    switch (flow) {
      case 'CUSTOM_AUTH':
        this.requireFlow(kind, 'CUSTOM_AUTH');
        return this.startCustomAuth(
          kind,
          requireStr(body, 'ClientId'),
          requireStr(params, 'USERNAME'),
          body,
        );
      case 'USER_PASSWORD_AUTH':
        this.requireFlow(kind, 'USER_PASSWORD_AUTH');
        return this.passwordAuth(
          kind,
          requireStr(body, 'ClientId'),
          requireStr(params, 'USERNAME'),
          requireStr(params, 'PASSWORD'),
        );
      case 'REFRESH_TOKEN_AUTH':
      case 'REFRESH_TOKEN':
        return this.refreshAuth(
          kind,
          requireStr(body, 'ClientId'),
          requireStr(params, 'REFRESH_TOKEN'),
        );
      default:
        throw invalidParameter(`${flow} flow not enabled for this client`);
    }
  }

  /**
   * The server-side sign-in (AWS credentials, checked by the HTTP layer): ADMIN_USER_PASSWORD_AUTH
   * on a client that allows it, with the same lockout as any password sign-in; refresh as
   * InitiateAuth does.
   */
  private async adminInitiateAuth(body: Json): Promise<Json> {
    const flow = requireStr(body, 'AuthFlow');
    const clientId = requireStr(body, 'ClientId');
    const kind = this.poolOfClient(clientId);
    if (requireStr(body, 'UserPoolId') !== this.pool(kind).poolId) {
      throw invalidParameter('The client does not belong to the user pool');
    }
    const params = stringMap(body.AuthParameters) ?? {};
    switch (flow) {
      case 'ADMIN_USER_PASSWORD_AUTH':
      case 'ADMIN_NO_SRP_AUTH':
        this.requireFlow(kind, 'ADMIN_USER_PASSWORD_AUTH');
        return this.passwordAuth(
          kind,
          clientId,
          requireStr(params, 'USERNAME'),
          requireStr(params, 'PASSWORD'),
        );
      case 'REFRESH_TOKEN_AUTH':
      case 'REFRESH_TOKEN':
        return this.refreshAuth(kind, clientId, requireStr(params, 'REFRESH_TOKEN'));
      default:
        throw invalidParameter(`${flow} flow not enabled for this client`);
    }
  }

  private requireFlow(kind: PoolKind, flow: string): void {
    if (!(POOLS[kind].authFlows as readonly string[]).includes(flow)) {
      throw invalidParameter(`${flow} flow not enabled for this client`);
    }
  }

  /** An enabled user for a sign-in, or the same error for a wrong name as for a wrong password. */
  private signInUser(kind: PoolKind, username: string): StoredUser {
    const user = findUser(this.pool(kind), kind, username);
    if (!user) throw notAuthorized(COGNITO_MESSAGES.incorrectCredentials);
    if (!user.enabled) throw notAuthorized(COGNITO_MESSAGES.userDisabled);
    return user;
  }

  private async startCustomAuth(
    kind: PoolKind,
    clientId: string,
    username: string,
    body: Json,
  ): Promise<Json> {
    // ClientMetadata of InitiateAuth is not passed to Define/Create (docs/cognito.md).
    void body.ClientMetadata;
    if (PREVENT_USER_EXISTENCE_ERRORS && !findUser(this.pool(kind), kind, username)) {
      return this.defineAndContinue(kind, clientId, this.unknownUser(kind, username), [], {
        notFound: true,
        name: username,
      });
    }
    const user = this.signInUser(kind, username);
    return this.defineAndContinue(kind, clientId, user, [], {});
  }

  /**
   * Who the triggers hear about when a sign-in names no user: no attributes, and a username shaped
   * like a real one (a UUID), the same for the same name, keyed with the pool's own secret so that
   * nobody outside can tell it from a real user's (docs/cognito.md).
   */
  private unknownUser(kind: PoolKind, name: string): StoredUser {
    const pool = this.pool(kind);
    if (!pool.unknownUserKey) {
      pool.unknownUserKey = randomBytes(32).toString('hex');
      this.save();
    }
    const hex = createHmac('sha256', Buffer.from(pool.unknownUserKey, 'hex'))
      .update(name)
      .digest('hex');
    const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    return {
      username: uuid,
      attributes: {},
      enabled: true,
      status: 'CONFIRMED',
      groups: [],
      createdAt: 0,
      modifiedAt: 0,
    };
  }

  private async respondToAuthChallenge(body: Json): Promise<Json> {
    const clientId = requireStr(body, 'ClientId');
    const kind = this.poolOfClient(clientId);
    const challengeName = requireStr(body, 'ChallengeName');
    const token = requireStr(body, 'Session');
    const session = this.sessions.get(token);
    if (!session || session.dead || session.clientId !== clientId)
      throw notAuthorized(COGNITO_MESSAGES.sessionInvalid);
    if (this.now() >= session.expiresAt) throw notAuthorized(COGNITO_MESSAGES.sessionExpired);
    if (session.used) throw notAuthorized(COGNITO_MESSAGES.sessionUsed);
    session.used = true;
    if (challengeName !== CUSTOM_CHALLENGE)
      throw invalidParameter(`Invalid challenge name ${challengeName}`);
    const responses = stringMap(body.ChallengeResponses) ?? {};
    const answer = requireStr(responses, 'ANSWER');
    const named = requireStr(responses, 'USERNAME');
    const notFound = session.notFound === true;
    const user = notFound
      ? this.unknownUser(kind, session.username)
      : this.pool(kind).users[session.username];
    const sameUser = notFound
      ? named === user?.username
      : user !== undefined && findUser(this.pool(kind), kind, named) === user;
    if (!user || !sameUser) throw notAuthorized(COGNITO_MESSAGES.incorrectCredentials);
    if (!user.enabled) throw notAuthorized(COGNITO_MESSAGES.userDisabled);
    const clientMetadata = stringMap(body.ClientMetadata);
    try {
      const verify = await this.runTrigger(
        'VerifyAuthChallengeResponse',
        kind,
        clientId,
        user,
        {
          userAttributes: this.userAttributes(user),
          privateChallengeParameters: session.privateChallengeParameters,
          challengeAnswer: answer,
          ...(clientMetadata ? { clientMetadata } : {}),
          userNotFound: notFound,
        },
        { answerCorrect: null },
      );
      expectOutput(typeof verify.answerCorrect === 'boolean');
      const history = [
        ...session.history,
        {
          challengeName: CUSTOM_CHALLENGE,
          challengeResult: verify.answerCorrect === true,
          challengeMetadata: session.challengeMetadata,
        },
      ];
      return await this.defineAndContinue(kind, clientId, user, history, {
        clientMetadata,
        notFound,
        name: session.username,
      });
    } catch (error) {
      if (isTriggerFailure(error)) session.dead = true;
      throw error;
    }
  }

  /** Define decides: fail, issue tokens, or ask Create for another challenge (docs/cognito.md). */
  private async defineAndContinue(
    kind: PoolKind,
    clientId: string,
    user: StoredUser,
    history: AuthSession['history'],
    options: {
      clientMetadata?: Record<string, string> | undefined;
      /** A sign-in for no user: the triggers hear userNotFound, and no tokens are ever issued. */
      notFound?: boolean;
      /** For notFound: the name the sign-in gave. */
      name?: string;
    },
  ): Promise<Json> {
    const { clientMetadata, notFound = false } = options;
    const metadata = clientMetadata ? { clientMetadata } : {};
    const define = await this.runTrigger(
      'DefineAuthChallenge',
      kind,
      clientId,
      user,
      {
        userAttributes: this.userAttributes(user),
        session: history,
        ...metadata,
        userNotFound: notFound,
      },
      { challengeName: null, issueTokens: null, failAuthentication: null },
    );
    expectOutput(
      (['failAuthentication', 'issueTokens'] as const).every((k) =>
        optionalOf('boolean', define[k]),
      ) && optionalOf('string', define.challengeName),
    );
    if (define.failAuthentication === true)
      throw notAuthorized(COGNITO_MESSAGES.incorrectCredentials);
    if (define.issueTokens === true) {
      if (notFound) throw notAuthorized(COGNITO_MESSAGES.incorrectCredentials);
      return this.signedIn(kind, clientId, user);
    }
    expectOutput(define.challengeName === CUSTOM_CHALLENGE);
    const create = await this.runTrigger(
      'CreateAuthChallenge',
      kind,
      clientId,
      user,
      {
        userAttributes: this.userAttributes(user),
        challengeName: CUSTOM_CHALLENGE,
        session: history,
        ...metadata,
        userNotFound: notFound,
      },
      {
        publicChallengeParameters: null,
        privateChallengeParameters: null,
        challengeMetadata: null,
      },
    );
    expectOutput(
      isStringMapOrNull(create.publicChallengeParameters) &&
        isStringMapOrNull(create.privateChallengeParameters) &&
        optionalOf('string', create.challengeMetadata),
    );
    const token = this.newSession({
      pool: kind,
      clientId,
      username: notFound ? (options.name ?? '') : user.username,
      ...(notFound ? { notFound } : {}),
      history,
      privateChallengeParameters: stringMap(create.privateChallengeParameters) ?? {},
      challengeMetadata:
        typeof create.challengeMetadata === 'string' ? create.challengeMetadata : null,
      expiresAt: this.now() + sessionValidityMs(kind),
      used: false,
      dead: false,
    });
    return customChallenge(token, create.publicChallengeParameters, user.username);
  }

  private newSession(session: AuthSession): string {
    const now = this.now();
    for (const [key, old] of this.sessions) {
      if (old.expiresAt + SESSION_RETENTION_MS < now) this.sessions.delete(key);
    }
    // Cognito's sessions start "AYAB"; the prefix keeps ours recognisable in logs of lengths only.
    const token = `AYAB${randomBytes(SESSION_BYTES).toString('base64url')}`;
    this.sessions.set(token, session);
    return token;
  }

  private runTrigger(
    name: TriggerName,
    kind: PoolKind,
    clientId: string,
    user: StoredUser,
    request: Json,
    response: Json,
  ): Promise<Record<string, unknown>> {
    const handler = {
      DefineAuthChallenge: this.options.triggers.defineAuthChallenge,
      CreateAuthChallenge: this.options.triggers.createAuthChallenge,
      VerifyAuthChallengeResponse: this.options.triggers.verifyAuthChallengeResponse,
    }[name];
    const event = {
      version: '1',
      triggerSource: `${name}_Authentication`,
      region: this.options.state.region,
      userPoolId: this.pool(kind).poolId,
      userName: user.username,
      callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId },
      request,
      response,
    };
    return invokeTrigger(name, handler, event, this.options.triggerTimeoutMs);
  }

  /** Attributes as triggers see them: strings, plus cognito:user_status. */
  private userAttributes(user: StoredUser): Record<string, string> {
    return { ...user.attributes, 'cognito:user_status': user.status };
  }

  private async passwordAuth(
    kind: PoolKind,
    clientId: string,
    username: string,
    password: string,
  ): Promise<Json> {
    const user = findUser(this.pool(kind), kind, username);
    // Counted by the user's name, or for no user by the name given, so a lockout tells no more
    // about who exists than a wrong password does.
    const lockKey = `${kind}#${user?.username ?? username.toLowerCase()}`;
    this.refuseWhileLockedOut(lockKey);
    // Same answer for an unknown user as for a wrong password: no user enumeration.
    const matches = await verifyPassword(password, user?.passwordHash);
    if (!user || !matches) {
      this.countPasswordFailure(lockKey);
      throw notAuthorized(COGNITO_MESSAGES.incorrectCredentials);
    }
    this.passwordFailures.delete(lockKey);
    if (!user.enabled) throw notAuthorized(COGNITO_MESSAGES.userDisabled);
    // A temporary password (AdminSetUserPassword Permanent false, or AdminCreateUser's) signs in to
    // a demand for a new one, never to tokens. The app does not answer it (docs/cognito.md).
    if (user.status === 'FORCE_CHANGE_PASSWORD') {
      return {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: `AYAB${randomBytes(SESSION_BYTES).toString('base64url')}`,
        ChallengeParameters: {
          USER_ID_FOR_SRP: user.username,
          requiredAttributes: '[]',
          userAttributes: JSON.stringify(
            Object.fromEntries(Object.entries(user.attributes).filter(([name]) => name !== 'sub')),
          ),
        },
      };
    }
    return this.signedIn(kind, clientId, user);
  }

  /** "Password attempts exceeded" while `key` is locked out; the attempt counts as activity only. */
  private refuseWhileLockedOut(key: string): void {
    const now = this.now();
    const record = this.passwordFailures.get(key);
    if (!record) return;
    if (now - record.lastAttempt >= LOCKOUT_RESET_MS) {
      this.passwordFailures.delete(key);
      return;
    }
    record.lastAttempt = now;
    if (now < record.lockedUntil) throw notAuthorized(COGNITO_MESSAGES.passwordAttemptsExceeded);
  }

  /** One more failed password: from the fifth, a lockout of 2^(n-5) s, at most 15 minutes. */
  private countPasswordFailure(key: string): void {
    const now = this.now();
    const record = this.passwordFailures.get(key) ?? {
      failures: 0,
      lockedUntil: 0,
      lastAttempt: now,
    };
    record.failures += 1;
    record.lastAttempt = now;
    if (record.failures >= LOCKOUT_FREE_FAILURES) {
      const lockMs = Math.min(
        2 ** (record.failures - LOCKOUT_FREE_FAILURES) * MS_PER_SECOND,
        LOCKOUT_MAX_MS,
      );
      record.lockedUntil = now + lockMs;
    }
    this.passwordFailures.set(key, record);
  }

  private async signedIn(kind: PoolKind, clientId: string, user: StoredUser): Promise<Json> {
    const nowSeconds = Math.floor(this.now() / MS_PER_SECOND);
    const originJti = randomUUID();
    const tokens = await this.tokensFor(kind, clientId, user, nowSeconds, originJti);
    const refresh = newRefreshToken();
    this.state.refreshTokens[refresh.hash] = {
      pool: kind,
      clientId,
      username: user.username,
      authTime: nowSeconds,
      originJti,
      expiresAt: nowSeconds + refreshTokenSeconds(kind),
    };
    this.pruneRefreshTokens(nowSeconds);
    this.save();
    return {
      ChallengeParameters: {},
      AuthenticationResult: { ...tokens, RefreshToken: refresh.token },
    };
  }

  private async refreshAuth(kind: PoolKind, clientId: string, token: string): Promise<Json> {
    const nowSeconds = Math.floor(this.now() / MS_PER_SECOND);
    const record = this.state.refreshTokens[hashRefreshToken(token)];
    if (
      !record ||
      record.pool !== kind ||
      record.clientId !== clientId ||
      record.expiresAt <= nowSeconds
    ) {
      throw notAuthorized(COGNITO_MESSAGES.invalidRefreshToken);
    }
    const user = this.pool(kind).users[record.username];
    if (!user) throw notAuthorized(COGNITO_MESSAGES.invalidRefreshToken);
    if (!user.enabled) throw notAuthorized(COGNITO_MESSAGES.userDisabled);
    const tokens = await this.tokensFor(
      kind,
      clientId,
      user,
      record.authTime,
      record.originJti,
      nowSeconds,
    );
    // No RefreshToken in a refresh answer: rotation is off (docs/cognito.md).
    return { ChallengeParameters: {}, AuthenticationResult: tokens };
  }

  private async tokensFor(
    kind: PoolKind,
    clientId: string,
    user: StoredUser,
    authTime: number,
    originJti: string,
    nowSeconds = authTime,
  ): Promise<Json> {
    const { idToken, accessToken } = await issueTokens({
      issuer: this.issuer(kind),
      pool: this.pool(kind),
      user,
      clientId,
      authTime,
      originJti,
      nowSeconds,
    });
    return {
      AccessToken: accessToken,
      ExpiresIn: ACCESS_TOKEN_SECONDS,
      TokenType: 'Bearer',
      IdToken: idToken,
    };
  }

  private pruneRefreshTokens(nowSeconds: number): void {
    for (const [hash, record] of Object.entries(this.state.refreshTokens)) {
      if (record.expiresAt <= nowSeconds) delete this.state.refreshTokens[hash];
    }
  }

  // ---- admin calls ----

  private async adminCreateUser(body: Json): Promise<Json> {
    const kind = this.poolById(requireStr(body, 'UserPoolId'));
    const pool = this.pool(kind);
    const username = requireStr(body, 'Username');
    const action = str(body, 'MessageAction');
    if (action !== undefined && action !== 'SUPPRESS' && action !== 'RESEND') {
      throw invalidParameter(`Invalid MessageAction ${action}`);
    }
    if (str(body, 'TemporaryPassword') !== undefined) {
      // The app never creates a user with a temporary password (it sets permanent ones).
      throw invalidParameter('TemporaryPassword is not supported by the local Cognito stand-in');
    }
    const attributes: Record<string, string> = {};
    for (const entry of Array.isArray(body.UserAttributes) ? body.UserAttributes : []) {
      if (isRecord(entry) && typeof entry.Name === 'string' && typeof entry.Value === 'string') {
        attributes[entry.Name] = entry.Value;
      }
    }
    if (action === 'RESEND') {
      // No invitations are sent locally; RESEND only requires that the user exists.
      const existing = findUser(pool, kind, username);
      if (!existing) throw userNotFound();
      return { User: this.describeUser(existing, 'Attributes') };
    }
    let user: StoredUser;
    if (usesPhoneUsername(kind)) {
      if (!E164.test(username)) throw invalidParameter('Username should be a phone number.');
      if (attributes.phone_number !== undefined && attributes.phone_number !== username) {
        throw invalidParameter(
          'User phone_number should be empty or same as username, since username attribute is phone_number',
        );
      }
      if (Object.values(pool.users).some((u) => u.attributes.phone_number === username)) {
        throw new CognitoServiceError('UsernameExistsException', COGNITO_MESSAGES.phoneUserExists);
      }
      user = newUser(undefined, { ...attributes, phone_number: username }, this.nowSeconds());
    } else {
      // findUser: in a case-insensitive pool, "Admin" is taken when admin exists.
      if (findUser(pool, kind, username))
        throw new CognitoServiceError('UsernameExistsException', COGNITO_MESSAGES.userExists);
      user = newUser(username, attributes, this.nowSeconds());
    }
    pool.users[user.username] = user;
    this.save();
    return { User: this.describeUser(user, 'Attributes') };
  }

  private async adminSetUserPassword(body: Json): Promise<Json> {
    const kind = this.poolById(requireStr(body, 'UserPoolId'));
    const user = this.adminUser(kind, body);
    const password = requireStr(body, 'Password');
    if (password.length > PASSWORD_MAX)
      throw invalidParameter('Password must be at most 256 characters');
    if (password.length < passwordMin(kind)) {
      throw new CognitoServiceError('InvalidPasswordException', COGNITO_MESSAGES.passwordTooShort);
    }
    user.passwordHash = await hashPassword(password);
    user.status = body.Permanent === true ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD';
    user.modifiedAt = this.nowSeconds();
    this.save();
    return {};
  }

  private async adminGetUser(body: Json): Promise<Json> {
    const kind = this.poolById(requireStr(body, 'UserPoolId'));
    return this.describeUser(this.adminUser(kind, body), 'UserAttributes');
  }

  private async adminAddUserToGroup(body: Json): Promise<Json> {
    const kind = this.poolById(requireStr(body, 'UserPoolId'));
    const user = this.adminUser(kind, body);
    const group = requireStr(body, 'GroupName');
    if (!this.pool(kind).groups.includes(group))
      throw resourceNotFound(COGNITO_MESSAGES.groupNotFound);
    if (!user.groups.includes(group)) user.groups.push(group);
    this.save();
    return {};
  }

  private async adminDeleteUser(body: Json): Promise<Json> {
    const kind = this.poolById(requireStr(body, 'UserPoolId'));
    const user = this.adminUser(kind, body);
    delete this.pool(kind).users[user.username];
    this.forgetRefreshTokens(kind, user.username);
    this.save();
    return {};
  }

  /** Ends every session of the user: none of its refresh tokens works any more. */
  private async adminGlobalSignOut(body: Json): Promise<Json> {
    const kind = this.poolById(requireStr(body, 'UserPoolId'));
    const user = this.adminUser(kind, body);
    this.forgetRefreshTokens(kind, user.username);
    this.save();
    return {};
  }

  /**
   * Revokes one refresh token (the app client's own; both clients have revocation on). Only refresh
   * tokens can be revoked; one that is unknown or already revoked is not an error.
   */
  private async revokeToken(body: Json): Promise<Json> {
    const clientId = requireStr(body, 'ClientId');
    const kind = this.poolOfClient(clientId);
    const token = requireStr(body, 'Token');
    if (token.split('.').length === 3) {
      throw new CognitoServiceError('UnsupportedTokenTypeException', 'Unsupported token type');
    }
    const hash = hashRefreshToken(token);
    const record = this.state.refreshTokens[hash];
    if (!record) return {};
    if (record.pool !== kind || record.clientId !== clientId) {
      throw new CognitoServiceError(
        'UnauthorizedException',
        'Client is not authorized to revoke this token',
      );
    }
    delete this.state.refreshTokens[hash];
    this.save();
    return {};
  }

  /**
   * DeleteUser: the self-service call any holder of a user's access token may make (the user pool
   * allows it; nothing in an app client turns it off). The user and its sessions are gone; an
   * access token that is not the pool's, has expired or names no user is refused.
   */
  private async deleteOwnUser(body: Json): Promise<Json> {
    const token = requireStr(body, 'AccessToken');
    for (const kind of POOL_KINDS) {
      const fields = await verifiedAccessFields(
        this.pool(kind),
        this.issuer(kind),
        token,
        this.nowSeconds(),
      );
      if (!fields) continue;
      const user = this.pool(kind).users[String(fields.username)];
      if (!user || user.attributes.sub !== fields.sub) break;
      if (!this.hasSession(kind, user.username, String(fields.origin_jti)))
        throw notAuthorized('Access Token has been revoked');
      delete this.pool(kind).users[user.username];
      this.forgetRefreshTokens(kind, user.username);
      this.save();
      return {};
    }
    throw notAuthorized('Invalid Access Token');
  }

  /** Whether the sign-in `originJti` of the user still has a refresh token (not signed out). */
  private hasSession(kind: PoolKind, username: string, originJti: string): boolean {
    return Object.values(this.state.refreshTokens).some(
      (r) => r.pool === kind && r.username === username && r.originJti === originJti,
    );
  }

  private forgetRefreshTokens(kind: PoolKind, username: string): void {
    for (const [hash, record] of Object.entries(this.state.refreshTokens)) {
      if (record.pool === kind && record.username === username)
        delete this.state.refreshTokens[hash];
    }
  }

  private async adminSetEnabled(body: Json, enabled: boolean): Promise<Json> {
    const kind = this.poolById(requireStr(body, 'UserPoolId'));
    const user = this.adminUser(kind, body);
    user.enabled = enabled;
    user.modifiedAt = this.nowSeconds();
    this.save();
    return {};
  }

  private adminUser(kind: PoolKind, body: Json): StoredUser {
    const user = findUser(this.pool(kind), kind, requireStr(body, 'Username'));
    if (!user) throw userNotFound();
    return user;
  }

  private describeUser(user: StoredUser, attributesKey: 'Attributes' | 'UserAttributes'): Json {
    return {
      Username: user.username,
      [attributesKey]: Object.entries(user.attributes).map(([Name, Value]) => ({ Name, Value })),
      UserCreateDate: user.createdAt,
      UserLastModifiedDate: user.modifiedAt,
      Enabled: user.enabled,
      UserStatus: user.status,
    };
  }

  // ---- lookups ----

  private get state(): StateFile {
    return this.options.state;
  }

  private pool(kind: PoolKind): StoredPool {
    return this.state.pools[kind];
  }

  private poolById(poolId: string): PoolKind {
    const kind = POOL_KINDS.find((k) => this.state.pools[k].poolId === poolId);
    if (!kind) throw resourceNotFound(`User pool ${poolId} does not exist.`);
    return kind;
  }

  private poolOfClient(clientId: string): PoolKind {
    const kind = POOL_KINDS.find((k) => this.state.pools[k].clientId === clientId);
    if (!kind) throw resourceNotFound(`User pool client ${clientId} does not exist.`);
    return kind;
  }

  private nowSeconds(): number {
    return Math.floor(this.now() / MS_PER_SECOND);
  }

  private save(): void {
    saveState(this.options.dataFile, this.state);
  }
}

const TRIGGER_FAILURES = new Set([
  'UserLambdaValidationException',
  'UnexpectedLambdaException',
  'InvalidLambdaResponseException',
]);
const isTriggerFailure = (error: unknown): boolean =>
  error instanceof CognitoServiceError && TRIGGER_FAILURES.has(error.type);
