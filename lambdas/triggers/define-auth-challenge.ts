/** Cognito DefineAuthChallenge trigger of the visitor pool: decides the next step of CUSTOM_AUTH. */
import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { defineNextStep, type SessionEntry } from '../domain/auth-define';

export const handler = async (
  event: DefineAuthChallengeTriggerEvent,
): Promise<DefineAuthChallengeTriggerEvent> => {
  const decision = defineNextStep(
    event.request.session as SessionEntry[],
    event.request.userNotFound === true,
  );
  event.response.issueTokens = decision.issueTokens;
  event.response.failAuthentication = decision.failAuthentication;
  if (decision.challengeName) event.response.challengeName = decision.challengeName;
  return event;
};
