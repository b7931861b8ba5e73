import { createElement } from 'react';
import { footerLinks } from '@shared/business-fields';
import { VISITOR_TEXT } from '@shared/messages';
import type { BusinessSettings } from '@shared/types';

const ICON_PROPS = { viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

/**
 * Footer icon links, one per business field with a footer entry (shared/business-fields.ts:
 * website, email, phone, Facebook, Instagram, TikTok, Uber Eats and maps), those whose value is
 * set and differs from the placeholder default (docs/product.md). Simple line icons drawn from the
 * descriptor's shapes, inline: no icon library in the wheel page's bundle.
 */
export function SiteFooter({ business }: { business: BusinessSettings }) {
  const links = footerLinks(business);
  if (links.length === 0) return null;
  return (
    <footer className="site-footer">
      <nav aria-label={VISITOR_TEXT.footerLabel}>
        <ul className="site-footer__links">
          {links.map((link) => {
            const external = link.href.startsWith('http');
            return (
              <li key={link.field}>
                <a
                  className="site-footer__link"
                  href={link.href}
                  aria-label={link.label}
                  title={link.label}
                  {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  <svg {...ICON_PROPS}>
                    {link.icon.map(([tag, attributes], i) =>
                      createElement(tag, { key: i, ...attributes }),
                    )}
                  </svg>
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
    </footer>
  );
}
