/**
 * The one structured logger (Powertools). Never log a token, a password, a code or a full phone
 * number: use maskPhone from shared/phone.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { optionalEnv } from './env';

export const logger = new Logger({
  serviceName: optionalEnv('POWERTOOLS_SERVICE_NAME') ?? 'spin-and-win',
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
