/**
 * Which placement brought a visitor: the wheel's link carries a short source tag (?s=poster), one
 * per placement (the poster, the counter card, a receipt, a social post, or a name the owner
 * types). A tag is 1-24 characters of a-z, 0-9 and '-', lowercased; it names a place, never a
 * person.
 */

/** The query parameter that carries the tag. */
export const SOURCE_PARAM = 's';

/** The placements every shop has. */
export const STANDARD_SOURCES = ['poster', 'card', 'receipt', 'social'] as const;

const TAG = /^[a-z0-9-]{1,24}$/;

/** The tag in `raw` (lowercased), or null when it is not one. */
export function parseSourceTag(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const tag = raw.trim().toLowerCase();
  return TAG.test(tag) ? tag : null;
}

/** The wheel's link `baseUrl` carrying `tag`. */
export function sourceLink(baseUrl: string, tag: string): string {
  const url = new URL(baseUrl);
  url.searchParams.set(SOURCE_PARAM, tag);
  return url.href;
}
