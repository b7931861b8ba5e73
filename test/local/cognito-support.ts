/** Test triggers and clients for the Cognito stand-in tests. */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { CustomAuthTriggers } from '../../local/cognito';
import { startCognitoStandIn, testCredentials } from '../support/cognito-stand-in';
import { scratchDir } from '../support/scratch';
import { LOCAL_AWS_ENV } from '../../local/dynamodb';

export const TEST_CODE = '123456';
export const MAX_WRONG_ANSWERS = 3;

type Event = {
  request: {
    session?: { challengeResult: boolean }[];
    privateChallengeParameters?: Record<string, string>;
    challengeAnswer?: string;
  } & Record<string, unknown>;
  response: Record<string, unknown>;
} & Record<string, unknown>;

/**
 * Simple code-challenge triggers: a fixed code, issue tokens after a right answer, fail after three
 * wrong ones. Every event they receive is recorded by trigger name.
 */
export function codeTriggers(): { triggers: CustomAuthTriggers; events: Record<string, Event[]> } {
  const events: Record<string, Event[]> = { define: [], create: [], verify: [] };
  const triggers: CustomAuthTriggers = {
    defineAuthChallenge: (event: never) => {
      const e = event as Event;
      events.define!.push(structuredClone(e));
      const session = e.request.session ?? [];
      const last = session.at(-1);
      if (last?.challengeResult) e.response = { issueTokens: true, failAuthentication: false };
      else if (session.length >= MAX_WRONG_ANSWERS)
        e.response = { issueTokens: false, failAuthentication: true };
      else
        e.response = {
          challengeName: 'CUSTOM_CHALLENGE',
          issueTokens: false,
          failAuthentication: false,
        };
      return e;
    },
    createAuthChallenge: async (event: never) => {
      const e = event as Event;
      events.create!.push(structuredClone(e));
      e.response = {
        publicChallengeParameters: { channel: 'SMS' },
        privateChallengeParameters: { code: TEST_CODE },
        challengeMetadata: `CODE-${TEST_CODE}`,
      };
      return e;
    },
    verifyAuthChallengeResponse: async (event: never) => {
      const e = event as Event;
      events.verify!.push(structuredClone(e));
      e.response = {
        answerCorrect: e.request.challengeAnswer === e.request.privateChallengeParameters?.code,
      };
      return e;
    },
  };
  return { triggers, events };
}

/** An SDK v3 client for the stand-in, exactly as the handlers build theirs. */
export const sdkClient = (endpoint: string): CognitoIdentityProviderClient =>
  new CognitoIdentityProviderClient({
    endpoint,
    region: LOCAL_AWS_ENV.AWS_REGION,
    // The stand-in takes admin calls signed with its own credentials only.
    credentials: testCredentials(),
    maxAttempts: 1,
  });

let template: Promise<string> | undefined;

/**
 * A new state file copied from one generated per test file: RSA key generation is the slow part of
 * a fresh stand-in, and each test still gets its own pools, users and file.
 */
export async function freshStateFile(): Promise<string> {
  template ??= (async () => {
    const dir = scratchDir('cognito-template');
    const file = join(dir, 'cognito.json');
    const cognito = await startCognitoStandIn({ dataFile: file });
    await cognito.stop();
    return file;
  })();
  const copy = join(scratchDir('cognito'), 'cognito.json');
  copyFileSync(await template, copy);
  return copy;
}
