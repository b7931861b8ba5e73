import type { ReactNode } from 'react';
import { PLACEHOLDER_BUSINESS } from '@shared/constants';
import { VISITOR_TEXT } from '@shared/messages';
import type { BusinessSettings } from '@shared/types';

type LinkKey = keyof typeof VISITOR_TEXT.footerLinks;

interface FooterLink {
  key: LinkKey;
  field: keyof typeof PLACEHOLDER_BUSINESS;
  href: (value: string) => string;
  icon: ReactNode;
}

const ICON_PROPS = { viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

/** Simple line icons, inline: no icon library in the wheel page's bundle. */
const LINKS: readonly FooterLink[] = [
  {
    key: 'website',
    field: 'website',
    href: (v) => v,
    icon: (
      <svg {...ICON_PROPS}>
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
      </svg>
    ),
  },
  {
    key: 'email',
    field: 'email',
    href: (v) => `mailto:${v}`,
    icon: (
      <svg {...ICON_PROPS}>
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="M3.5 6l8.5 7 8.5-7" />
      </svg>
    ),
  },
  {
    key: 'phone',
    field: 'phoneNumber',
    href: (v) => `tel:${v.replace(/[^\d+]/g, '')}`,
    icon: (
      <svg {...ICON_PROPS}>
        <path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z" />
      </svg>
    ),
  },
  {
    key: 'facebook',
    field: 'facebookUrl',
    href: (v) => v,
    icon: (
      <svg {...ICON_PROPS}>
        <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z" />
      </svg>
    ),
  },
  {
    key: 'instagram',
    field: 'instagramUrl',
    href: (v) => v,
    icon: (
      <svg {...ICON_PROPS}>
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.5" cy="6.5" r="0.8" />
      </svg>
    ),
  },
  {
    key: 'tiktok',
    field: 'tiktokUrl',
    href: (v) => v,
    icon: (
      <svg {...ICON_PROPS}>
        <path d="M14 3v12.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 3 2.5 5 5.5 5.3" />
      </svg>
    ),
  },
  {
    key: 'uberEats',
    field: 'uberEatsUrl',
    href: (v) => v,
    icon: (
      <svg {...ICON_PROPS}>
        <path d="M5 8h14l-1.2 12H6.2L5 8z" />
        <path d="M9 8V6a3 3 0 0 1 6 0v2" />
      </svg>
    ),
  },
  {
    key: 'maps',
    field: 'mapsUrl',
    href: (v) => v,
    icon: (
      <svg {...ICON_PROPS}>
        <path d="M12 21s-7-6.3-7-11.5A7 7 0 0 1 19 9.5C19 14.7 12 21 12 21z" />
        <circle cx="12" cy="9.5" r="2.5" />
      </svg>
    ),
  },
];

/** Links shown: those whose value is set and differs from the placeholder default (docs/product.md). */
function visibleFooterLinks(
  business: BusinessSettings,
): { key: LinkKey; label: string; href: string; icon: ReactNode }[] {
  return LINKS.flatMap((link) => {
    const value = business[link.field].trim();
    if (value === '' || value === PLACEHOLDER_BUSINESS[link.field]) return [];
    return [
      {
        key: link.key,
        label: VISITOR_TEXT.footerLinks[link.key],
        href: link.href(value),
        icon: link.icon,
      },
    ];
  });
}

/** Footer icon links for website, email, phone, Facebook, Instagram, TikTok, Uber Eats and maps. */
export function SiteFooter({ business }: { business: BusinessSettings }) {
  const links = visibleFooterLinks(business);
  if (links.length === 0) return null;
  return (
    <footer className="site-footer">
      <nav aria-label={VISITOR_TEXT.footerLabel}>
        <ul className="site-footer__links">
          {links.map((link) => {
            const external = link.href.startsWith('http');
            return (
              <li key={link.key}>
                <a
                  className="site-footer__link"
                  href={link.href}
                  aria-label={link.label}
                  title={link.label}
                  {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  {link.icon}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
    </footer>
  );
}
