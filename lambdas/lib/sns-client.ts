/** The SNS client (SMS codes), created once per container; only the code-sending trigger imports it. */
import { SNSClient } from '@aws-sdk/client-sns';
import { countingCalls } from './aws-calls';
import { MAX_ATTEMPTS } from './client-options';

let snsClient: SNSClient | undefined;
export function sns(): SNSClient {
  snsClient ??= countingCalls(new SNSClient({ maxAttempts: MAX_ATTEMPTS }), 'sns');
  return snsClient;
}

/** For tests that swap the client (fault injection). */
export function setSnsForTest(client: SNSClient): void {
  snsClient = client;
}
