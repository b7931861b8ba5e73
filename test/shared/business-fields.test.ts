/**
 * The business fields as they are: every list of them is made from their one table
 * (shared/business-field-table.ts), and the one place written by hand, docs/product.md, names
 * each footer link. test/web/business-field-added.test.tsx adds a field to the table.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUSINESS_FIELDS, type BusinessFieldDescriptor } from '@shared/business-field-table';
import {
  EMPTY_BUSINESS_SETTINGS,
  footerLinks,
  FORM_FIELDS,
  PLACEHOLDER_BUSINESS,
} from '@shared/business-fields';
import { businessSettingsInputSchema, businessSettingsSchema } from '@shared/settings';
import { fieldsMissingFromProductDoc } from '../support/business-docs';

const FIELDS = Object.entries(BUSINESS_FIELDS) as [string, BusinessFieldDescriptor][];
const KEYS = FIELDS.map(([key]) => key);

describe('the business fields', () => {
  it('docs/product.md names every footer link in its Business Settings fields', () => {
    expect(fieldsMissingFromProductDoc(readFileSync('docs/product.md', 'utf8'))).toEqual([]);
  });

  it('every link field (web or social) has a footer icon; a social one has a profile address', () => {
    for (const [key, field] of FIELDS) {
      const link = field.kind === 'web' || field.kind === 'social';
      expect(link ? field.footer?.icon.length : 1, key).toBeGreaterThan(0);
      expect(field.kind === 'social', key).toBe(field.profileBase !== undefined);
    }
  });

  it('the schemas, placeholders, empty settings and form fields list the same fields', () => {
    expect(Object.keys(businessSettingsInputSchema.shape)).toEqual(KEYS);
    expect(Object.keys(businessSettingsSchema.shape)).toEqual([...KEYS, 'updatedAt']);
    expect(Object.keys(PLACEHOLDER_BUSINESS)).toEqual(KEYS);
    expect(Object.keys(EMPTY_BUSINESS_SETTINGS)).toEqual(KEYS);
    expect(FORM_FIELDS.map((field) => field.key)).toEqual(KEYS.filter((k) => k !== 'logoUrl'));
  });

  it('the placeholders are valid input (the local seed saves them)', () => {
    expect(businessSettingsInputSchema.parse(PLACEHOLDER_BUSINESS)).toEqual(PLACEHOLDER_BUSINESS);
  });

  it('every footer link shows once set, the maps link last, and none at its placeholder', () => {
    const own = Object.fromEntries(KEYS.map((key) => [key, `https://own.example/${key}`]));
    expect(footerLinks(own).map((link) => link.field)).toEqual([
      'website',
      'email',
      'phoneNumber',
      'facebookUrl',
      'instagramUrl',
      'tiktokUrl',
      'uberEatsUrl',
      'mapsUrl',
    ]);
    expect(footerLinks(PLACEHOLDER_BUSINESS)).toEqual([]);
  });

  it('a stored document missing a field, or with one not text, is refused naming the field', () => {
    const { tiktokUrl: _gone, ...missing } = EMPTY_BUSINESS_SETTINGS;
    expect(() => businessSettingsSchema.parse(missing)).toThrow(/tiktokUrl/);
    expect(() => businessSettingsSchema.parse({ ...EMPTY_BUSINESS_SETTINGS, email: 7 })).toThrow(
      /email/,
    );
  });
});
