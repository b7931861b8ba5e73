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
 * source tag of the placement the visitor came through (counted with the code sent).
 */
export interface CodeGrant {
  validUntilMs: number;
  paidBy?: GrantPayer;
  source?: string;
}

/**
 * Grants `phoneNumber` one code until `validUntilMs` (replacing an unused earlier grant), paid for
 * by `paidBy` when otp/start spent a client's code budget on it, through the placement `source`.
 */
export async function authorizeCode(
  phoneNumber: string,
  validUntilMs: number,
  paidBy?: GrantPayer,
  source?: string,
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('limits'),
      Item: {
        key: keyOf(phoneNumber),
        validUntilMs,
        expiresAt: Math.ceil(validUntilMs / 1000),
        ...(paidBy ? { paidByClient: paidBy.client, paidAtMs: paidBy.atMs } : {}),
        ...(paidBy?.refunded ? { paidRefunded: true } : {}),
        ...(source ? { source } : {}),
      },
    }),
  );
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
    return {
      validUntilMs: Number(Attributes?.validUntilMs),
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
 * number it is for, and how many answers it has been used for. Verify takes an answer only with a
 * key of the number that has tries left, so answers from sign-ins anyone else started spend
 * nothing of the visitor's.
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

/**
 * Takes one try of a sign-in key for `phoneNumber`: true when the key is the number's, unexpired
 * at `nowS` and had fewer than `maxTries`; false otherwise (nothing changes then).
 */
export async function takeSignInKeyTry(
  phoneNumber: string,
  keyHash: string,
  maxTries: number,
  nowS: number,
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('limits'),
        Key: { key: signInKeyOf(keyHash) },
        UpdateExpression: 'SET tries = tries + :one',
        ConditionExpression: 'phone = :phone AND tries < :max AND expiresAt > :now',
        ExpressionAttributeValues: {
          ':one': 1,
          ':phone': phoneNumber,
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
