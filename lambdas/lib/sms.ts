/**
 * Sends one SMS by SNS Publish (Transactional, optional sender ID). Locally SNS_ENDPOINT points the
 * client at the local stack's SNS endpoint (local/outbox.ts), which prints each message and keeps
 * it for tests.
 */
import { PublishCommand } from '@aws-sdk/client-sns';
import { optionalEnv } from './env';
import { sns } from './sns-client';

/** Sends `message` to `phoneNumber` (+61 form). Throws if the provider refuses it. */
export async function sendSms(phoneNumber: string, message: string): Promise<void> {
  const senderId = optionalEnv('SMS_SENDER_ID');
  await sns().send(
    new PublishCommand({
      PhoneNumber: phoneNumber,
      Message: message,
      MessageAttributes: {
        // Transactional: higher delivery priority, and not subject to marketing opt-out rules.
        'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
        ...(senderId
          ? { 'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: senderId } }
          : {}),
      },
    }),
  );
}
