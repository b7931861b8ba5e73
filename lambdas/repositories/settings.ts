/**
 * Business and game settings: one item each in the settings table. Saving merges field by field in
 * one UpdateItem, so concurrent saves of different fields never lose each other's writes.
 */
import type { Entity } from 'dynamodb-toolbox/entity';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
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
import * as z from '@shared/zod';
import { defineItem, reading, setFields } from '../lib/items';
import { readItem } from '../lib/stored-items';

const BUSINESS_ID = 'business';
const GAME_ID = 'game';
/** The "Get ready" facts only the server can know (SetupFacts): one item, a time per fact. */
const SETUP_ID = 'setup';

/** The "Get ready" facts as stored: the time each happened, absent until it has. */
const storedSetupSchema = z.object({
  adminPasswordSetAt: z.string().optional(),
  operatorPasswordSetAt: z.string().optional(),
  printedAt: z.string().optional(),
  updatedAt: z.string().optional(),
});

/**
 * The three documents of the settings table, each from its record's schema. Saves merge field by
 * field, so a stored document may lack a field never saved: the business one is read as partial
 * and filled with empty text, the game one takes its schema's defaults. Each is read and merged
 * the same way, so they are typed alike here.
 */
const ITEMS: Record<typeof BUSINESS_ID | typeof GAME_ID | typeof SETUP_ID, Entity> = {
  [BUSINESS_ID]: defineItem({
    name: 'business-settings',
    table: 'settings',
    record: businessSettingsSchema.partial(),
  }),
  [GAME_ID]: defineItem({ name: 'game-settings', table: 'settings', record: gameSettingsSchema }),
  [SETUP_ID]: defineItem({ name: 'setup-facts', table: 'settings', record: storedSetupSchema }),
};
type DocumentId = keyof typeof ITEMS;

/**
 * A document as stored (not lib/items.ts's getItem): the picks below read it through its schema,
 * the same way they read what a merge returns.
 */
async function storedDocument(id: DocumentId): Promise<Record<string, unknown> | undefined> {
  const { Item } = await reading('settings', () =>
    ITEMS[id].build(GetItemCommand).key({ id }).send(),
  );
  return Item as Record<string, unknown> | undefined;
}

/** Sets each field given plus updatedAt, in one UpdateItem; returns the merged item. */
async function merge(
  id: DocumentId,
  fields: Readonly<Record<string, unknown>>,
  now: string,
): Promise<Record<string, unknown>> {
  const { Attributes } = await reading('settings', () =>
    ITEMS[id]
      .build(UpdateItemCommand)
      .item({ ...setFields({ ...fields, updatedAt: now }), id })
      .options({ returnValues: 'ALL_NEW' })
      .send(),
  );
  return (Attributes ?? {}) as Record<string, unknown>;
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
  pickBusiness(await storedDocument(BUSINESS_ID));

/** Merges the given business fields into the stored document. */
export const mergeBusinessSettings = async (
  input: BusinessSettingsInput,
  now: string,
): Promise<BusinessSettings> => pickBusiness(await merge(BUSINESS_ID, input, now));

export const getGameSettings = async (): Promise<GameSettings> =>
  pickGame(await storedDocument(GAME_ID));

export const mergeGameSettings = async (
  input: GameSettingsInput,
  now: string,
): Promise<GameSettings> => pickGame(await merge(GAME_ID, input, now));

/** A fact of the "Get ready" list that the server records: a staff password set, a piece printed. */
export type SetupFact = `${StaffRole}PasswordSetAt` | 'printedAt';

/** The recorded "Get ready" facts; null for each that has not happened. */
export async function getSetupFacts(): Promise<SetupFacts> {
  const { id: _id, ...stored } = (await storedDocument(SETUP_ID)) ?? {};
  const facts = readItem(storedSetupSchema, stored, 'settings', { id: SETUP_ID });
  return {
    passwordSetAt: {
      admin: facts.adminPasswordSetAt ?? null,
      operator: facts.operatorPasswordSetAt ?? null,
    },
    printedAt: facts.printedAt ?? null,
  };
}

/** Records that `fact` happened at `now`. */
export async function recordSetupFact(fact: SetupFact, now: string): Promise<void> {
  await merge(SETUP_ID, { [fact]: now }, now);
}
