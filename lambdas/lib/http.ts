/**
 * The http wrapper of every API handler: a request that did not come through the site is refused
 * (lib/viewer.ts), then parse -> domain -> response. AppErrors become
 * `{code, message}` with their status; AWS throttling is a 503 with Retry-After (a retry helps);
 * anything else is logged and answered with a generic 500, never a stack trace.
 */
import type * as z from '@shared/zod';
import { AppError, badRequest, isAppError, type ErrorBody } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import type { Context } from 'aws-lambda';
import { MAX_JSON_BODY_BYTES } from '@shared/constants';
import { logger, withLambdaContext } from './logger';
import { isThrottling } from './throttling';
import type { HttpEvent, HttpResult } from './http-event';
import { loadSecrets } from './secrets';
import { requireViaSite } from './viewer';

export type { HttpEvent, HttpResult } from './http-event';

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const;

const json = (status: number, body: unknown): HttpResult => ({
  statusCode: status,
  headers: { ...JSON_HEADERS },
  body: JSON.stringify(body),
});

export const ok = (body: unknown, status = 200): HttpResult => json(status, body);

/** Seconds a client should wait before retrying a 503 (throttling clears within a second or two). */
const RETRY_AFTER_SECONDS = 2;

/** A 503 says when to come back. */
const withRetryAfter = (result: HttpResult): HttpResult =>
  result.statusCode === 503
    ? { ...result, headers: { ...result.headers, 'retry-after': String(RETRY_AFTER_SECONDS) } }
    : result;

const errorResult = (error: AppError): HttpResult => {
  const result = json(error.status, {
    code: error.code,
    message: error.message,
  } satisfies ErrorBody);
  // A refusal that lifts at a known time (a used-up budget) says when.
  return error.retryAfterSeconds === undefined
    ? withRetryAfter(result)
    : {
        ...result,
        headers: { ...result.headers, 'retry-after': String(Math.ceil(error.retryAfterSeconds)) },
      };
};

/**
 * Wraps a handler so that it never leaks an exception to the client, and so that its log lines
 * carry the Lambda context (request id, cold start: lib/logger.ts withLambdaContext).
 */
export function http(
  fn: (event: HttpEvent) => Promise<HttpResult>,
): (event: HttpEvent, context?: Context) => Promise<HttpResult> {
  return withLambdaContext(async (event: HttpEvent) => {
    try {
      await loadSecrets();
      requireViaSite(event);
      return await fn(event);
    } catch (error) {
      if (isAppError(error)) {
        if (error.status >= 500) logger.error('request failed', { code: error.code });
        return errorResult(error);
      }
      const details =
        error instanceof Error ? { name: error.name, message: error.message } : String(error);
      if (isThrottling(error)) {
        // AWS throttled us: a retry a moment later helps, so say so (503 and Retry-After).
        logger.warn('throttled', { route: event.routeKey, error: details });
        return withRetryAfter(
          json(503, { code: 'UNAVAILABLE', message: API_MESSAGES.unavailable } satisfies ErrorBody),
        );
      }
      logger.error('unhandled error', { route: event.routeKey, error: details });
      return json(500, { code: 'INTERNAL', message: API_MESSAGES.internal } satisfies ErrorBody);
    }
  });
}

/** The raw body as a string, decoding base64 when API Gateway encoded it. */
export function rawBody(event: HttpEvent): Buffer {
  if (event.body === undefined || event.body === null) return Buffer.alloc(0);
  return event.isBase64Encoded
    ? Buffer.from(event.body, 'base64')
    : Buffer.from(event.body, 'utf8');
}

/**
 * Parses a JSON body with a shared zod schema. Bad JSON, a huge body or a schema failure is a 400
 * whose message is the first problem's text (the required message where the schema carries one).
 */
export function parseBody<S extends z.ZodType>(schema: S, event: HttpEvent): z.infer<S> {
  const bytes = rawBody(event);
  if (bytes.length > MAX_JSON_BODY_BYTES)
    throw new AppError('BODY_TOO_LARGE', 413, API_MESSAGES.bodyTooLarge);
  let data: unknown;
  try {
    data = bytes.length === 0 ? {} : JSON.parse(bytes.toString('utf8'));
  } catch {
    throw badRequest('INVALID_JSON', API_MESSAGES.invalidJson);
  }
  return parseValue(schema, data);
}

/** Validates any value (a path parameter, a query string) with a schema; 400 on failure. */
export function parseValue<S extends z.ZodType>(
  schema: S,
  value: unknown,
  code = 'INVALID_INPUT',
): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const message =
      issue &&
      !issue.message.startsWith('Invalid input') &&
      !issue.message.startsWith('Unrecognized')
        ? issue.message
        : API_MESSAGES.invalidInput;
    throw badRequest(code, message);
  }
  return result.data;
}
