/**
 * The deployment's two secrets, read from Secrets Manager when a function starts and kept for
 * SECRETS_MAX_AGE_S (Powertools Parameters' cache), never from the environment: a function's
 * environment holds only each secret's ARN, so `lambda:GetFunctionConfiguration` shows no value.
 *
 * - The origin secret (ORIGIN_SECRET_ARN, every API function): CloudFront's proof that a request
 *   came through the site (lib/viewer.ts), and the base of the keys derived from it. Both its
 *   AWSCURRENT and its AWSPREVIOUS versions are accepted, so it rotates with no downtime
 *   (docs/operations.md, "Rotating the origin secret"); keys are derived from the current one.
 * - The erasure key (ERASURE_KEY_ARN, only the functions route-permissions.ts gives `erasureKey`):
 *   the key of the hashes erased numbers leave (repositories/customers.ts). Never rotated.
 *
 * lib/http.ts calls loadSecrets before every request: the first reads Secrets Manager (a missing
 * permission or secret fails that request, logged), the later ones answer from the cache until it
 * is SECRETS_MAX_AGE_S old. Locally SECRETS_MANAGER_ENDPOINT points the client at the local
 * stack's stand-in (local/secrets-manager.ts), which answers the same calls.
 */
import { createHmac } from 'node:crypto';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { SECRETS_MAX_AGE_S } from '@shared/constants';
import { endpoint, localCredentials, MAX_ATTEMPTS } from './client-options';
import { optionalEnv, requireEnv } from './env';

/**
 * One client per container, and a provider per version stage: Powertools caches by secret id only,
 * so each stage needs a cache of its own. Made again if the endpoint or the local credentials
 * change (the local stack and the tests run handlers in one process, settings their own).
 */
let providers:
  | {
      readonly setting: string;
      readonly current: SecretsProvider;
      readonly previous: SecretsProvider;
    }
  | undefined;
function secretsProviders(): NonNullable<typeof providers> {
  const options = {
    ...endpoint('SECRETS_MANAGER_ENDPOINT'),
    ...localCredentials('SECRETS_MANAGER'),
  };
  const setting = `${options.endpoint ?? ''} ${options.credentials?.accessKeyId ?? ''}`;
  if (providers?.setting !== setting) {
    const client = new SecretsManagerClient({ ...options, maxAttempts: MAX_ATTEMPTS });
    providers = {
      setting,
      current: new SecretsProvider({ awsSdkV3Client: client }),
      previous: new SecretsProvider({ awsSdkV3Client: client }),
    };
  }
  return providers;
}

/** Powertools wraps the SDK's error (as `cause`): the SDK's own is what lib/http.ts tells apart. */
const sdkError = (error: unknown): unknown =>
  (error as { cause?: unknown } | undefined)?.cause ?? error;

/** A secret's AWSCURRENT value. */
async function currentValue(arn: string): Promise<string> {
  const value = await secretsProviders()
    .current.get(arn, { maxAge: SECRETS_MAX_AGE_S })
    .catch((error: unknown) => {
      throw sdkError(error);
    });
  if (typeof value !== 'string' || value === '') throw new Error(`Secret ${arn} has no value`);
  return value;
}

/** Until when (ms) a secret is known to have no AWSPREVIOUS version: one never rotated. */
const noPreviousUntil = new Map<string, number>();

/** A secret's AWSPREVIOUS value; undefined before its first rotation. */
async function previousValue(arn: string): Promise<string | undefined> {
  if ((noPreviousUntil.get(arn) ?? 0) > Date.now()) return undefined;
  try {
    const value = await secretsProviders().previous.get(arn, {
      maxAge: SECRETS_MAX_AGE_S,
      sdkOptions: { VersionStage: 'AWSPREVIOUS' },
    });
    return typeof value === 'string' && value !== '' ? value : undefined;
  } catch (error) {
    const cause = sdkError(error);
    // No version has that stage: the secret was never rotated.
    if ((cause as { name?: string }).name !== 'ResourceNotFoundException') throw cause;
    noPreviousUntil.set(arn, Date.now() + SECRETS_MAX_AGE_S * 1000);
    return undefined;
  }
}

interface Held {
  /** The origin secret's accepted values, the current one first. */
  readonly origin: readonly string[];
  readonly erasureKey?: string;
}
let held: Held | undefined;

/**
 * Reads the secrets this function is given (from the cache while it is fresh). Every request
 * of an API function runs it first (lib/http.ts).
 */
export async function loadSecrets(): Promise<void> {
  const originArn = requireEnv('ORIGIN_SECRET_ARN');
  const erasureArn = optionalEnv('ERASURE_KEY_ARN');
  const [originCurrent, originPrevious, erasureKey] = await Promise.all([
    currentValue(originArn),
    previousValue(originArn),
    erasureArn === undefined ? undefined : currentValue(erasureArn),
  ]);
  held = {
    origin: originPrevious === undefined ? [originCurrent] : [originCurrent, originPrevious],
    erasureKey,
  };
}

const loaded = async (): Promise<Held> => {
  await loadSecrets();
  return held!;
};

/** The origin secret's accepted values (current, then previous), as the last loadSecrets read them. */
export function acceptedOriginSecrets(): readonly string[] {
  if (!held) throw new Error('Secrets not loaded: lib/http.ts loads them before each request');
  return held.origin;
}

/** The keys derived from the origin secret, by purpose, and the value they were derived from. */
const derived = { from: '', keys: new Map<string, Buffer>() };

/**
 * The key for `purpose` derived from the origin secret's current value (HMAC-SHA256 of the
 * purpose): one secret, one key per purpose. Made once for each value the cache holds, not per
 * request; a rotated secret gives new keys.
 */
export async function originDerivedKey(purpose: string): Promise<Buffer> {
  const base = (await loaded()).origin[0]!;
  if (base !== derived.from) derived.keys.clear();
  derived.from = base;
  let key = derived.keys.get(purpose);
  if (!key) {
    key = createHmac('sha256', base).update(purpose).digest();
    derived.keys.set(purpose, key);
  }
  return key;
}

/** The erasure key; throws in a function not given it (no ERASURE_KEY_ARN). */
export async function erasureKey(): Promise<string> {
  const key = (await loaded()).erasureKey;
  if (key === undefined) throw new Error('Missing environment variable ERASURE_KEY_ARN');
  return key;
}
