/**
 * The stand-in's durable state: pools, app clients, users, groups, signing keys and refresh
 * tokens, kept in one JSON file (mode 0600: it holds private keys and password hashes) so a
 * restart keeps users signed in and their tokens verifiable. Auth sessions live in memory only:
 * they last minutes.
 */
import { generateKeyPair, randomBytes, randomInt, randomUUID, type JsonWebKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { POOLS } from '@shared/definitions';
import { STAFF_ROLES } from '@shared/types';

export type PoolKind = keyof typeof POOLS;
export const POOL_KINDS = Object.keys(POOLS) as PoolKind[];

export type UserStatus = 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD';

export interface StoredUser {
  /** The canonical username: the given name (staff) or a UUID equal to sub (phone pools). */
  username: string;
  /** Attribute name -> value, as Cognito keeps them (strings), including sub. */
  attributes: Record<string, string>;
  enabled: boolean;
  status: UserStatus;
  /** scrypt hash (see passwords.ts); absent until a password is set. */
  passwordHash?: string;
  groups: string[];
  /** Epoch seconds. */
  createdAt: number;
  modifiedAt: number;
}

/** An RSA private key as a JWK, with its kid. */
export type SigningJwk = JsonWebKey & { kid: string };

export interface StoredPool {
  poolId: string;
  clientId: string;
  /** Users by canonical username. */
  users: Record<string, StoredUser>;
  groups: string[];
  /** ID and access tokens are signed with different keys, as Cognito does. */
  keys: { id: SigningJwk; access: SigningJwk };
  /**
   * The pool's secret for the made-up usernames of sign-ins that name no user (hex); made on first
   * use in a state file written before it existed.
   */
  unknownUserKey?: string;
}

export interface StoredRefreshToken {
  pool: PoolKind;
  clientId: string;
  username: string;
  /** Epoch seconds of the original sign-in: refreshed tokens keep it. */
  authTime: number;
  originJti: string;
  expiresAt: number;
}

export interface StateFile {
  version: 1;
  region: string;
  pools: Record<PoolKind, StoredPool>;
  /** sha256(refresh token) -> what it stands for; the token itself is never stored. */
  refreshTokens: Record<string, StoredRefreshToken>;
}

const STATE_VERSION = 1;
/** RSA modulus size of Cognito's signing keys. */
const RSA_BITS = 2048;
/** Cognito pool ids are `<region>_<9 alphanumerics>`; client ids 26 lower-case alphanumerics. */
const POOL_ID_SUFFIX_LENGTH = 9;
const CLIENT_ID_LENGTH = 26;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const LOWER_ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Owner read/write only. */
const PRIVATE_FILE_MODE = 0o600;

const randomString = (alphabet: string, length: number): string =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

const generateKeyPairAsync = promisify(generateKeyPair);

async function newSigningKey(): Promise<SigningJwk> {
  const { privateKey } = await generateKeyPairAsync('rsa', { modulusLength: RSA_BITS });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(16).toString('base64url') };
}

async function newPool(kind: PoolKind, region: string): Promise<StoredPool> {
  const [id, access] = await Promise.all([newSigningKey(), newSigningKey()]);
  return {
    poolId: `${region}_${randomString(ALPHANUMERIC, POOL_ID_SUFFIX_LENGTH)}`,
    clientId: randomString(LOWER_ALPHANUMERIC, CLIENT_ID_LENGTH),
    users: {},
    groups: kind === 'staff' ? [...STAFF_ROLES] : [],
    keys: { id, access },
    unknownUserKey: randomBytes(32).toString('hex'),
  };
}

/** Reads the state file, or creates fresh pools (and writes them) when there is none. */
export async function loadState(dataFile: string | undefined, region: string): Promise<StateFile> {
  if (dataFile && existsSync(dataFile)) {
    const parsed = JSON.parse(readFileSync(dataFile, 'utf8')) as StateFile;
    if (parsed.version !== STATE_VERSION || !POOL_KINDS.every((kind) => parsed.pools?.[kind])) {
      throw new Error(
        `${dataFile} is not a state file of this version; run \`npm run reset\` to start afresh`,
      );
    }
    return parsed;
  }
  const entries = await Promise.all(
    POOL_KINDS.map(async (kind) => [kind, await newPool(kind, region)] as const),
  );
  const state: StateFile = {
    version: STATE_VERSION,
    region,
    pools: Object.fromEntries(entries) as Record<PoolKind, StoredPool>,
    refreshTokens: {},
  };
  saveState(dataFile, state);
  return state;
}

/** Writes the state atomically (temp file then rename), owner-only. No-op without a file. */
export function saveState(dataFile: string | undefined, state: StateFile): void {
  if (!dataFile) return;
  mkdirSync(dirname(dataFile), { recursive: true });
  const temp = `${dataFile}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(state), { mode: PRIVATE_FILE_MODE });
  renameSync(temp, dataFile);
}

/** A new user record; in phone pools the username is a fresh UUID, which is also the sub. */
export function newUser(
  username: string | undefined,
  attributes: Record<string, string>,
  nowSeconds: number,
): StoredUser {
  const sub = randomUUID();
  return {
    username: username ?? sub,
    attributes: { sub, ...attributes },
    enabled: true,
    status: 'FORCE_CHANGE_PASSWORD',
    groups: [],
    createdAt: nowSeconds,
    modifiedAt: nowSeconds,
  };
}

/**
 * Finds a user by what a caller may send as USERNAME: the canonical username, the sub, or (in a
 * pool whose username attribute is phone_number) the phone number.
 */
export function findUser(pool: StoredPool, kind: PoolKind, name: string): StoredUser | undefined {
  const direct = pool.users[name];
  if (direct) return direct;
  // A case-insensitive pool (the staff pool) matches "Admin" to admin, in sign-in and admin calls.
  const def = POOLS[kind];
  if ('signInCaseSensitive' in def && def.signInCaseSensitive === false) {
    const folded = Object.values(pool.users).find(
      (user) => user.username.toLowerCase() === name.toLowerCase(),
    );
    if (folded) return folded;
  }
  const byPhone = (POOLS[kind].usernameAttributes as readonly string[]).includes('phone_number');
  return Object.values(pool.users).find(
    (user) => user.attributes.sub === name || (byPhone && user.attributes.phone_number === name),
  );
}
