/**
 * The one structured logger (Powertools). Never log a token, a password, a code or a full phone
 * number: use maskPhone from shared/phone-format.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import { optionalEnv, serviceName } from './env';

export const logger = new Logger({
  serviceName: serviceName(),
  logLevel:
    (optionalEnv('POWERTOOLS_LOG_LEVEL') as
      'INFO' | 'WARN' | 'ERROR' | 'DEBUG' | 'SILENT' | undefined) ?? 'INFO',
});

/**
 * A `.catch` handler for work a request does not depend on (a counter, a give-back): the failure is
 * logged as a warning with `fields` and the error's name (never its message, which may quote
 * input), and the request goes on.
 */
export const warnOnFailure =
  (message: string, fields: Record<string, unknown> = {}) =>
  (error: unknown): void =>
    logger.warn(message, {
      ...fields,
      error: error instanceof Error ? error.name : String(error),
    });

/**
 * Wraps a Lambda handler so that every line it logs carries the invocation's context: the request
 * id (`function_request_id`), the function's name, memory and version, and whether this was a cold
 * start. The HTTP wrapper (http.ts) does the same for every API handler. Locally, where handlers are
 * called without a context, lines carry none.
 */
export const withLambdaContext =
  <E, R>(handler: (event: E, context?: Context) => Promise<R>) =>
  (event: E, context?: Context): Promise<R> => {
    if (context) logger.addContext(context);
    return handler(event, context);
  };
