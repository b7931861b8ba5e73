/** Cognito VerifyAuthChallengeResponse trigger of the visitor pool: checks the code answer. */
import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { SIGN_IN_KEY_METADATA } from '@shared/definitions';
import { verifyCodeAnswer } from '../domain/auth-challenge';
import { withLambdaContext } from '../lib/logger';

// Its warnings (lib/logger.ts) carry the invocation's request id.
export const handler = withLambdaContext(
  async (
    event: VerifyAuthChallengeResponseTriggerEvent,
  ): Promise<VerifyAuthChallengeResponseTriggerEvent> => {
    event.response.answerCorrect = await verifyCodeAnswer(
      event.request.userAttributes.phone_number,
      event.request.privateChallengeParameters,
      event.request.challengeAnswer,
      event.request.userNotFound === true,
      event.request.clientMetadata?.[SIGN_IN_KEY_METADATA],
    );
    return event;
  },
);
