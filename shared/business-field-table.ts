/**
 * The business settings' fields, described once: the one table a new field is added to
 * (docs/architecture.md, "One schema per record"). Everything that lists the fields is made from
 * it: the schemas that check and store them (shared/settings.ts), the placeholders, empty
 * defaults, form fields and footer links (shared/business-fields.ts), the admin labels
 * (shared/messages-admin.ts). test/web/business-field-added.test.tsx adds a field here and sees
 * the form and the footer show it, and docs/product.md refused until it names it. A new social
 * link is one entry here and its words in docs/product.md.
 *
 * No zod here: the wheel page's footer reads this table, and its first download carries no zod.
 */
/** How a field's value is checked and completed (shared/settings.ts, shared/business-links.ts). */
export type BusinessFieldKind = 'name' | 'logo' | 'web' | 'email' | 'phone' | 'social';

/** One shape of a footer icon: an SVG element and its attributes (24 x 24 line icons). */
export type IconShape = readonly [
  'path' | 'circle' | 'rect',
  Readonly<Record<string, string | number>>,
];

export interface BusinessFieldDescriptor {
  kind: BusinessFieldKind;
  /** The Business Settings form's label. */
  label: string;
  /** Shown before an owner saves their own; the footer hides a link still at it. */
  placeholder: string;
  /** The form's input type and autocomplete; absent for the logo, which has its own picker. */
  input?: { type: 'text' | 'url' | 'email' | 'tel'; autoComplete?: string };
  /** For a social link: the profile address a typed `@handle` is put after. */
  profileBase?: string;
  /** The wheel page's footer link: its accessible name, its icon and how the value links. */
  footer?: { label: string; href: 'link' | 'mailto' | 'tel'; icon: readonly IconShape[] };
}

/** The fields, in the form's and the stored document's order; the footer's order is FOOTER_ORDER. */
export const BUSINESS_FIELDS = Object.freeze({
  businessName: {
    kind: 'name',
    label: 'Business name',
    placeholder: 'Your Business Name',
    input: { type: 'text', autoComplete: 'organization' },
  },
  logoUrl: { kind: 'logo', label: 'Logo', placeholder: '/logo.png' },
  website: {
    kind: 'web',
    label: 'Website',
    placeholder: 'https://example.com',
    input: { type: 'url', autoComplete: 'url' },
    footer: {
      label: 'Website',
      href: 'link',
      icon: [
        ['circle', { cx: 12, cy: 12, r: 9 }],
        [
          'path',
          {
            d: 'M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z',
          },
        ],
      ],
    },
  },
  email: {
    kind: 'email',
    label: 'Email',
    placeholder: 'info@example.com',
    input: { type: 'email', autoComplete: 'email' },
    footer: {
      label: 'Email',
      href: 'mailto',
      icon: [
        ['rect', { x: 3, y: 5, width: 18, height: 14, rx: 2 }],
        ['path', { d: 'M3.5 6l8.5 7 8.5-7' }],
      ],
    },
  },
  phoneNumber: {
    kind: 'phone',
    label: 'Phone',
    placeholder: '0400000000',
    input: { type: 'tel', autoComplete: 'tel' },
    footer: {
      label: 'Phone',
      href: 'tel',
      icon: [
        [
          'path',
          {
            d: 'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z',
          },
        ],
      ],
    },
  },
  mapsUrl: {
    kind: 'web',
    label: 'Maps link',
    placeholder: 'https://maps.google.com',
    input: { type: 'url' },
    footer: {
      label: 'Maps',
      href: 'link',
      icon: [
        ['path', { d: 'M12 21s-7-6.3-7-11.5A7 7 0 0 1 19 9.5C19 14.7 12 21 12 21z' }],
        ['circle', { cx: 12, cy: 9.5, r: 2.5 }],
      ],
    },
  },
  facebookUrl: {
    kind: 'social',
    label: 'Facebook URL',
    placeholder: 'https://facebook.com',
    profileBase: 'https://facebook.com/',
    input: { type: 'text' },
    footer: {
      label: 'Facebook',
      href: 'link',
      icon: [
        ['path', { d: 'M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z' }],
      ],
    },
  },
  instagramUrl: {
    kind: 'social',
    label: 'Instagram URL',
    placeholder: 'https://instagram.com',
    profileBase: 'https://instagram.com/',
    input: { type: 'text' },
    footer: {
      label: 'Instagram',
      href: 'link',
      icon: [
        ['rect', { x: 3, y: 3, width: 18, height: 18, rx: 5 }],
        ['circle', { cx: 12, cy: 12, r: 4 }],
        ['circle', { cx: 17.5, cy: 6.5, r: 0.8 }],
      ],
    },
  },
  tiktokUrl: {
    kind: 'social',
    label: 'TikTok URL',
    placeholder: 'https://tiktok.com',
    profileBase: 'https://tiktok.com/@',
    input: { type: 'text' },
    footer: {
      label: 'TikTok',
      href: 'link',
      icon: [['path', { d: 'M14 3v12.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 3 2.5 5 5.5 5.3' }]],
    },
  },
  uberEatsUrl: {
    kind: 'web',
    label: 'Uber Eats URL',
    placeholder: 'https://ubereats.com',
    input: { type: 'url' },
    footer: {
      label: 'Uber Eats',
      href: 'link',
      icon: [
        ['path', { d: 'M5 8h14l-1.2 12H6.2L5 8z' }],
        ['path', { d: 'M9 8V6a3 3 0 0 1 6 0v2' }],
      ],
    },
  },
} satisfies Record<string, BusinessFieldDescriptor>);
