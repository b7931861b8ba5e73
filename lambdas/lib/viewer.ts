/**
 * Who is calling: the viewer's address, for per-client budgets (codes, lookups, previews).
 *
 * Only CloudFront's word is taken. Our viewer-request function on /api/* sets the viewer address
 * header from the connection itself (over anything the viewer sent under that name), and
 * CloudFront adds the origin secret header to every request it forwards to the API (a viewer's
 * header of that name is overwritten too). A request without the secret did not come through our
 * distribution (a direct call to the API's own URL): its address headers are the caller's
 * invention, and it is refused. X-Forwarded-For and API Gateway's sourceIp are never used: behind
 * CloudFront the latter is an edge shared by many visitors.
 */
import { timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '../../shared/definitions';
import { AppError } from '../../shared/errors';
import { API_MESSAGES } from '../../shared/messages';
import { requireEnv } from './env';
import type { HttpEvent } from './http-event';

const IPV6_PREFIX_GROUPS = 4;

/** The /64 prefix of an IPv6 address: one household or phone gets a whole /64. */
function ipv6Prefix(address: string): string {
  const [head = '', tail] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, IPV6_PREFIX_GROUPS)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The budget owner of an address: the IPv4 address, or the IPv6 /64; undefined if malformed. */
function clientKey(address: string): string | undefined {
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return ipv6Prefix(address);
  return undefined;
}

const notViaSite = () => new AppError('NOT_VIA_SITE', 403, API_MESSAGES.notViaSite);

const sameSecret = (sent: string, expected: string): boolean => {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * 403 for a request that did not come through CloudFront (no origin secret, or a wrong one). The
 * HTTP wrapper (lib/http.ts) runs it before every handler, so no route can be called at the API's
 * own URL, around the distribution and its WAF rules.
 */
export function requireViaSite(event: HttpEvent): void {
  const sent = event.headers?.[ORIGIN_SECRET_HEADER];
  if (!sent || !sameSecret(sent, requireEnv('ORIGIN_SECRET'))) {
    throw notViaSite();
  }
}

/** The calling client, as CloudFront saw it; 403 for a request that did not come through it. */
export function viewerAddress(event: HttpEvent): string {
  requireViaSite(event);
  const key = clientKey(event.headers?.[VIEWER_ADDRESS_HEADER] ?? '');
  if (!key) throw notViaSite();
  return key;
}
