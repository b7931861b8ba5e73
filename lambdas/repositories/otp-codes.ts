/**
 * The last code sent to each number, as a salted hash (never the code), kept in the limits table
 * for a short while. It lets a retried or repeated CreateAuthChallenge reuse the code already on
 * its way by SMS instead of sending a second one (Cognito retries a slow trigger up to 3 times).
 */
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { $add, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import * as z from '@shared/zod';
import { isConditionFailed } from '../lib/dynamo-errors';
import { defineItem, getItem } from '../lib/items';

const keyOf = (phoneNumber: string) => `otp#${phoneNumber}`;

/** What is stored instead of a code: a random salt and sha256(salt:code), both hex. */
export interface CodeDigest {
  salt: string;
  hash: string;
}

/** A number's last code as stored: its digest, when it was sent (ms), its keys, its expiry (s). */
const sentCodeSchema = z.object({
  salt: z.string().min(1),
  hash: z.string().min(1),
  sentAt: z.number(),
  keyed: z.number().int().min(0),
  expiresAt: z.number(),
});
const SentCodeItem = defineItem({ name: 'sent-code', table: 'limits', record: sentCodeSchema });

export interface ReuseRule {
  /** Epoch ms now. */
  nowMs: number;
  /** A code sent at or before nowMs - windowMs is no longer reused. */
  windowMs: number;
}

/**
 * The number's recent code, if it was sent within the window; undefined otherwise. A read (strongly
 * consistent), never a write: a number with a recent code and a number never seen cost Create the
 * same calls with the same outcome kinds, so the time of Cognito's answer tells them apart no
 * better than a coin (docs/cognito.md).
 */
export async function recentCode(
  phoneNumber: string,
  rule: ReuseRule,
): Promise<CodeDigest | undefined> {
  const key = { key: keyOf(phoneNumber) };
  const sent = await getItem(SentCodeItem, key, { consistent: true });
  return sent && sent.sentAt > rule.nowMs - rule.windowMs
    ? { salt: sent.salt, hash: sent.hash }
    : undefined;
}

/** Records a code just issued (`keyed` sign-in keys armed for it), replacing any earlier one. */
export async function saveSentCode(
  phoneNumber: string,
  digest: CodeDigest,
  sentAtMs: number,
  expiresAtSeconds: number,
  keyed = 0,
): Promise<void> {
  await SentCodeItem.build(PutItemCommand)
    .item({
      key: keyOf(phoneNumber),
      salt: digest.salt,
      hash: digest.hash,
      sentAt: sentAtMs,
      keyed,
      expiresAt: expiresAtSeconds,
    })
    .send();
}

/**
 * Counts one more sign-in key armed for the number's code `hash`, if fewer than `max` are: false
 * when the code has its keys already (or is gone).
 */
export async function countCodeKey(
  phoneNumber: string,
  hash: string,
  max: number,
): Promise<boolean> {
  try {
    await SentCodeItem.build(UpdateItemCommand)
      .item({ key: keyOf(phoneNumber), keyed: $add(1) })
      .options({
        condition: {
          and: [
            { attr: 'hash', eq: hash },
            {
              or: [
                { attr: 'keyed', exists: false },
                { attr: 'keyed', lt: max },
              ],
            },
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

/** Forgets the number's stored code if it is still this one (after it was used or failed to send). */
export async function forgetCode(phoneNumber: string, hash: string): Promise<void> {
  try {
    await SentCodeItem.build(DeleteItemCommand)
      .key({ key: keyOf(phoneNumber) })
      .options({ condition: { attr: 'hash', eq: hash } })
      .send();
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}
