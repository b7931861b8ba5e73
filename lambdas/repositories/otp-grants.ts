/**
 * Code authorisations: `POST /api/otp/start` grants a number exactly one SMS code for a few
 * minutes, once every check has passed; CreateAuthChallenge takes it (atomically) before it sends.
 * A sign-in started straight at Cognito, without the API's checks, finds none and sends nothing.
 * Kept in the limits table, expiring by TTL.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/dynamo-client';
import { isConditionFailed } from '../lib/dynamo-errors';
import { tableName } from '../lib/tables';

const keyOf = (phoneNumber: string) => `otp-auth#${phoneNumber}`;

/**
 * Who paid for a grant: the client whose hourly code budget otp/start spent, and when; `refunded`
 * once a failed send has given the client that code back (a grant given back keeps its payer, and
 * a second failure refunds nothing).
 */
export interface GrantPayer {
  client: string;
  atMs: number;
  refunded?: boolean;
}

/**
 * A grant taken for one SMS: its end (epoch ms), who paid for it when otp/start made it, and the
 * hashes of the sign-in keys of the otp/starts that asked for it while it waited (the latest
 * few): the code it buys arms them; and the source tag of the placement the visitor came through
 * (counted with the code sent).
 */
export interface CodeGrant {
  validUntilMs: number;
  paidBy?: GrantPayer;
  keyHashes: string[];
  source?: string;
}

/** The attribute of a grant's key slot `slot`. */
const slotOf = (slot: number) => `signInKey${slot}`;

const payerItem = (paidBy?: GrantPayer) => ({
  ...(paidBy ? { paidByClient: paidBy.client, paidAtMs: paidBy.atMs } : {}),
  ...(paidBy?.refunded ? { paidRefunded: true } : {}),
});

/**
 * Grants `phoneNumber` one code until `validUntilMs` (replacing an earlier grant), paid for by
 * `paidBy` when otp/start spent a client's code budget on it, for the sign-in keys `keyHashes`
 * (a grant given back keeps its keys), through the placement `source`.
 */
export async function authorizeCode(
  phoneNumber: string,
  validUntilMs: number,
  paidBy?: GrantPayer,
  { keyHashes = [], source }: { keyHashes?: readonly string[]; source?: string } = {},
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('limits'),
      Item: {
        key: keyOf(phoneNumber),
        validUntilMs,
        expiresAt: Math.ceil(validUntilMs / 1000),
        ...payerItem(paidBy),
        issued: keyHashes.length,
        ...Object.fromEntries(keyHashes.map((hash, slot) => [slotOf(slot), hash])),
        ...(source ? { source } : {}),
      },
    }),
  );
}

/**
 * otp/start's grant: one code for `phoneNumber` until `validUntilMs`, paid for by `paidBy`, for
 * the key `keyHash` too. A grant still waiting at `nowMs` (someone else's otp/start moments
 * before, not yet signed in) is extended and keeps its keys, up to `maxKeys`, the oldest giving
 * way: a stranger's otp/start between the visitor's and the visitor's sign-in does not take the
 * visitor's key out of the code it buys.
 */
export async function grantCode(
  phoneNumber: string,
  validUntilMs: number,
  paidBy: GrantPayer,
  keyHash: string,
  nowMs: number,
  maxKeys: number,
  source?: string,
): Promise<void> {
  let issued: number;
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName('limits'),
        Key: { key: keyOf(phoneNumber) },
        // The latest otp/start's placement is the one its code is counted under.
        UpdateExpression: source
          ? 'SET validUntilMs = :until, expiresAt = :expires, paidByClient = :client, paidAtMs = :at, #source = :source REMOVE paidRefunded ADD issued :one'
          : 'SET validUntilMs = :until, expiresAt = :expires, paidByClient = :client, paidAtMs = :at REMOVE paidRefunded, #source ADD issued :one',
        ConditionExpression: 'validUntilMs > :now',
        ExpressionAttributeNames: { '#source': 'source' },
        ExpressionAttributeValues: {
          ':until': validUntilMs,
          ':expires': Math.ceil(validUntilMs / 1000),
          ':client': paidBy.client,
          ':at': paidBy.atMs,
          ':one': 1,
          ':now': nowMs,
          ...(source ? { ':source': source } : {}),
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    issued = Number(Attributes?.issued);
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    await authorizeCode(phoneNumber, validUntilMs, paidBy, {
      keyHashes: [keyHash],
      ...(source ? { source } : {}),
    });
    return;
  }
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('limits'),
        Key: { key: keyOf(phoneNumber) },
        UpdateExpression: 'SET #slot = :hash',
        ConditionExpression: 'attribute_exists(#k)',
        ExpressionAttributeNames: { '#slot': slotOf((issued - 1) % maxKeys), '#k': 'key' },
        ExpressionAttributeValues: { ':hash': keyHash },
      }),
    );
  } catch (error) {
    // Taken meanwhile by a sign-in: the code it sent was asked for before this key.
    if (!isConditionFailed(error)) throw error;
  }
}

