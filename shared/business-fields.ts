/**
 * What is made from the business fields' table (shared/business-field-table.ts): the placeholders,
 * the empty settings, the form's fields and labels, and the footer's links. No zod: the wheel
 * page's footer uses this module.
 */
import {
  BUSINESS_FIELDS,
  type BusinessFieldDescriptor,
  type IconShape,
} from './business-field-table';

export type BusinessFieldKey = keyof typeof BUSINESS_FIELDS;

/** The fields as [key, descriptor], in the table's order. */
const FIELD_ENTRIES = Object.entries(BUSINESS_FIELDS) as [
  BusinessFieldKey,
  BusinessFieldDescriptor,
][];

/** Each field's value from its descriptor (placeholder, or ''). */
function valuesOf(
  pick: (field: BusinessFieldDescriptor) => string,
): Readonly<Record<BusinessFieldKey, string>> {
  return Object.freeze(
    Object.fromEntries(FIELD_ENTRIES.map(([key, field]) => [key, pick(field)])),
  ) as Readonly<Record<BusinessFieldKey, string>>;
}

/** Placeholder business shown before settings load; footer icons hide while unchanged. */
export const PLACEHOLDER_BUSINESS = valuesOf((field) => field.placeholder);

/** The Business Settings form's labels, by field (ADMIN_TEXT holds them too). */
export const BUSINESS_FIELD_LABELS = valuesOf((field) => field.label);

/** Stored business settings before an admin saves any: every text field empty (docs/product.md). */
export const EMPTY_BUSINESS_SETTINGS = valuesOf(() => '');

/** The form's text fields (all but the logo, which has its own picker), in order. */
export const FORM_FIELDS = Object.freeze(
  FIELD_ENTRIES.flatMap(([key, field]) =>
    field.input === undefined
      ? []
      : [
          {
            key: key as Exclude<BusinessFieldKey, 'logoUrl'>,
            label: field.label,
            type: field.input.type,
            autoComplete: field.input.autoComplete,
          },
        ],
  ),
);

/** A footer link to show: its field, accessible name, address and icon. */
export interface FooterLink {
  field: string;
  label: string;
  href: string;
  icon: readonly IconShape[];
}

/** The footer's order: the table's, with the maps link last. */
const FOOTER_ORDER = [...FIELD_ENTRIES].sort(
  ([a], [b]) => Number(a === 'mapsUrl') - Number(b === 'mapsUrl'),
);

const FOOTER_HREF = {
  link: (v: string) => v,
  mailto: (v: string) => `mailto:${v}`,
  tel: (v: string) => `tel:${v.replace(/[^\d+]/g, '')}`,
};

/**
 * The footer's links: each field with a footer entry whose value is set and differs from its
 * placeholder (docs/product.md), maps last.
 */
export function footerLinks(business: Readonly<Record<string, string | undefined>>): FooterLink[] {
  return FOOTER_ORDER.flatMap(([key, field]) => {
    const value = (business[key] ?? '').trim();
    if (!field.footer || value === '' || value === field.placeholder) return [];
    const { label, href, icon } = field.footer;
    return [{ field: key, label, href: FOOTER_HREF[href](value), icon }];
  });
}
