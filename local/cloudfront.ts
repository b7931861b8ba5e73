/**
 * What CloudFront does to an API request on its way to API Gateway, for the local stack and the
 * tests that call the API emulation directly, so the handlers see the event they see in AWS:
 * - the /api/* viewer-request function (shared/cloudfront-functions.ts VIEWER_ADDRESS_CODE) runs
 *   as-is and writes the viewer address from the connection over anything the viewer sent;
 * - the origin secret is added as an origin custom header, over a viewer header of that name;
 * - X-Forwarded-For gets the viewer's address appended to whatever the viewer sent (the left part
 *   is the viewer's to invent); a viewer's CloudFront-* headers do not pass;
 * - the API sees the request come from a CloudFront edge, one address shared by every viewer, so
 *   API Gateway's sourceIp is that edge, never the visitor (lambdas/lib/viewer.ts reads neither).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { VIEWER_ADDRESS_CODE } from '@shared/cloudfront-functions';
import { ORIGIN_SECRET_HEADER } from '@shared/definitions';

/** Random bytes of an origin secret. */
const ORIGIN_SECRET_BYTES = 32;

/**
 * The address the API sees every request come from: one in CloudFront's origin-facing range
 * (130.176.0.0/16), the same for all viewers behind that edge.
 */
export const CLOUDFRONT_EDGE_ADDRESS = '130.176.0.1';

/** A fresh origin secret, one per local stack. */
export const newOriginSecret = (): string => randomBytes(ORIGIN_SECRET_BYTES).toString('base64url');

interface FunctionRequest {
  headers: Record<string, { value: string }>;
}

/** The deployed /api/* viewer-request function, as CloudFront runs it. */
const viewerAddressFunction = new Function(`${VIEWER_ADDRESS_CODE}; return handler;`)() as (event: {
  viewer: { ip: string };
  request: FunctionRequest;
}) => FunctionRequest;

/** One header value as a string (Node gives repeated headers as an array). */
const single = (value: string | string[]): string =>
  Array.isArray(value) ? value.join(', ') : value;

/** The headers CloudFront forwards to the API for a viewer at `viewerAddress` that sent `headers`. */
export function forwardedByCloudFront(
  headers: IncomingHttpHeaders,
  viewerAddress: string,
  originSecret: string,
): IncomingHttpHeaders {
  const viewerHeaders: Record<string, { value: string }> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (value === undefined || key.startsWith('cloudfront-')) continue;
    viewerHeaders[key] = { value: single(value) };
  }
  const afterFunction = viewerAddressFunction({
    viewer: { ip: viewerAddress },
    request: { headers: viewerHeaders },
  });
  const forwarded: IncomingHttpHeaders = Object.fromEntries(
    Object.entries(afterFunction.headers).map(([name, { value }]) => [name, value]),
  );
  const sentFor = forwarded['x-forwarded-for'];
  forwarded['x-forwarded-for'] = sentFor ? `${single(sentFor)}, ${viewerAddress}` : viewerAddress;
  forwarded.via = '1.1 local.cloudfront.net (CloudFront)';
  forwarded['x-amz-cf-id'] = randomBytes(42).toString('base64url').slice(0, 56);
  forwarded[ORIGIN_SECRET_HEADER] = originSecret;
  return forwarded;
}
