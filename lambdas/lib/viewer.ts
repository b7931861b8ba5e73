/**
 * Who is calling: the viewer's address, for per-client budgets (previews, lookups, codes).
 */
import type { HttpEvent } from './http';

/**
 * The visitor's address. Behind CloudFront, API Gateway's sourceIp is the edge's, shared by many
 * visitors, so: CloudFront-Viewer-Address ("ip:port", set by CloudFront when the origin request
 * policy forwards it) first; else the last X-Forwarded-For entry that is not the edge itself
 * (CloudFront appends the viewer's address after anything the client sent, so spoofed entries come
 * earlier); else sourceIp (direct calls, the local stack).
 */
export function viewerAddress(event: HttpEvent): string {
  const sourceIp = event.requestContext.http?.sourceIp ?? 'unknown';
  const viewer = event.headers?.['cloudfront-viewer-address'];
  if (viewer) {
    const cut = viewer.lastIndexOf(':');
    return cut > 0 ? viewer.slice(0, cut) : viewer;
  }
  const forwarded = (event.headers?.['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '' && entry !== sourceIp);
  return forwarded.at(-1) ?? sourceIp;
}
