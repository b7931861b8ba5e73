/**
 * The local SMS outbox that replaces SNS: the lambdas POST {phoneNumber, message} to
 * /local/sms, the terminal shows each message (the code in full, that is its purpose; the number
 * masked), and tests read the latest code from GET /local/sms/latest?phoneNumber=%2B614...
 */
import { maskPhone, isLocalMobile, toInternational } from '../shared/phone-format';

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

  /** POST /local/sms with a JSON body. */
  function post(body: Buffer): OutboxResponse {
    let data: unknown;
    try {
      data = JSON.parse(body.toString('utf8'));
    } catch {
      return { status: 400, body: { message: 'Body must be JSON {phoneNumber, message}' } };
    }
    const { phoneNumber, message } = (data ?? {}) as Record<string, unknown>;
    if (typeof phoneNumber !== 'string' || !E164.test(phoneNumber) || typeof message !== 'string') {
      return {
        status: 400,
        body: { message: 'Body must be JSON {phoneNumber: "+614...", message}' },
      };
    }
    send(phoneNumber, message);
    return { status: 202, body: {} };
  }

  /** GET /local/sms/latest?phoneNumber=... */
  function latest(phoneNumber: string | null): OutboxResponse {
    if (!phoneNumber) return { status: 400, body: { message: 'phoneNumber is required' } };
    const entry = byNumber.get(normalise(phoneNumber))?.at(-1);
    return entry
      ? { status: 200, body: entry }
      : { status: 404, body: { message: 'No SMS for this number' } };
  }

  return { send, post, latest };
}

export type Outbox = ReturnType<typeof createOutbox>;
