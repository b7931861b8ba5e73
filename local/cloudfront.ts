/**
 * What CloudFront does to an API request on its way to API Gateway, for the local stack and the
 * tests that call the API emulation directly: a viewer cannot send CloudFront's own headers, the
 * origin secret or the viewer address (our /api/* viewer-request function sets it from the
 * connection), and the origin secret is added (infra/constructs/web.ts).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '../shared/definitions';

/** Random bytes of an origin secret. */
const ORIGIN_SECRET_BYTES = 32;

/** A fresh origin secret, one per local stack. */
export const newOriginSecret = (): string => randomBytes(ORIGIN_SECRET_BYTES).toString('base64url');

/** The headers CloudFront forwards for a viewer at `viewerAddress` that sent `headers`. */
export function forwardedByCloudFront(
  headers: IncomingHttpHeaders,
  viewerAddress: string,
  originSecret: string,
): IncomingHttpHeaders {
  const kept = Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) =>
        !name.toLowerCase().startsWith('cloudfront-') &&
        name.toLowerCase() !== ORIGIN_SECRET_HEADER &&
        name.toLowerCase() !== VIEWER_ADDRESS_HEADER,
    ),
  );
  return { ...kept, [VIEWER_ADDRESS_HEADER]: viewerAddress, [ORIGIN_SECRET_HEADER]: originSecret };
}
