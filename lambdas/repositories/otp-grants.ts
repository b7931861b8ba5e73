/**
 * Code authorisations: `POST /api/otp/start` grants a number exactly one SMS code for a few
 * minutes, once every check has passed; CreateAuthChallenge takes it (atomically) before it sends.
 * A sign-in started straight at Cognito, without the API's checks, finds none and sends nothing.
 * Kept in the limits table, expiring by TTL.
 */
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { $add, $remove, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { GRANT_SIGN_IN_KEYS } from '@shared/constants';
import * as z from '@shared/zod';
import { isConditionFailed } from '../lib/dynamo-errors';
import { defineItem, reading } from '../lib/items';
import { readItem } from '../lib/stored-items';

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
const SLOTS = Array.from({ length: GRANT_SIGN_IN_KEYS }, (_, slot) => slotOf(slot));

/**
 * A grant as stored: its end (ms) and expiry (s), who paid (flat, so one update sets it), how many
 * keys were issued and the latest GRANT_SIGN_IN_KEYS of them in their slots, and its source tag.
 */
const storedGrantSchema = z.object({
  validUntilMs: z.number(),
  expiresAt: z.number(),
  paidByClient: z.string().optional(),
  paidAtMs: z.number().optional(),
  paidRefunded: z.literal(true).optional(),
  issued: z.number().int().min(0),
  source: z.string().optional(),
  ...Object.fromEntries(SLOTS.map((slot) => [slot, z.string().optional()])),
});
const GrantItem = defineItem({ name: 'code-grant', table: 'limits', record: storedGrantSchema });

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
  await GrantItem.build(PutItemCommand)
    .item({
      key: keyOf(phoneNumber),
      validUntilMs,
      expiresAt: Math.ceil(validUntilMs / 1000),
      ...payerItem(paidBy),
      issued: keyHashes.length,
      // The latest keys, each in the slot grantCode would have given it.
      ...Object.fromEntries(keyHashes.map((hash, n) => [slotOf(n % GRANT_SIGN_IN_KEYS), hash])),
      ...(source ? { source } : {}),
    })
    .send();
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
    const { Attributes } = await GrantItem.build(UpdateItemCommand)
      .item({
        key: keyOf(phoneNumber),
        validUntilMs,
        expiresAt: Math.ceil(validUntilMs / 1000),
        paidByClient: paidBy.client,
        paidAtMs: paidBy.atMs,
        paidRefunded: $remove(),
        // The latest otp/start's placement is the one its code is counted under.
        source: source ?? $remove(),
        issued: $add(1),
      })
      .options({ condition: { attr: 'validUntilMs', gt: nowMs }, returnValues: 'UPDATED_NEW' })
      .send();
    issued = Number((Attributes as { issued?: unknown } | undefined)?.issued);
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    await authorizeCode(phoneNumber, validUntilMs, paidBy, {
      keyHashes: [keyHash],
      ...(source ? { source } : {}),
    });
    return;
  }
  try {
    await GrantItem.build(UpdateItemCommand)
      .item({ key: keyOf(phoneNumber), [slotOf((issued - 1) % maxKeys)]: keyHash })
      .options({ condition: { attr: 'key', exists: true } })
      .send();
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
    const key = { key: keyOf(phoneNumber) };
    const { Attributes } = await reading('limits', () =>
      GrantItem.build(DeleteItemCommand)
        .key(key)
        .options({ condition: { attr: 'validUntilMs', gt: nowMs }, returnValues: 'ALL_OLD' })
        .send(),
    );
    if (!Attributes) return undefined;
    const grant = readItem(storedGrantSchema, Attributes, 'limits', key) as z.infer<
      typeof storedGrantSchema
    > &
      Record<string, unknown>;
    const keyHashes = SLOTS.map((slot) => grant[slot]).filter(
      (hash): hash is string => typeof hash === 'string',
    );
    const { paidByClient: client, paidAtMs: atMs, paidRefunded: refunded, source } = grant;
    return {
      validUntilMs: grant.validUntilMs,
      keyHashes,
      ...(source !== undefined ? { source } : {}),
      ...(client !== undefined && atMs !== undefined
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

/** A sign-in key as stored: its number, the answers it took, the code it is armed for, expiry. */
const SignInKeyItem = defineItem({
  name: 'sign-in-key',
  table: 'limits',
  record: z.object({
    phone: z.string().min(1),
    tries: z.number().int().min(0),
    code: z.string().optional(),
    expiresAt: z.number(),
  }),
});

/** Records a new sign-in key for `phoneNumber`, valid until `expiresAtS` (epoch seconds). */
export async function saveSignInKey(
  phoneNumber: string,
  keyHash: string,
  expiresAtS: number,
): Promise<void> {
  await SignInKeyItem.build(PutItemCommand)
    .item({ key: signInKeyOf(keyHash), phone: phoneNumber, tries: 0, expiresAt: expiresAtS })
    .options({ condition: { attr: 'key', exists: false } })
    .send();
}

/** Arms the key `keyHash` of `phoneNumber` for the code whose digest hash is `codeHash`. */
export async function armSignInKey(
  phoneNumber: string,
  keyHash: string,
  codeHash: string,
): Promise<void> {
  try {
    await SignInKeyItem.build(UpdateItemCommand)
      .item({ key: signInKeyOf(keyHash), code: codeHash })
      .options({ condition: { attr: 'phone', eq: phoneNumber } })
      .send();
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
    await SignInKeyItem.build(UpdateItemCommand)
      .item({ key: signInKeyOf(keyHash), tries: $add(1) })
      .options({
        condition: {
          and: [
            { attr: 'phone', eq: phoneNumber },
            { attr: 'code', eq: codeHash },
            { attr: 'tries', lt: maxTries },
            { attr: 'expiresAt', gt: nowS },
          ],
        },
      })
      .send();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
