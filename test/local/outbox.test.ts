import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbox } from '../../local/outbox';
import { LOCAL_AWS_ENV } from '../../local/dynamodb';

const lines: string[] = [];
const outbox = createOutbox({ print: (line) => lines.push(line) });
let server: Server;
let client: SNSClient;

beforeAll(async () => {
  // The outbox served as the local stack serves it (local/stack.ts), at a path of its own.
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = outbox.publish(Buffer.concat(chunks));
      res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = new SNSClient({
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/local/sms`,
    region: LOCAL_AWS_ENV.AWS_REGION,
    credentials: {
      accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID,
      secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY,
    },
    maxAttempts: 1,
  });
});

afterAll(async () => {
  client.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const publish = (PhoneNumber: string, Message: string) =>
  client.send(new PublishCommand({ PhoneNumber, Message }));

describe('SMS outbox (a local SNS endpoint)', () => {
  it('takes the SDK’s Publish, keeps the latest message per number with its code, and prints it with the number masked', async () => {
    const answer = await publish('+61412345678', 'Your code is 111111');
    await publish('+61412345678', 'Your code is 222222 & more');
    await publish('+61499999999', 'Your code is 333333');

    expect(answer.MessageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(outbox.latest('+61412345678')).toMatchObject({
      status: 200,
      body: { phoneNumber: '+61412345678', message: 'Your code is 222222 & more', code: '222222' },
    });
    // A '+' that a query string decoded to a space, and the local form, name the same number.
    expect(outbox.latest(' 61412345678').body).toMatchObject({ code: '222222' });
    expect(outbox.latest('0412345678').body).toMatchObject({ code: '222222' });
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('222222');
    expect(lines[1]).toContain('678');
    expect(lines.join('\n')).not.toContain('412345678');
  });

  it('refuses what SNS would refuse, as SNS errors, and reports numbers without messages', async () => {
    await expect(publish('0412345678', 'x')).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
    expect(outbox.publish(Buffer.from('Action=Subscribe&Protocol=sms')).status).toBe(400);
    expect(outbox.publish(Buffer.from('Action=Publish&PhoneNumber=%2B61412345678')).status).toBe(
      400,
    );
    expect(outbox.latest('+61400000000').status).toBe(404);
    expect(outbox.latest(null).status).toBe(400);
    expect(outbox.send('+61400000001', 'no code here').code).toBeNull();
  });
});
