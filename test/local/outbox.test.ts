import { describe, expect, it } from 'vitest';
import { createOutbox } from '../../local/outbox';

const post = (outbox: ReturnType<typeof createOutbox>, body: unknown) =>
  outbox.post(Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)));

describe('SMS outbox', () => {
  it('keeps the latest message per number with its code, and prints it with the number masked', () => {
    const lines: string[] = [];
    const outbox = createOutbox({ print: (line) => lines.push(line) });
    expect(
      post(outbox, { phoneNumber: '+61412345678', message: 'Your code is 111111' }).status,
    ).toBe(202);
    expect(
      post(outbox, { phoneNumber: '+61412345678', message: 'Your code is 222222' }).status,
    ).toBe(202);
    expect(
      post(outbox, { phoneNumber: '+61499999999', message: 'Your code is 333333' }).status,
    ).toBe(202);

    expect(outbox.latest('+61412345678')).toMatchObject({
      status: 200,
      body: { phoneNumber: '+61412345678', message: 'Your code is 222222', code: '222222' },
    });
    // A '+' that a query string decoded to a space, and the local form, name the same number.
    expect(outbox.latest(' 61412345678').body).toMatchObject({ code: '222222' });
    expect(outbox.latest('0412345678').body).toMatchObject({ code: '222222' });
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('222222');
    expect(lines[1]).toContain('678');
    expect(lines.join('\n')).not.toContain('412345678');
  });

  it('refuses malformed messages and reports numbers without messages', () => {
    const outbox = createOutbox({ print: () => undefined });
    expect(post(outbox, 'not json').status).toBe(400);
    expect(post(outbox, { phoneNumber: '0412345678', message: 'x' }).status).toBe(400);
    expect(post(outbox, { phoneNumber: '+61412345678' }).status).toBe(400);
    expect(outbox.latest('+61400000000').status).toBe(404);
    expect(outbox.latest(null).status).toBe(400);
    expect(outbox.send('+61400000001', 'no code here').code).toBeNull();
  });
});
