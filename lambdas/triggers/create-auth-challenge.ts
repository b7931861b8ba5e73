/**
 * Cognito CreateAuthChallenge trigger of the visitor pool: issues the SMS code challenge.
 * A limit or validation failure is re-thrown with its code and message (the browser gets
 * UserLambdaValidationException); anything else is logged and masked.
 */
import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { isAppError } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import { createCodeChallenge } from '../domain/auth-challenge';
import type { SessionEntry } from '../domain/auth-define';
import { SmsCostGuard, smsLimitsFromEnv } from '../domain/sms-cost-guard';
import { logger, withLambdaContext } from '../lib/logger';
import { sendSms } from '../lib/sms';

export const handler = withLambdaContext(
  async (event: CreateAuthChallengeTriggerEvent): Promise<CreateAuthChallengeTriggerEvent> => {
    try {
      const challenge = await createCodeChallenge(
        event.request.userAttributes.phone_number,
        event.request.session as SessionEntry[],
        { guard: new SmsCostGuard(smsLimitsFromEnv()), send: sendSms, nowMs: Date.now },
        event.request.userNotFound === true,
      );
      event.response.publicChallengeParameters = challenge.publicChallengeParameters;
      event.response.privateChallengeParameters = challenge.privateChallengeParameters;
      event.response.challengeMetadata = challenge.challengeMetadata;
      return event;
    } catch (error) {
      if (isAppError(error)) throw new Error(`${error.code}: ${error.message}`, { cause: error });
      logger.error('create auth challenge failed', {
        error:
          error instanceof Error ? { name: error.name, message: error.message } : String(error),
      });
      // Cognito shows errorMessage only; the cause stays in our logs.
      throw new Error(`INTERNAL: ${API_MESSAGES.internal}`, { cause: error });
    }
  },
);
