/**
 * CloudFront functions whose rule the local stack must follow too: their JavaScript source (the
 * CloudFront JS 2.0 runtime), deployed by infra/constructs/web.ts and run as-is by the local stack
 * (local/static-site.ts, local/cloudfront.ts), so both answer the same request the same way.
 */
import { MEDIA_PATH_PREFIX, VIEWER_ADDRESS_HEADER } from './definitions';

/**
 * Viewer-request function of the default behaviour: a path whose last segment has no dot is an app
 * route (/, /admin, /admin/accounts/operator), answered with /index.html; files (/assets/x.js,
 * /config.json) go to the bucket as they are, and a missing one stays S3's 403 rather than a page.
 */
export const SPA_FALLBACK = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * Viewer-request function of /api/*: the viewer's IP address, from the connection, in the viewer
 * address header (replacing whatever the viewer sent under that name); per-client budgets count by
 * it (lambdas/lib/viewer.ts). The local stack runs it as-is too (local/cloudfront.ts).
 */
export const VIEWER_ADDRESS_CODE = `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

const MEDIA_DIR = MEDIA_PATH_PREFIX.replace(/\/$/, '');

/**
 * Viewer-request function of the media behaviour: the path prefix removed, so /media/business/a.png
 * reads the logo bucket's business/a.png. The local stack serves /media/ by the same slice
 * (local/stack.ts serveMedia).
 */
export const STRIP_MEDIA_PREFIX_CODE = `function handler(event) {
  var request = event.request;
  if (request.uri.indexOf('${MEDIA_DIR}/') === 0) request.uri = request.uri.substring(${MEDIA_DIR.length});
  return request;
}`;
