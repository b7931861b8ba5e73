/**
 * Business links as owners type them (Business Settings): a bare domain such as
 * `joespizza.com.au` is a web address without its `https://`, and on the social fields a
 * `@handle` or `facebook.com/joespizza` names the profile. Each is turned into the full link the
 * footer opens; anything else is left as typed for the schema (`shared/settings.ts`) to accept or
 * refuse. The browser shows the result as the owner leaves the field, and the server applies the
 * same rule before it validates, so both store the same link.
 */
import { BUSINESS_FIELDS, type BusinessFieldDescriptor } from './business-field-table';

/** A handle as the networks allow it: letters, digits, dots and underscores (TikTok, Instagram). */
const HANDLE = /^@([A-Za-z0-9._]{1,60})$/;
/** Something that reads as a host name (at least one dot, a letter-only top level), maybe a path. */
const BARE_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** A web address with `https://` put in front of a bare domain; other text unchanged (trimmed). */
export function completeWebLink(typed: string): string {
  const value = typed.trim();
  if (value === '' || /^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
  const withoutSlashes = value.replace(/^\/\//, '');
  return BARE_DOMAIN.test(withoutSlashes) ? `https://${withoutSlashes}` : value;
}

/** A social link: a `@handle` is put after the network's profile address, else as completeWebLink. */
export function completeProfileLink(profileBase: string, typed: string): string {
  const value = typed.trim();
  const handle = HANDLE.exec(value);
  if (handle) return `${profileBase}${handle[1]}`;
  return completeWebLink(value);
}

/**
 * A field's value as the owner meant it: a social link (a field with a profile address) or a web
 * address completed by the rules above, any other field as typed (shared/business-field-table.ts).
 */
export function completeBusinessField(key: string, typed: string): string {
  const field = (BUSINESS_FIELDS as Readonly<Record<string, BusinessFieldDescriptor>>)[key];
  if (field?.profileBase !== undefined) return completeProfileLink(field.profileBase, typed);
  return field?.kind === 'web' ? completeWebLink(typed) : typed;
}
