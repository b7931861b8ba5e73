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
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '@shared/definitions';
import { AppError } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import { acceptedOriginSecrets } from './secrets';
import type { HttpEvent } from './http-event';

/**
 * Bits of an IPv6 address that make one client. ISPs hand a home or small office a /56 (RIPE-690's
 * advice for residential lines) or a /48 (business lines), a phone a /64: counting per /64 gave a
 * /56 holder 256 budgets and a /48 holder 65,536. A /56 is one subscriber's whole allocation, so
 * it counts once (docs/security.md, "Addresses").
 */
const IPV6_CLIENT_PREFIX_BITS = 56;
/**
 * Bits of the IPv6 network a client's /56 belongs to: a /48 is what a business line or a site is
 * given, 256 /56s that one holder may spread its requests over, so they also share one aggregate
 * budget (lambdas/domain/client-budgets.ts).
 */
const IPV6_NETWORK_PREFIX_BITS = 48;
const IPV6_GROUPS = 8;
const GROUP_BITS = 16;

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail becomes two groups). */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const parts = (text: string | undefined): number[] =>
    text === undefined || text === ''
      ? []
      : text.split(':').flatMap((part) => {
          if (!part.includes('.')) return [parseInt(part, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const headGroups = parts(head);
  const tailGroups = parts(tail);
  const missing = IPV6_GROUPS - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<number>(Math.max(0, missing)).fill(0), ...tailGroups];
}

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is that IPv4 client; undefined otherwise. */
function mappedIPv4(groups: readonly number[]): string | undefined {
  if (groups.slice(0, 5).some((g) => g !== 0) || groups[5] !== 0xffff) return undefined;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The `bits` prefix of an IPv6 address, e.g. 2001:db8:0:700::/56. */
function ipv6Prefix(groups: readonly number[], bits = IPV6_CLIENT_PREFIX_BITS): string {
  const kept = groups.map((group, i) => {
    const bitsBefore = i * GROUP_BITS;
    const keep = Math.max(0, Math.min(GROUP_BITS, bits - bitsBefore));
    return keep === 0 ? 0 : group & ((0xffff << (GROUP_BITS - keep)) & 0xffff);
  });
  const used = Math.ceil(bits / GROUP_BITS);
  return `${kept
    .slice(0, used)
    .map((g) => g.toString(16))
    .join(':')}::/${bits}`;
}

/**
 * The IPv6 /48 a client key (an IPv6 /56 from viewerAddress) belongs to, e.g. 2001:db8:0::/48;
 * undefined for an IPv4 client.
 */
export function ipv6NetworkOf(client: string): string | undefined {
  const suffix = `/${IPV6_CLIENT_PREFIX_BITS}`;
  if (!client.endsWith(suffix)) return undefined;
  const address = client.slice(0, -suffix.length);
  if (!isIPv6(address)) return undefined;
  return ipv6Prefix(ipv6Groups(address), IPV6_NETWORK_PREFIX_BITS);
}

/**
 * The budget owner of an address: the IPv4 address (also when written IPv4-mapped), or the IPv6
 * /56; undefined if malformed.
 */
function clientKey(address: string): string | undefined {
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return undefined;
  const groups = ipv6Groups(address);
  return mappedIPv4(groups) ?? ipv6Prefix(groups);
}

const notViaSite = () => new AppError('NOT_VIA_SITE', 403, API_MESSAGES.notViaSite);

const sameSecret = (sent: string, expected: string): boolean => {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * 403 for a request that did not come through CloudFront (no origin secret, or a wrong one). The
 * HTTP wrapper (lib/http.ts) loads the secrets and runs it before every handler, so no route can be
 * called at the API's own URL, around the distribution and its WAF rules. The secret's current and
 * previous values are both taken, so it rotates with no downtime (lib/secrets.ts).
 */
export function requireViaSite(event: HttpEvent): void {
  const sent = event.headers?.[ORIGIN_SECRET_HEADER];
  if (!sent || !acceptedOriginSecrets().some((secret) => sameSecret(sent, secret))) {
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
