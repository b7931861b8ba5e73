/** Business and game settings schemas (docs/product.md). Saving business settings merges. */
import * as z from './zod';
import { BUSINESS_NAME_MAX, PLACEHOLDER_BUSINESS, TEXT_FIELD_MAX } from './constants';
import { completeSocialLink, completeWebLink, type SocialField } from './business-links';
import { HEX_COLOR } from './slice';
import { SETTINGS_FIELD_MESSAGES } from './messages-fields';
import { SPIN_MODES } from './types';

const isWebUrl = (v: string) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v);

/**
 * Empty, or an absolute http(s) URL: footer links never carry javascript: or data: URLs. A bare
 * domain is completed first (shared/business-links.ts), so "joespizza.com.au" is accepted.
 */
const webUrl = z
  .string()
  .max(TEXT_FIELD_MAX, { error: SETTINGS_FIELD_MESSAGES.tooLong })
  .transform(completeWebLink)
  .refine(isWebUrl, { error: SETTINGS_FIELD_MESSAGES.urlInvalid });

/** A social profile link: a @handle or a bare domain completed first, then as webUrl. */
const socialUrl = (field: SocialField) =>
  z
    .string()
    .max(TEXT_FIELD_MAX, { error: SETTINGS_FIELD_MESSAGES.tooLong })
    .transform((v) => completeSocialLink(field, v))
    .refine(isWebUrl, { error: SETTINGS_FIELD_MESSAGES.urlInvalid });

export const businessSettingsInputSchema = z.strictObject({
  businessName: z
    .string()
    .trim()
    .max(BUSINESS_NAME_MAX, { error: SETTINGS_FIELD_MESSAGES.tooLong })
    .optional(),
  logoUrl: z
    .string()
    .trim()
    .max(TEXT_FIELD_MAX)
    .refine(
      (v) =>
        v === '' ||
        v === PLACEHOLDER_BUSINESS.logoUrl ||
        /^\/media\/business\/[^\s]+$/.test(v) ||
        /^https:\/\/[^\s]+$/.test(v),
      {
        error: SETTINGS_FIELD_MESSAGES.logoInvalid,
      },
    )
    .optional(),
  website: webUrl.optional(),
  email: z
    .string()
    .trim()
    .max(TEXT_FIELD_MAX)
    .refine((v) => v === '' || z.email().safeParse(v).success, {
      error: SETTINGS_FIELD_MESSAGES.emailInvalid,
    })
    .optional(),
  phoneNumber: z
    .string()
    .trim()
    .max(30)
    .refine((v) => /^[0-9 +()-]*$/.test(v), { error: SETTINGS_FIELD_MESSAGES.phoneInvalid })
    .optional(),
  mapsUrl: webUrl.optional(),
  instagramUrl: socialUrl('instagramUrl').optional(),
  facebookUrl: socialUrl('facebookUrl').optional(),
  tiktokUrl: socialUrl('tiktokUrl').optional(),
  uberEatsUrl: webUrl.optional(),
});
export type BusinessSettingsInput = z.infer<typeof businessSettingsInputSchema>;

export const gameSettingsInputSchema = z.strictObject({
  itemBackgroundColors: z
    .array(z.string().regex(HEX_COLOR, { error: SETTINGS_FIELD_MESSAGES.colorsInvalid }))
    .max(20, { error: SETTINGS_FIELD_MESSAGES.colorsInvalid })
    .optional(),
  spinMode: z.enum(SPIN_MODES).optional(),
});
export type GameSettingsInput = z.infer<typeof gameSettingsInputSchema>;
