/**
 * Sends one SMS: by SNS Publish (Transactional, optional sender ID) in AWS, or to the local SMS
 * outbox when SMS_OUTBOX_URL is set (the local stack prints it and tests read codes from it).
 */
import { PublishCommand } from '@aws-sdk/client-sns';
import { countAwsCall } from './aws-calls';
import { optionalEnv } from './env';
import { sns } from './sns-client';

/** The outbox is on loopback; a hung outbox must not hold the 5 s trigger budget. */
const OUTBOX_TIMEOUT_MS = 2000;

/** Sends `message` to `phoneNumber` (+61 form). Throws if the provider refuses it. */
export async function sendSms(phoneNumber: string, message: string): Promise<void> {
  const outbox = optionalEnv('SMS_OUTBOX_URL');
  if (outbox) {
    // The outbox stands in for SNS: counted as the Publish it replaces.
    countAwsCall('sns', 'Publish');
    const response = await fetch(outbox, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber, message }),
      signal: AbortSignal.timeout(OUTBOX_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`SMS outbox answered ${response.status}`);
    return;
  }
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
