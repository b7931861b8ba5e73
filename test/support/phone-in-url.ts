/**
 * Phone numbers written into a URL (docs/privacy.md: never): Australian mobiles as the app handles
 * them, local (04XXXXXXXX) or international (+614XXXXXXXX, 614XXXXXXXX), also percent-encoded.
 */
const PHONE = /(?<!\d)(?:\+?61|0)4\d{8}(?!\d)/g;

/** The phone numbers in `url`, read raw and decoded. */
export function phoneNumbersIn(url: string): string[] {
  let decoded = url;
  try {
    decoded = decodeURIComponent(url.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: the raw text is still checked.
  }
  return [...new Set([...url.matchAll(PHONE), ...decoded.matchAll(PHONE)].map((m) => m[0]))];
}
