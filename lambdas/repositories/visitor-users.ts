/**
 * Visitor user records: which Cognito user (its `sub`) currently owns each visitor number, kept in
 * the limits table so that a visitor route checks its token with one GetItem instead of asking
 * Cognito (AdminGetUser spends the account-wide UserRead quota). `POST /api/otp/start` writes the
 * record when it creates the user; whoever deletes or disables a visitor user calls
 * `deleteVisitorRecord` first. The check itself is in domain/active-user.ts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { $remove, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { ScanCommand } from 'dynamodb-toolbox/table/actions/scan';
import { TOKEN_VALIDITY } from '@shared/definitions';
import * as z from '@shared/zod';
import { dynamo } from '../lib/dynamo-client';
import { cancellationCodes, isConditionFailed } from '../lib/dynamo-errors';
import { defineItem, getItem, transactItem, type Condition } from '../lib/items';
import { readItem } from '../lib/stored-items';
import { statsUpdate } from './stats';

const recordKey = (phoneNumber: string) => `visitor-user#${phoneNumber}`;

/**
 * A number's record as stored: its user's sub, its last otp/start (ms), when it was first verified
 * (ISO), and for an erasure only its expiry (s).
 */
const visitorRecordSchema = z.object({
  sub: z.string().min(1).optional(),
  startedAt: z.number().optional(),
  verifiedAt: z.string().optional(),
  expiresAt: z.number().optional(),
});
const VisitorRecordItem = defineItem({
  name: 'visitor-user',
  table: 'limits',
  record: visitorRecordSchema,
});

/**
 * What the table says about a number's user: its sub, or that it was erased (every token of the
 * number is refused until otp/start creates a new user), or nothing (a user created before these
 * records existed, or none at all).
 */
export type VisitorRecord = { kind: 'user'; sub: string } | { kind: 'erased' } | undefined;

/** The record of a +61 number (an erasure past its expiry counts as no record). */
export async function getVisitorRecord(phoneNumber: string, nowMs: number): Promise<VisitorRecord> {
  const key = { key: recordKey(phoneNumber) };
  const record = await getItem(VisitorRecordItem, key, { consistent: true });
  if (!record) return undefined;
  if (record.sub !== undefined) return { kind: 'user', sub: record.sub };
  if (record.expiresAt !== undefined && record.expiresAt * 1000 > nowMs) return { kind: 'erased' };
  return undefined;
}

/**
 * Sets the record's user and clears an erasure; an update, not a put, so the moment the number
 * was first verified (`verifiedAt`, counted once for the insights) stays.
 */
const setUser = (phoneNumber: string, sub: string) => ({
  key: recordKey(phoneNumber),
  sub,
  expiresAt: $remove(),
});

/**
 * Records the user otp/start has just created for the number, and when (`startedAt`, which the
 * clean-up of users that never verify reads). Unconditional: a user Cognito has just created is the
 * number's user, whatever an older record or an erasure said.
 */
export async function putVisitorRecord(
  phoneNumber: string,
  sub: string,
  nowMs = Date.now(),
): Promise<void> {
  await VisitorRecordItem.build(UpdateItemCommand)
    .item({ ...setUser(phoneNumber, sub), startedAt: nowMs })
    .send();
}

/**
 * Notes a new otp/start for a number whose user already exists, so the clean-up leaves a user
 * with a sign-in under way alone for another day.
 */
export async function touchVisitorRecord(phoneNumber: string, nowMs: number): Promise<void> {
  await VisitorRecordItem.build(UpdateItemCommand)
    .item({ key: recordKey(phoneNumber), startedAt: nowMs })
    .send();
}

/** A visitor user that otp/start created and that never verified its number. */
export interface UnverifiedUser {
  phoneNumber: string;
  sub: string;
}

/**
 * Every record of a user that never verified and whose last otp/start was before `startedBeforeMs`,
 * a page of the table at a time. Records written before `startedAt` existed have none and are
 * never listed: nothing is deleted on a guess.
 */
export async function* unverifiedUsers(startedBeforeMs: number): AsyncGenerator<UnverifiedUser> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await VisitorRecordItem.table
      .build(ScanCommand)
      .options({
        filter: {
          and: [
            { attr: 'key', beginsWith: recordKey('') },
            { attr: 'sub', exists: true },
            { attr: 'verifiedAt', exists: false },
            { attr: 'startedAt', lt: startedBeforeMs },
          ],
        },
        ...(start ? { exclusiveStartKey: start } : {}),
      })
      .send();
    for (const item of (page.Items ?? []) as Record<string, unknown>[]) {
      const key = String(item.key);
      const { sub } = readItem(visitorRecordSchema, item, 'limits', { key });
      if (sub !== undefined) yield { phoneNumber: key.slice(recordKey('').length), sub };
    }
    start = page.LastEvaluatedKey;
  } while (start);
}

