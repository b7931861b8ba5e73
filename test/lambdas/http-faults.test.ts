/**
 * How the HTTP wrapper (lambdas/lib/http.ts) answers an infrastructure fault: AWS throttling, where
 * a retry a moment later helps, is 503 with Retry-After; anything else unexpected is a plain 500.
 * Neither carries the error's name or message.
 */
import { describe, expect, it } from 'vitest';
import { http } from '../../lambdas/lib/http';
import { API_MESSAGES } from '@shared/messages-api';
import { httpEvent } from '../support/http-event';

/** An error shaped like the AWS SDK's service exceptions. */
const awsError = (name: string, extra: Record<string, unknown> = {}): Error =>
  Object.assign(new Error(`${name}: Rate exceeded`), {
    name,
    $fault: 'client',
    $metadata: { httpStatusCode: 400 },
    ...extra,
  });

const answerTo = async (error: unknown) =>
  http(async () => {
    throw error;
  })(httpEvent());

describe('infrastructure faults', () => {
  it.each([
    'ThrottlingException',
    'ProvisionedThroughputExceededException',
    'TooManyRequestsException',
    'RequestLimitExceeded',
    'Throttling',
    'ThrottledException',
    'RequestThrottledException',
    'SlowDown',
  ])('%s is 503 with Retry-After', async (name) => {
    const answer = await answerTo(awsError(name));
    expect(answer.statusCode).toBe(503);
    expect(Number(answer.headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(answer.body ?? '{}')).toEqual({
      code: 'UNAVAILABLE',
      message: API_MESSAGES.unavailable,
    });
  });

  it('any error the SDK marks as throttling is 503 too', async () => {
    const answer = await answerTo(awsError('SomeNewLimit', { $retryable: { throttling: true } }));
    expect(answer.statusCode).toBe(503);
    expect(answer.headers?.['retry-after']).toBeDefined();
  });

  it.each([
    ['a bug', new TypeError('x is undefined')],
    ['an AWS error no retry fixes', awsError('AccessDeniedException')],
    ['a failed condition nobody handled', awsError('ConditionalCheckFailedException')],
    ['a thrown string', 'boom'],
  ])('%s is a plain 500 without Retry-After', async (_what, error) => {
    const answer = await answerTo(error);
    expect(answer.statusCode).toBe(500);
    expect(answer.headers?.['retry-after']).toBeUndefined();
    expect(JSON.parse(answer.body ?? '{}')).toEqual({
      code: 'INTERNAL',
      message: API_MESSAGES.internal,
    });
  });
});
