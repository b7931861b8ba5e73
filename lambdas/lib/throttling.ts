/**
 * Reading AWS throttling: the errors a retry a moment later fixes (a table's or an account's
 * request rate exceeded), as opposed to bugs and refusals, which no retry fixes. The HTTP wrapper
 * (lib/http.ts) answers them 503 with Retry-After instead of 500.
 */

/** Error names AWS services use for "too many requests, slow down". */
const THROTTLING_NAMES: ReadonlySet<string> = new Set([
  'ThrottlingException',
  'Throttling',
  'ThrottledException',
  'RequestThrottled',
  'RequestThrottledException',
  'ProvisionedThroughputExceededException',
  'TooManyRequestsException',
  'RequestLimitExceeded',
  'SlowDown',
]);

/** True for an AWS SDK error that is throttling, by name or as the SDK itself classifies it. */
export function isThrottling(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const retryable = (error as Error & { $retryable?: { throttling?: boolean } }).$retryable;
  return THROTTLING_NAMES.has(error.name) || retryable?.throttling === true;
}