/**
 * Removes the record of a user that never verified, only if it still is one: the same sub, no
 * `verifiedAt`, no otp/start since `startedBeforeMs`. False when anything changed (the visitor
 * verified or asked for a code meanwhile): then the user must stay.
 */
export async function forgetUnverifiedRecord(
  user: UnverifiedUser,
  startedBeforeMs: number,
): Promise<boolean> {
  try {
    await VisitorRecordItem.build(DeleteItemCommand)
      .key({ key: recordKey(user.phoneNumber) })
      .options({
        condition: {
          and: [
            { attr: 'sub', eq: user.sub },
            { attr: 'verifiedAt', exists: false },
            { attr: 'startedAt', lt: startedBeforeMs },
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

/** Attempts of the verified count when its transaction meets another on the day's counters. */
const VERIFIED_ATTEMPTS = 3;
const VERIFIED_BACKOFF_MS = 20;

/**
 * Marks the number verified and counts it for the day's insights, in one transaction, only the
 * first time: the record's `verifiedAt` is set only where it is absent, so a second sign-in of the
 * number, or Cognito calling the Verify trigger again after a slow first call, counts nothing.
 * An erasure (deleteVisitorRecord) clears it with the rest of the record.
 */
export async function markVerified(
  phoneNumber: string,
  at: Date,
): Promise<'counted' | 'already-verified'> {
  for (let attempt = 1; ; attempt++) {
    try {
      // The day's counters are written by hand (repositories/stats.ts says why), so this
      // transaction is sent as DynamoDB takes it, the record's part made by the toolbox.
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            transactItem(
              VisitorRecordItem.build(UpdateTransaction)
                .item({ key: recordKey(phoneNumber), verifiedAt: at.toISOString() })
                .options({ condition: { attr: 'verifiedAt', exists: false } }),
            ),
            { Update: statsUpdate(at, { add: { verified: 1 } }) },
          ],
        }),
      );
      return 'counted';
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      if (codes[0] === 'ConditionalCheckFailed') return 'already-verified';
      if (attempt >= VERIFIED_ATTEMPTS) throw error;
      await sleep(Math.random() * VERIFIED_BACKOFF_MS * attempt);
    }
  }
}

/**
 * Writes the record Cognito has just confirmed (the check's fallback): only where there is still
 * none, or it still holds the sub the check read (`seenSub`), or an erasure has expired. A
 * concurrent erasure or a newer user's record always wins; losing is not an error.
 */
export async function repairVisitorRecord(
  phoneNumber: string,
  sub: string,
  seenSub: string | undefined,
  nowMs: number,
): Promise<void> {
  const condition: Condition =
    seenSub === undefined
      ? {
          // No user on the record: none at all, or an expired erasure (a record holding only
          // verifiedAt has no user either).
          and: [
            { attr: 'sub', exists: false },
            {
              or: [
                { attr: 'expiresAt', exists: false },
                { attr: 'expiresAt', lte: Math.floor(nowMs / 1000) },
              ],
            },
          ],
        }
      : { attr: 'sub', eq: seenSub };
  try {
    await VisitorRecordItem.build(UpdateItemCommand)
      .item(setUser(phoneNumber, sub))
      .options({ condition })
      .send();
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/**
 * For whoever deletes or disables a visitor user (an admin "erase this number", a reset): call it
 * BEFORE AdminDeleteUser / AdminDisableUser. It replaces the record with an erasure that refuses
 * every token of the number at once, without asking Cognito, and stops a check that is asking
 * Cognito at that moment from writing the old sub back. The erasure expires once every ID token
 * issued before it has (TOKEN_VALIDITY.idMinutes); after that a token of a deleted user finds no
 * record, and Cognito (UserNotFound) refuses it. A new user for the number (otp/start) replaces it.
 */
export async function deleteVisitorRecord(phoneNumber: string): Promise<void> {
  const nowMs = Date.now();
  await VisitorRecordItem.build(PutItemCommand)
    .item({
      key: recordKey(phoneNumber),
      expiresAt: Math.ceil(nowMs / 1000) + TOKEN_VALIDITY.idMinutes * 60,
    })
    .send();
}

/**
 * Takes back an erasure marker written for a number that turned out to have no user (an admin
 * erasing a number the deployment never saw), so a refused request leaves no trace of the number.
 */
export async function forgetErasureMarker(phoneNumber: string): Promise<void> {
  await VisitorRecordItem.build(DeleteItemCommand)
    .key({ key: recordKey(phoneNumber) })
    .options({ condition: { attr: 'sub', exists: false } })
    .send()
    .catch((error: unknown) => {
      if (!isConditionFailed(error)) throw error;
    });
}
