/**
 * The local SMS outbox, standing in for Amazon SNS: the functions' own SNS client (lambdas/lib/sms.ts)
 * is pointed at it by SNS_ENDPOINT and publishes to it as it would to SNS (the part of SNS we use:
 * Publish to a phone number, AWS query protocol: a form-encoded request, an XML answer). The
 * terminal shows each message (the code in full, that is its purpose; the number masked), and tests
 * read the latest code from GET /local/sms/latest?phoneNumber=%2B614...
 */
import { randomUUID } from 'node:crypto';
import { maskPhone, isLocalMobile, toInternational } from '@shared/phone-format';
import { countAwsCall } from './aws-calls';

export interface OutboxMessage {
  phoneNumber: string;
  message: string;
  /** The first run of 6 digits in the message, or null. */
  code: string | null;
  sentAt: string;
}

/** Messages kept per number: enough for any test, bounded for a long-running stack. */
const KEEP_PER_NUMBER = 50;
const CODE_PATTERN = /(?<!\d)\d{6}(?!\d)/;
const E164 = /^\+[1-9]\d{6,14}$/;

export interface OutboxResponse {
  status: number;
  body: unknown;
}

/** An SNS answer: XML, as the SDK's query protocol expects; `sent` is the message it kept. */
export interface SnsAnswer {
  status: number;
  contentType: 'text/xml';
  body: string;
  sent?: OutboxMessage;
}

const SNS_XMLNS = 'http://sns.amazonaws.com/doc/2010-03-31/';
const xmlText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const snsAnswer = (status: number, body: string): SnsAnswer => ({
  status,
  contentType: 'text/xml',
  body,
});
const snsError = (code: string, message: string): SnsAnswer =>
  snsAnswer(
    400,
    `<ErrorResponse xmlns="${SNS_XMLNS}"><Error><Type>Sender</Type><Code>${code}</Code>` +
      `<Message>${xmlText(message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
  );

/** A new, empty outbox; `print` shows each message (console.log by default). */
export function createOutbox(options: { print?: (line: string) => void } = {}) {
  const byNumber = new Map<string, OutboxMessage[]>();
  const print = options.print ?? ((line: string) => console.log(line));

  /** Normalises what a test may send: +614..., a '+' that a query string turned into a space, or 04... */
  const normalise = (value: string): string => {
    const trimmed = value.trim();
    if (isLocalMobile(trimmed)) return toInternational(trimmed);
    return /^\d/.test(trimmed) && value.startsWith(' ') ? `+${trimmed}` : trimmed;
  };

  function send(phoneNumber: string, message: string): OutboxMessage {
    const entry: OutboxMessage = {
      phoneNumber,
      message,
      code: CODE_PATTERN.exec(message)?.[0] ?? null,
      sentAt: new Date().toISOString(),
    };
    const list = byNumber.get(phoneNumber) ?? [];
    list.push(entry);
    if (list.length > KEEP_PER_NUMBER) list.shift();
    byNumber.set(phoneNumber, list);
    print(`\u{1F4F1} SMS to ${maskPhone(phoneNumber)}: ${message}`);
    return entry;
  }

  /** An SNS request (POST /local/sms): Publish to a phone number sends; anything else is refused. */
  function publish(body: Buffer): SnsAnswer {
    const form = new URLSearchParams(body.toString('utf8'));
    const action = form.get('Action');
    if (action !== 'Publish')
      return snsError(
        'InvalidAction',
        `The local SNS endpoint serves Publish only, not ${action}.`,
      );
    const phoneNumber = form.get('PhoneNumber');
    const message = form.get('Message');
    if (!phoneNumber || !E164.test(phoneNumber) || message === null)
      return snsError('InvalidParameter', 'Publish needs PhoneNumber (+614...) and Message.');
    // Counted as the SNS call it stands in for (local/aws-calls.ts).
    countAwsCall('sns', 'Publish');
    const sent = send(phoneNumber, message);
    const id = randomUUID();
    return {
      ...snsAnswer(
        200,
        `<PublishResponse xmlns="${SNS_XMLNS}"><PublishResult><MessageId>${id}</MessageId></PublishResult>` +
          `<ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></PublishResponse>`,
      ),
      sent,
    };
  }

  /** GET /local/sms/latest?phoneNumber=... */
  function latest(phoneNumber: string | null): OutboxResponse {
    if (!phoneNumber) return { status: 400, body: { message: 'phoneNumber is required' } };
    const entry = byNumber.get(normalise(phoneNumber))?.at(-1);
    return entry
      ? { status: 200, body: entry }
      : { status: 404, body: { message: 'No SMS for this number' } };
  }

  return { send, publish, latest };
}

export type Outbox = ReturnType<typeof createOutbox>;
