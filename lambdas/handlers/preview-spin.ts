/**
 * POST /api/spins/preview (public, spin-first mode): the server draws and returns
 * {sliceId, offer, comment, ticket}; nothing is recorded until the number is verified.
 */
import { spinPreviewRequestSchema } from '../../shared/spin';
import { previewSpin } from '../domain/spin-ticket';
import { http, ok, parseBody, type HttpEvent } from '../lib/http';

/**
 * The visitor's address. Behind CloudFront, API Gateway's sourceIp is the edge's, so the
 * CloudFront-Viewer-Address header ("ip:port", set by CloudFront, not the client) is preferred.
 */
export function clientAddress(event: HttpEvent): string {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  if (viewer) {
    const cut = viewer.lastIndexOf(':');
    return cut > 0 ? viewer.slice(0, cut) : viewer;
  }
  return event.requestContext.http?.sourceIp ?? 'unknown';
}

export const handler = http(async (event) => {
  parseBody(spinPreviewRequestSchema, event);
  return ok(await previewSpin(clientAddress(event)));
});
