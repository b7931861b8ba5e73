/**
 * Business and game settings: one item each in the settings table. Saving merges field by field in
 * one UpdateItem, so concurrent saves of different fields never lose each other's writes.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { EMPTY_BUSINESS_SETTINGS } from '@shared/business-fields';
import {
  businessSettingsSchema,
  gameSettingsSchema,
  type BusinessSettings,
  type BusinessSettingsInput,
  type GameSettings,
  type GameSettingsInput,
} from '@shared/settings';
import type { SetupFacts, StaffRole } from '@shared/types';
import { dynamo } from '../lib/dynamo-client';
import { readItem } from '../lib/stored-items';
import { tableName } from '../lib/tables';

const BUSINESS_ID = 'business';
const GAME_ID = 'game';
/** The "Get ready" facts only the server can know (SetupFacts): one item, a time per fact. */
const SETUP_ID = 'setup';

async function getItem(id: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('settings'), Key: { id } }),
  );
  return Item;
}

/** SET for each defined field plus updatedAt; returns the merged item. */
async function merge(
  id: string,
  fields: Record<string, unknown>,
  now: string,
): Promise<Record<string, unknown>> {
  const entries = Object.entries({ ...fields, updatedAt: now }).filter(([, v]) => v !== undefined);
  const names = Object.fromEntries(entries.map(([key], i) => [`#f${i}`, key]));
  const values = Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value]));
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName('settings'),
      Key: { id },
      UpdateExpression: 'SET ' + entries.map((_, i) => `#f${i} = :v${i}`).join(', '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Attributes ?? {};
}

/**
 * The stored business document through its schema: a field never saved is empty (saves merge
 * field by field), a field of the wrong type is an error naming the item.
 */
const pickBusiness = (item: Record<string, unknown> | undefined): BusinessSettings => {
  const { id: _id, ...stored } = item ?? {};
  return readItem(businessSettingsSchema, { ...EMPTY_BUSINESS_SETTINGS, ...stored }, 'settings', {
    id: BUSINESS_ID,
  });
};

/** The stored game settings through their schema (its defaults for what was never saved). */
const pickGame = (item: Record<string, unknown> | undefined): GameSettings => {
  const { id: _id, ...stored } = item ?? {};
  return readItem(gameSettingsSchema, stored, 'settings', { id: GAME_ID });
};

/** Stored business settings; every text field empty when none were saved. */
export const getBusinessSettings = async (): Promise<BusinessSettings> =>
  pickBusiness(await getItem(BUSINESS_ID));

/** Merges the given business fields into the stored document. */
export const mergeBusinessSettings = async (
  input: BusinessSettingsInput,
  now: string,
): Promise<BusinessSettings> => pickBusiness(await merge(BUSINESS_ID, input, now));

export const getGameSettings = async (): Promise<GameSettings> => pickGame(await getItem(GAME_ID));

export const mergeGameSettings = async (
  input: GameSettingsInput,
  now: string,
): Promise<GameSettings> => pickGame(await merge(GAME_ID, input, now));

/** A fact of the "Get ready" list that the server records: a staff password set, a piece printed. */
export type SetupFact = `${StaffRole}PasswordSetAt` | 'printedAt';

const timeOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The recorded "Get ready" facts; null for each that has not happened. */
export async function getSetupFacts(): Promise<SetupFacts> {
  const item = await getItem(SETUP_ID);
  return {
    passwordSetAt: {
      admin: timeOrNull(item?.adminPasswordSetAt),
      operator: timeOrNull(item?.operatorPasswordSetAt),
    },
    printedAt: timeOrNull(item?.printedAt),
  };
}

/** Records that `fact` happened at `now`. */
export async function recordSetupFact(fact: SetupFact, now: string): Promise<void> {
  await merge(SETUP_ID, { [fact]: now }, now);
}
