/**
 * Security headers of every page and API answer: CloudFront's response headers policy and the
 * local stack both build them from here, so the local stack serves what production serves.
 */

/** HSTS max-age: two years, the preload list's expectation. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

/**
 * Content-Security-Policy. `connectOrigins` are the extra origins the SPA calls (the Cognito
 * endpoint); everything else is same-origin. Images may be https (slice images, logo URLs).
 * Workers may be started from blob: URLs the app's own script makes: the admin's Excel download
 * compresses a large workbook in such workers (fflate, inside write-excel-file); a page script
 * that could start one could run the same code itself, so this allows nothing new.
 */
export function contentSecurityPolicy(connectOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "worker-src 'self' blob:",
    `connect-src 'self' ${connectOrigins.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Header name -> value, as served to the browser. The camera is ours only (`camera=(self)`): the
 * dashboard's Scan control reads a prize's QR code; no framed or other origin may ask for it, and
 * the page still asks the person before it shows.
 */
export function securityHeaders(connectOrigins: readonly string[]): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(connectOrigins),
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=()',
  };
}
