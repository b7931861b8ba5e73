/** Prize slice rules (docs/product.md), plus odds and stock. */
import * as z from './zod';
import {
  DEFAULT_SLICE_COLOR,
  MAX_SLICES,
  SLICE_COMMENT_MAX,
  SLICE_NAME_MAX,
  SLICE_STOCK_MAX,
  SLICE_VALID_DAYS_MAX,
  SLICE_WEIGHT_DEFAULT,
  SLICE_WEIGHT_MAX,
  TEXT_FIELD_MAX,
} from './constants';
import { API_MESSAGES } from './messages-api';
import { MESSAGES } from './messages';
import { SLICE_FIELD_MESSAGES } from './messages-fields';

/** #rgb or #rrggbb, as the colour picker and the text field produce. */
export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

/** Message for a slice name, or undefined when valid (form wording). */
export function checkSliceName(name: string): string | undefined {
  if (name.trim().length === 0) return SLICE_FIELD_MESSAGES.nameRequired;
  if (name.length > SLICE_NAME_MAX) return MESSAGES.sliceNameTooLong;
  return undefined;
}

/** True when another slice may be added to a list of this size. */
export const canAddSlice = (count: number): boolean => count < MAX_SLICES;

const imageSrc = z
  .string()
  .max(TEXT_FIELD_MAX)
  .refine((v) => v === '' || v.startsWith('/') || v.startsWith('https://'), {
    error: SLICE_FIELD_MESSAGES.imageInvalid,
  })
  .refine((v) => !v.startsWith('//'), { error: SLICE_FIELD_MESSAGES.imageInvalid });

/** How many of a prize may still be won: a whole number, or null for unlimited. */
const stockSchema = z
  .number({ error: SLICE_FIELD_MESSAGES.stockInvalid })
  .int({ error: SLICE_FIELD_MESSAGES.stockInvalid })
  .min(0, { error: SLICE_FIELD_MESSAGES.stockInvalid })
  .max(SLICE_STOCK_MAX, { error: SLICE_FIELD_MESSAGES.stockInvalid })
  .nullable();

/**
 * Body of POST /api/slices and PUT /api/slices/{id}. Missing text becomes '' and a missing colour
 * #ffffff (docs/product.md); missing odds become 1 and missing stock means unlimited.
 */
export const sliceInputSchema = z.strictObject({
  name: z
    .string({ error: SLICE_FIELD_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: SLICE_FIELD_MESSAGES.nameRequired })
    .max(SLICE_NAME_MAX, { error: MESSAGES.sliceNameTooLongShort }),
  comment: z
    .string()
    .max(SLICE_COMMENT_MAX, { error: SLICE_FIELD_MESSAGES.commentTooLong })
    .default(''),
  imageSrc: imageSrc.default(''),
  bgColor: z
    .string()
    .regex(HEX_COLOR, { error: SLICE_FIELD_MESSAGES.colorInvalid })
    .default(DEFAULT_SLICE_COLOR),
  weight: z
    .number({ error: SLICE_FIELD_MESSAGES.weightInvalid })
    .int({ error: SLICE_FIELD_MESSAGES.weightInvalid })
    .min(1, { error: SLICE_FIELD_MESSAGES.weightInvalid })
    .max(SLICE_WEIGHT_MAX, { error: SLICE_FIELD_MESSAGES.weightInvalid })
    .default(SLICE_WEIGHT_DEFAULT),
  stock: stockSchema.default(null),
  validDays: z
    .number({ error: SLICE_FIELD_MESSAGES.validDaysInvalid })
    .int({ error: SLICE_FIELD_MESSAGES.validDaysInvalid })
    .min(1, { error: SLICE_FIELD_MESSAGES.validDaysInvalid })
    .max(SLICE_VALID_DAYS_MAX, { error: SLICE_FIELD_MESSAGES.validDaysInvalid })
    .nullable()
    .default(null),
});
export type SliceInput = z.infer<typeof sliceInputSchema>;

/**
 * Body of PUT /api/slices/{id}: the new fields plus the version the admin loaded (its updatedAt
 * and stock). The save is refused when the slice changed since, by another edit or by a win that
 * used its stock, so a stale form can never put back stock that has been won.
 */
export const sliceUpdateSchema = sliceInputSchema.extend({
  expectedUpdatedAt: z.string().min(1).max(TEXT_FIELD_MAX),
  expectedStock: stockSchema,
});
export type SliceUpdate = z.infer<typeof sliceUpdateSchema>;
/** The version of a slice an edit was made from. */
export type SliceVersion = { updatedAt: string; stock: number | null };

/** Path parameter {id}: our ids are UUIDs; anything else cannot name a slice. */
export const sliceIdSchema = z.uuid({ error: API_MESSAGES.sliceNotFound });

/**
 * A slice's share of the odds, 0 to 1: its weight over the total weight of the slices that can
 * be drawn. A sold-out slice (stock 0) cannot be drawn (shared/draw.ts leaves it out), so its
 * share is 0 and its weight is not in the total. The one rule for Game Settings and Insights.
 */
export function oddsShare(
  slice: { weight: number; stock: number | null },
  slices: readonly { weight: number; stock: number | null }[],
): number {
  if (slice.stock === 0) return 0;
  const total = slices.filter((s) => s.stock !== 0).reduce((sum, s) => sum + s.weight, 0);
  return total === 0 ? 0 : slice.weight / total;
}

/**
 * The prize a poster leads with unless the owner picks another: the rarest one that can be won
 * (the smallest share of the odds; between equals, the one with less stock left, then the first).
 * Undefined when no slice can be won.
 */
export function rarestPrize<T extends { weight: number; stock: number | null }>(
  slices: readonly T[],
): T | undefined {
  const stockLeft = (slice: T) => slice.stock ?? Number.POSITIVE_INFINITY;
  let rarest: T | undefined;
  for (const slice of slices) {
    if (slice.stock === 0) continue;
    if (
      !rarest ||
      slice.weight < rarest.weight ||
      (slice.weight === rarest.weight && stockLeft(slice) < stockLeft(rarest))
    )
      rarest = slice;
  }
  return rarest;
}
