/**
 * The one structured logger (Powertools). Never log a token, a password, a code or a full phone
 * number: use maskPhone from shared/phone.
 */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'spin-and-win',
  logLevel:
    (process.env.POWERTOOLS_LOG_LEVEL as
      'INFO' | 'WARN' | 'ERROR' | 'DEBUG' | 'SILENT' | undefined) ?? 'INFO',
});
