/** The SNS client (SMS codes), created once per container; only the code-sending trigger imports it. */
import { SNSClient } from '@aws-sdk/client-sns';
import { endpoint, MAX_ATTEMPTS } from './client-options';

let snsClient: SNSClient | undefined;
export function sns(): SNSClient {
  snsClient ??= new SNSClient({ ...endpoint('SNS_ENDPOINT'), maxAttempts: MAX_ATTEMPTS });
  return snsClient;
}
