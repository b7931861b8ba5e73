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

/** A slice's own fields, each with its rule (no defaults: those are the create's). */
const sliceFields = {
  name: z
    .string({ error: SLICE_FIELD_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: SLICE_FIELD_MESSAGES.nameRequired })
    .max(SLICE_NAME_MAX, { error: MESSAGES.sliceNameTooLongShort }),
  comment: z.string().max(SLICE_COMMENT_MAX, { error: SLICE_FIELD_MESSAGES.commentTooLong }),
  imageSrc,
  bgColor: z.string().regex(HEX_COLOR, { error: SLICE_FIELD_MESSAGES.colorInvalid }),
  weight: z
    .number({ error: SLICE_FIELD_MESSAGES.weightInvalid })
    .int({ error: SLICE_FIELD_MESSAGES.weightInvalid })
    .min(1, { error: SLICE_FIELD_MESSAGES.weightInvalid })
    .max(SLICE_WEIGHT_MAX, { error: SLICE_FIELD_MESSAGES.weightInvalid }),
  stock: stockSchema,
  validDays: z
    .number({ error: SLICE_FIELD_MESSAGES.validDaysInvalid })
    .int({ error: SLICE_FIELD_MESSAGES.validDaysInvalid })
    .min(1, { error: SLICE_FIELD_MESSAGES.validDaysInvalid })
    .max(SLICE_VALID_DAYS_MAX, { error: SLICE_FIELD_MESSAGES.validDaysInvalid })
    .nullable(),
};

/**
 * A stored slice, as the admin API answers it: its fields, its id and when it was made and last
 * changed. The slices repository reads every item through this schema.
 */
export const sliceSchema = z.object({
  id: z.string().min(1),
  ...sliceFields,
  createdAt: z.string().min(1),
  updatedAt: z.string().min(1),
});
export type Slice = z.infer<typeof sliceSchema>;

/**
 * What anyone may see of a slice on the wheel page: no odds and no stock figure (they would tell a
 * prize hunter what to hunt for), only whether it is gone. Slices are drawn the same size.
 */
export const publicSliceSchema = sliceSchema
  .pick({ id: true, name: true, imageSrc: true, comment: true, bgColor: true })
  .extend({ soldOut: z.boolean() });
export type PublicSlice = z.infer<typeof publicSliceSchema>;

/**
 * Body of POST /api/slices. Missing text becomes '' and a missing colour #ffffff
 * (docs/product.md); missing odds become 1 and missing stock or validity means none.
 */
export const sliceInputSchema = z.strictObject({
  ...sliceFields,
  comment: sliceFields.comment.default(''),
  imageSrc: imageSrc.default(''),
  bgColor: sliceFields.bgColor.default(DEFAULT_SLICE_COLOR),
  weight: sliceFields.weight.default(SLICE_WEIGHT_DEFAULT),
  stock: stockSchema.default(null),
  validDays: sliceFields.validDays.default(null),
});
export type SliceInput = z.infer<typeof sliceInputSchema>;

/**
 * Body of PUT /api/slices/{id}: the fields to change (any of them; a field not sent keeps its
 * stored value) plus the version the admin loaded (its updatedAt and stock). The save is refused
 * when the slice changed since, by another edit or by a win that used its stock, so a stale form
 * can never put back stock that has been won.
 */
export const sliceUpdateSchema = z
  .strictObject(sliceFields)
  .partial()
  .extend({
    expectedUpdatedAt: z.string().min(1).max(TEXT_FIELD_MAX),
    expectedStock: stockSchema,
  });
export type SliceUpdate = z.infer<typeof sliceUpdateSchema>;
/** The fields an update changes: those it names. */
export type SliceChanges = Omit<SliceUpdate, 'expectedUpdatedAt' | 'expectedStock'>;
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
