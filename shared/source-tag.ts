/**
 * Source tags: which placement (the poster, the counter card, a receipt, a social post, or a name
 * the owner types) brought a visitor. A placement's link carries its tag in one short query
 * parameter; the wheel page keeps it beside its own state and sends it with the visit, the code,
 * the spin and (through the saved customer) the redemption, so Insights can count each step per
 * source. A tag names a placement, never a person: a few lower-case letters, digits and hyphens.
 */

/** The query parameter a placement's link carries its tag in: `https://shop.example/?s=poster`. */
export const SOURCE_PARAM = 's';

/** The placements the Share page offers a link for; the owner may also type a name of their own. */
export const STANDARD_SOURCES = ['poster', 'card', 'receipt', 'social'] as const;

/** At most this many characters: short enough for a QR code, long enough for "summer-flyer". */
const SOURCE_TAG_MAX = 24;
/**
 * A run of digits no longer than this: a year ("2026") or a table number is a place; a run as long
 * as a phone number ("0412345678") might be a person, so it is no tag.
 */
const SOURCE_TAG_DIGITS_MAX = 4;
/** Lower-case letters and digits, hyphens between them, no long run of digits. */
const SOURCE_TAG = new RegExp(
  `^(?=.{1,${SOURCE_TAG_MAX}}$)(?!.*\\d{${SOURCE_TAG_DIGITS_MAX + 1}})[a-z0-9]+(?:-[a-z0-9]+)*$`,
);

/**
 * The tag a link or a request carries, or null when it has none or one that breaks the rule.
 * Surrounding spaces and capitals are forgiven ("Poster" from a hand-typed link is `poster`);
 * anything else (spaces inside, accents, punctuation, too long, a run of digits as long as a phone
 * number) is no tag at all.
 */
export function parseSourceTag(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const tag = raw.trim().toLowerCase();
  return SOURCE_TAG.test(tag) ? tag : null;
}

/** A placement's link: the wheel page's address with the tag in its query (a bad tag throws). */
export function sourceLink(baseUrl: string, tag: string): string {
  const valid = parseSourceTag(tag);
  if (valid === null) throw new RangeError(`Not a source tag: ${JSON.stringify(tag)}`);
  const url = new URL(baseUrl);
  url.searchParams.set(SOURCE_PARAM, valid);
  return url.toString();
}
