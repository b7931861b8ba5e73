/**
 * Business and game settings: each record's one schema, its type read from it (docs/product.md,
 * docs/architecture.md "One schema per record"). The business fields come from their table
 * (shared/business-field-table.ts). Saving business settings merges.
 */
import * as z from './zod';
import { BUSINESS_NAME_MAX, DEFAULT_GAME_SETTINGS, SPIN_MODES, TEXT_FIELD_MAX } from './constants';
import {
  BUSINESS_FIELDS,
  type BusinessFieldDescriptor,
  type BusinessFieldKind,
} from './business-field-table';
import { PLACEHOLDER_BUSINESS } from './business-fields';
import { completeProfileLink, completeWebLink } from './business-links';
import { HEX_COLOR } from './slice';
import { SETTINGS_FIELD_MESSAGES } from './messages-fields';

const isWebUrl = (v: string) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v);

/** What an owner may type in a field; every kind gives a string. */
type FieldInput = z.ZodType<string, string>;

/**
 * Empty, or an absolute http(s) URL: footer links never carry javascript: or data: URLs. A bare
 * domain is completed first (shared/business-links.ts), so "joespizza.com.au" is accepted; on a
 * social field (one with a profile address) a @handle is too.
 */
const linkInput = (field: BusinessFieldDescriptor): FieldInput => {
  const base = field.profileBase;
  return z
    .string()
    .max(TEXT_FIELD_MAX, { error: SETTINGS_FIELD_MESSAGES.tooLong })
    .transform((v) => (base === undefined ? completeWebLink(v) : completeProfileLink(base, v)))
    .refine(isWebUrl, { error: SETTINGS_FIELD_MESSAGES.urlInvalid });
};

/** Each kind of business field's input rule. */
const FIELD_INPUT: Record<BusinessFieldKind, (field: BusinessFieldDescriptor) => FieldInput> = {
  name: () => z.string().trim().max(BUSINESS_NAME_MAX, { error: SETTINGS_FIELD_MESSAGES.tooLong }),
  logo: () =>
    z
      .string()
      .trim()
      .max(TEXT_FIELD_MAX)
      .refine(
        (v) =>
          v === '' ||
          v === PLACEHOLDER_BUSINESS.logoUrl ||
          /^\/media\/business\/[^\s]+$/.test(v) ||
          /^https:\/\/[^\s]+$/.test(v),
        { error: SETTINGS_FIELD_MESSAGES.logoInvalid },
      ),
  web: linkInput,
  social: linkInput,
  email: () =>
    z
      .string()
      .trim()
      .max(TEXT_FIELD_MAX)
      .refine((v) => v === '' || z.email().safeParse(v).success, {
        error: SETTINGS_FIELD_MESSAGES.emailInvalid,
      }),
  phone: () =>
    z
      .string()
      .trim()
      .max(30)
      .refine((v) => /^[0-9 +()-]*$/.test(v), { error: SETTINGS_FIELD_MESSAGES.phoneInvalid }),
};

type Fields = typeof BUSINESS_FIELDS;
const FIELD_ENTRIES = Object.entries(BUSINESS_FIELDS) as [string, BusinessFieldDescriptor][];

/** Body of PUT /api/settings/business: any of the business fields, each checked by its kind. */
export const businessSettingsInputSchema = z.strictObject(
  Object.fromEntries(
    FIELD_ENTRIES.map(([key, field]) => [key, FIELD_INPUT[field.kind](field).optional()]),
  ) as { [K in keyof Fields]: z.ZodOptional<FieldInput> },
);

/** The stored business document: every field a string, and when it was last saved. */
export const businessSettingsSchema = z.object({
  ...(Object.fromEntries(FIELD_ENTRIES.map(([key]) => [key, z.string()])) as {
    [K in keyof Fields]: z.ZodString;
  }),
  updatedAt: z.string().optional(),
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;
export type BusinessSettingsInput = z.infer<typeof businessSettingsInputSchema>;

export const gameSettingsInputSchema = z.strictObject({
  itemBackgroundColors: z
    .array(z.string().regex(HEX_COLOR, { error: SETTINGS_FIELD_MESSAGES.colorsInvalid }))
    .max(20, { error: SETTINGS_FIELD_MESSAGES.colorsInvalid })
    .optional(),
  spinMode: z.enum(SPIN_MODES).optional(),
});
export type GameSettingsInput = z.infer<typeof gameSettingsInputSchema>;

/**
 * The stored game settings: the wheel's colours (none saved, or an empty list, is the default
 * list) and the spin mode (none saved is verify-first).
 */
export const gameSettingsSchema = z.object({
  itemBackgroundColors: z
    .array(z.string())
    .optional()
    .transform((colors) =>
      colors && colors.length > 0 ? colors : [...DEFAULT_GAME_SETTINGS.itemBackgroundColors],
    ),
  spinMode: z.enum(SPIN_MODES).default(DEFAULT_GAME_SETTINGS.spinMode),
  updatedAt: z.string().optional(),
});
export type GameSettings = z.infer<typeof gameSettingsSchema>;
