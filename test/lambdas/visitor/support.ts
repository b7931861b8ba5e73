/** Helpers of the visitor handler tests: test numbers, slices, an SMS outbox (a local SNS endpoint). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addSlice as addSliceAsAdmin } from '../../../lambdas/domain/slices-admin';
import { SmsCostGuard } from '../../../lambdas/domain/sms-cost-guard';
import type { Slice } from '@shared/types';
import { createOutbox } from '../../../local/outbox';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { handler as otpChallenge } from '../../../lambdas/handlers/otp-challenge';
import { httpEvent } from '../../support/http-event';
import { sliceInput } from '../../support/records';

/**
 * A challenge from GET /api/otp/challenge, solved as the browser solves it: the `altcha` of a
 * POST /api/otp/start or POST /api/users/exists.
 */
export async function solvedOtpAltcha(): Promise<{ challenge: Challenge; solution: unknown }> {
  const issued = await otpChallenge(httpEvent({ method: 'GET' }));
  const challenge = JSON.parse(String(issued.body)) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the otp challenge was not solved');
  return { challenge, solution };
}

/** The n-th test number in both forms: 04000nnnnn / +614000nnnnn. */
export function testPhone(n: number): { local: string; intl: string } {
  const local = `04${String(n).padStart(8, '0')}`;
  return { local, intl: `+61${local.slice(1)}` };
}

/** Adds a slice with the given odds and stock. */
export const addSlice = (
  name: string,
  weight = 1,
  stock: number | null = null,
  comment = `${name} comment`,
): Promise<Slice> => addSliceAsAdmin(sliceInput({ name, comment, weight, stock }), new Date());

/** The SMS limits the sign-in tests send codes under: a number's 1 a minute, 5 an hour, 10 a day. */
export const testSmsGuard = (): SmsCostGuard =>
  new SmsCostGuard({
    perMinute: 1,
    perHour: 5,
    perDay: 10,
    globalHourlyCap: 1000,
    globalDailyCap: 10_000,
  });

export interface Outbox {
  /** The SNS endpoint: SNS_ENDPOINT for the functions' SNS client. */
  url: string;
  messages: { phoneNumber: string; message: string }[];
  /** The 6-digit code in the latest SMS to a number. */
  latestCode(phoneNumber: string): string | undefined;
  close(): Promise<void>;
}

/** A loopback SNS endpoint like the local stack's (local/outbox.ts), keeping every SMS in order. */
export async function startOutbox(): Promise<Outbox> {
  const outbox = createOutbox({ print: () => undefined });
  const messages: Outbox['messages'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = outbox.publish(Buffer.concat(chunks));
      if (answer.sent) messages.push(answer.sent);
      res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    latestCode(phoneNumber) {
      const last = messages.filter((m) => m.phoneNumber === phoneNumber).at(-1);
      return last ? /\b(\d{6})\b/.exec(last.message)?.[1] : undefined;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