/**
 * Takes the number's grant if it is still valid at `nowMs` (to give it back with authorizeCode if
 * the SMS cannot be sent); undefined when there is none.
 */
export async function takeCodeAuthorization(
  phoneNumber: string,
  nowMs: number,
): Promise<CodeGrant | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new DeleteCommand({
        TableName: tableName('limits'),
        Key: { key: keyOf(phoneNumber) },
        ConditionExpression: 'validUntilMs > :now',
        ExpressionAttributeValues: { ':now': nowMs },
        ReturnValues: 'ALL_OLD',
      }),
    );
    const client: unknown = Attributes?.paidByClient;
    const atMs: unknown = Attributes?.paidAtMs;
    const refunded = Attributes?.paidRefunded === true;
    const source: unknown = Attributes?.source;
    const keyHashes = Object.entries(Attributes ?? {})
      .filter(
        ([name, value]) => name.startsWith(slotOf(0).slice(0, -1)) && typeof value === 'string',
      )
      .map(([, value]) => value as string);
    return {
      validUntilMs: Number(Attributes?.validUntilMs),
      keyHashes,
      ...(typeof source === 'string' ? { source } : {}),
      ...(typeof client === 'string' && typeof atMs === 'number'
        ? { paidBy: { client, atMs, ...(refunded ? { refunded } : {}) } }
        : {}),
    };
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/**
 * The sign-in keys otp/start hands out, one per grant, stored by their hash (never the key): the
 * number it is for, how many answers it has been used for, and, once CreateAuthChallenge has
 * taken its grant, the digest hash of the code it may answer (`code`). Verify takes an answer only
 * with a key of the number, armed for the challenge's code, that has tries left, so answers from
 * sign-ins anyone else started spend nothing of the visitor's, and a key whose grant sent nothing
 * answers nothing.
 */
const signInKeyOf = (keyHash: string) => `otp-key#${keyHash}`;

/** Records a new sign-in key for `phoneNumber`, valid until `expiresAtS` (epoch seconds). */
export async function saveSignInKey(
  phoneNumber: string,
  keyHash: string,
  expiresAtS: number,
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('limits'),
      Item: { key: signInKeyOf(keyHash), phone: phoneNumber, tries: 0, expiresAt: expiresAtS },
      ConditionExpression: 'attribute_not_exists(#k)',
      ExpressionAttributeNames: { '#k': 'key' },
    }),
  );
}

/** Arms the key `keyHash` of `phoneNumber` for the code whose digest hash is `codeHash`. */
export async function armSignInKey(
  phoneNumber: string,
  keyHash: string,
  codeHash: string,
): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('limits'),
        Key: { key: signInKeyOf(keyHash) },
        UpdateExpression: 'SET #code = :code',
        ConditionExpression: 'phone = :phone',
        ExpressionAttributeNames: { '#code': 'code' },
        ExpressionAttributeValues: { ':code': codeHash, ':phone': phoneNumber },
      }),
    );
  } catch (error) {
    // The key expired meanwhile: there is nothing to arm.
    if (!isConditionFailed(error)) throw error;
  }
}

/**
 * Takes one try of a sign-in key for `phoneNumber`'s code `codeHash`: true when the key is the
 * number's, armed for that code, unexpired at `nowS` and had fewer than `maxTries`; false
 * otherwise (nothing changes then).
 */
export async function takeSignInKeyTry(
  phoneNumber: string,
  keyHash: string,
  codeHash: string,
  maxTries: number,
  nowS: number,
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('limits'),
        Key: { key: signInKeyOf(keyHash) },
        UpdateExpression: 'SET tries = tries + :one',
        ConditionExpression:
          'phone = :phone AND #code = :code AND tries < :max AND expiresAt > :now',
        ExpressionAttributeNames: { '#code': 'code' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':phone': phoneNumber,
          ':code': codeHash,
          ':max': maxTries,
          ':now': nowS,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
